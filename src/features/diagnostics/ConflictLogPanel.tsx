/**
 * Every time a merge had to choose between a change made here and one on the server: which
 * field, what was kept, and the value that was not (so nothing is silently lost). Newest first.
 */
import { Badge, Code, Table, Text, Tooltip } from '@mantine/core';
import type { ConflictEntry } from '../../../workers/syncWorkerApi';
import { DataTable, type Column } from './DataTable';
import { DocumentName } from './DocumentName';
import { JsonValue } from './JsonValue';
import { Panel } from './Panel';
import { RelativeTime } from './RelativeTime';

const COLUMNS: Column[] = [
  { label: 'When', width: 140 },
  { label: 'Template', width: '15%' },
  { label: 'Source', width: 110 },
  { label: 'Field', width: '15%' },
  { label: 'Kept', width: 120 },
  { label: 'Kept value' },
  { label: 'Other value' },
];

const SOURCES: Record<ConflictEntry['source'], { label: string; color: string; help: string }> = {
  push: {
    label: 'Push',
    color: 'blue',
    help: 'The server had moved on when this device pushed (412).',
  },
  pull: {
    label: 'Pull',
    color: 'violet',
    help: 'A pulled version met changes not yet pushed from here.',
  },
  deleted: {
    label: 'Deleted',
    color: 'red',
    help: 'The template was deleted on the server while this device had unpushed changes.',
  },
};

/** In the merge, "ours" is this device and "theirs" the server. */
const SIDE = { ours: 'This device', theirs: 'Server' } as const;

export function ConflictLogPanel({
  entries,
  isLoading,
  error,
}: {
  entries: ConflictEntry[];
  isLoading: boolean;
  error: Error | null;
}) {
  const rows = [...entries].reverse();
  const count = rows.reduce((n, e) => n + e.conflicts.length, 0);
  return (
    <Panel
      title="Conflict log"
      description="When the same thing changed here and elsewhere, the later change won; the other value is kept here."
      count={isLoading ? undefined : count}
      flush
      data-testid="conflict-log-panel"
    >
      <DataTable
        aria-label="Conflict log"
        columns={COLUMNS}
        minWidth={1180}
        isLoading={isLoading}
        isEmpty={rows.length === 0}
        empty={
          error
            ? { title: 'The conflict log could not be read', hint: error.message }
            : {
                title: 'No conflicts',
                hint: 'Changes made on different devices or tabs have never touched the same field.',
              }
        }
      >
        {rows.flatMap((entry, e) => {
          const source = SOURCES[entry.source];
          // An entry without field details still gets a row, so it is not hidden.
          const conflicts = entry.conflicts.length > 0 ? entry.conflicts : [null];
          return conflicts.map((conflict, c) => {
            const kept = conflict
              ? conflict.kept === 'ours'
                ? conflict.ours
                : conflict.theirs
              : null;
            const other = conflict
              ? conflict.kept === 'ours'
                ? conflict.theirs
                : conflict.ours
              : null;
            return (
              <Table.Tr key={`${entry.at}-${e}-${c}`} data-continued={c > 0 || undefined}>
                {c === 0 && (
                  <>
                    <Table.Td rowSpan={conflicts.length}>
                      <RelativeTime value={entry.at} />
                    </Table.Td>
                    <Table.Td rowSpan={conflicts.length}>
                      <DocumentName name={entry.templateName} id={entry.templateId} />
                    </Table.Td>
                    <Table.Td rowSpan={conflicts.length}>
                      <Tooltip label={source.help} withArrow multiline w={260} openDelay={200}>
                        <Badge size="sm" variant="light" color={source.color}>
                          {source.label}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                  </>
                )}
                {conflict ? (
                  <>
                    <Table.Td>
                      <Code>{conflict.path}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{SIDE[conflict.kept]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <JsonValue value={kept} />
                    </Table.Td>
                    <Table.Td>
                      <JsonValue value={other} />
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      No field details recorded
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          });
        })}
      </DataTable>
    </Panel>
  );
}
