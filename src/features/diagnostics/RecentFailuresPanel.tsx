/** The engine's most recent failed requests, newest first: when, what the server said, for which template. */
import { Table, Text } from '@mantine/core';
import type { SyncStatus } from '../../../workers/syncWorkerApi';
import { DataTable, type Column } from './DataTable';
import { DocumentName } from './DocumentName';
import { Panel } from './Panel';
import { RelativeTime } from './RelativeTime';
import { HttpStatusBadge } from './SyncErrorText';

const COLUMNS: Column[] = [
  { label: 'When', width: 150 },
  { label: 'Status', width: 120 },
  { label: 'Template', width: '24%' },
  { label: 'Reason' },
];

export function RecentFailuresPanel({
  failures,
  isLoading,
  templateNames,
}: {
  failures: SyncStatus['recentFailures'] | undefined;
  isLoading: boolean;
  templateNames: ReadonlyMap<string, string>;
}) {
  // The engine keeps them oldest first; the newest is what support asks about.
  const rows = [...(failures ?? [])].reverse();
  return (
    <Panel
      title="Recent failures"
      description="The last requests that failed, with the server’s reason. The engine retries by itself."
      count={isLoading ? undefined : rows.length}
      flush
      data-testid="failures-panel"
    >
      <DataTable
        aria-label="Recent failures"
        columns={COLUMNS}
        minWidth={860}
        isLoading={isLoading}
        isEmpty={rows.length === 0}
        empty={{ title: 'No failures', hint: 'Every recent request succeeded.' }}
      >
        {rows.map((failure, i) => (
          <Table.Tr key={`${failure.at}-${i}`}>
            <Table.Td>
              <RelativeTime value={failure.at} />
            </Table.Td>
            <Table.Td>
              <HttpStatusBadge status={failure.status} />
            </Table.Td>
            <Table.Td>
              {failure.templateId ? (
                <DocumentName
                  name={templateNames.get(failure.templateId)}
                  id={failure.templateId}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Not tied to a template
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="red.8">
                {failure.message}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Panel>
  );
}
