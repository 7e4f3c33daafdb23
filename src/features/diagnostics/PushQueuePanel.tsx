/**
 * The templates the engine still has to send, in the order it sends them (oldest change
 * first): what kind of change, how many edits wait, and why the last attempt failed.
 */
import { Badge, Table, Text } from '@mantine/core';
import type { DocumentDiagnostics } from '../../localdb/diagnostics';
import { DocumentName } from './DocumentName';
import { DataTable, type Column } from './DataTable';
import { Panel } from './Panel';
import { RelativeTime } from './RelativeTime';
import { SyncErrorText } from './SyncErrorText';
import { displaySyncState, SyncStateBadge } from './SyncStateBadge';

const COLUMNS: Column[] = [
  { label: 'Template', width: '24%' },
  { label: 'Change', width: 110 },
  { label: 'State', width: 140 },
  { label: 'Unpushed edits', width: 150 },
  { label: 'Waiting since', width: 150 },
  { label: 'Last attempt' },
];

/** Anything the server does not have yet: what "Reset local data" would lose. */
function isUnsynced(doc: DocumentDiagnostics): boolean {
  return doc.state !== 'synced' || doc.deletedLocally;
}

function changeKind(doc: DocumentDiagnostics): { label: string; color: string } {
  if (doc.deletedLocally) return { label: 'Delete', color: 'red' };
  if (doc.serverRevision === null) return { label: 'Create', color: 'grape' };
  return { label: 'Update', color: 'blue' };
}

export function PushQueuePanel({
  documents,
  isLoading,
  pushing,
}: {
  documents: DocumentDiagnostics[];
  isLoading: boolean;
  pushing: readonly string[] | undefined;
}) {
  const queue = documents
    .filter(isUnsynced)
    .sort((a, b) => a.localChangedAt.localeCompare(b.localChangedAt));

  return (
    <Panel
      title="Push queue"
      description="Local changes that have not reached the server yet, oldest first."
      count={isLoading ? undefined : queue.length}
      flush
      data-testid="push-queue-panel"
    >
      <DataTable
        aria-label="Push queue"
        columns={COLUMNS}
        minWidth={960}
        isLoading={isLoading}
        isEmpty={queue.length === 0}
        empty={{
          title: 'Nothing waiting',
          hint: 'Every change made on this device has reached the server.',
        }}
      >
        {queue.map((doc) => {
          const kind = changeKind(doc);
          return (
            <Table.Tr key={doc.id}>
              <Table.Td>
                <DocumentName name={doc.name} id={doc.id} />
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="outline" color={kind.color}>
                  {kind.label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <SyncStateBadge state={displaySyncState(doc.state, doc.id, pushing)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{Math.max(0, doc.localVersion - doc.pushedVersion)}</Text>
              </Table.Td>
              <Table.Td>
                <RelativeTime value={doc.localChangedAt} />
              </Table.Td>
              <Table.Td>
                {doc.lastError ? (
                  <SyncErrorText error={doc.lastError} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {pushing?.includes(doc.id) ? 'Sending now' : 'Not tried yet'}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
    </Panel>
  );
}
