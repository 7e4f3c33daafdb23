/** Every template stored on this device, whoever owns it, with its sync bookkeeping. */
import { Badge, Group, Table, Text } from '@mantine/core';
import type { DocumentDiagnostics } from '../../localdb/diagnostics';
import { DataTable, type Column } from './DataTable';
import { DocumentName } from './DocumentName';
import { OwnerName } from './OwnerName';
import { Panel } from './Panel';
import { RelativeTime } from './RelativeTime';
import { SyncErrorText } from './SyncErrorText';
import { displaySyncState, SyncStateBadge } from './SyncStateBadge';

const COLUMNS: Column[] = [
  { label: 'Template', width: '19%' },
  { label: 'Owner', width: 130 },
  { label: 'State', width: 140 },
  { label: 'Local / pushed', width: 130 },
  { label: 'Server rev.', width: 100 },
  { label: 'Last change', width: 140 },
  { label: 'Last error' },
  { label: 'Last conflict', width: 140 },
];

export function DocumentsPanel({
  documents,
  isLoading,
  pushing,
  currentOwner,
}: {
  documents: DocumentDiagnostics[];
  isLoading: boolean;
  pushing: readonly string[] | undefined;
  currentOwner: string | null;
}) {
  return (
    <Panel
      title="Documents"
      description="Every template stored on this device, for every owner that used it."
      count={isLoading ? undefined : documents.length}
      flush
      data-testid="documents-panel"
    >
      <DataTable
        aria-label="Documents"
        columns={COLUMNS}
        minWidth={1180}
        isLoading={isLoading}
        isEmpty={documents.length === 0}
        empty={{
          title: 'No templates on this device',
          hint: 'Templates appear here as soon as one is created or edited here, or pulled from the server.',
        }}
      >
        {documents.map((doc) => (
          <Table.Tr key={doc.id} data-document-id={doc.id}>
            <Table.Td>
              <DocumentName name={doc.name} id={doc.id} />
            </Table.Td>
            <Table.Td>
              <OwnerName owner={doc.owner} current={currentOwner} />
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <SyncStateBadge state={displaySyncState(doc.state, doc.id, pushing)} />
                {doc.deletedLocally && (
                  <Badge size="sm" variant="outline" color="gray">
                    Deleted
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={doc.localVersion > doc.pushedVersion ? 'yellow.9' : undefined}>
                {doc.localVersion} / {doc.pushedVersion}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={doc.serverRevision === null ? 'dimmed' : undefined}>
                {doc.serverRevision ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <RelativeTime value={doc.localChangedAt} />
            </Table.Td>
            <Table.Td>
              <SyncErrorText error={doc.lastError} />
            </Table.Td>
            <Table.Td>
              <RelativeTime value={doc.lastConflictAt} fallback="None" />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Panel>
  );
}
