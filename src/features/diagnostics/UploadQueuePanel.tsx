/** Files picked on this device (logos, task media) and how far each is on its way to the server. */
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { UploadDiagnostics } from '../../localdb/diagnostics';
import type { UploadStatus } from '../../localdb/schemas/uploads';
import { DataTable, type Column } from './DataTable';
import { DocumentName } from './DocumentName';
import { formatBytes } from '../../ui/format';
import { Panel } from './Panel';
import { RelativeTime } from './RelativeTime';

const COLUMNS: Column[] = [
  { label: 'File', width: '19%' },
  { label: 'Purpose', width: 110 },
  { label: 'Template', width: '16%' },
  { label: 'Size', width: 90 },
  { label: 'Status', width: 120 },
  { label: 'Attempts', width: 100 },
  { label: 'Error' },
  { label: 'Next attempt', width: 140 },
];

const STATUS: Record<UploadStatus, { label: string; color: string }> = {
  preparing: { label: 'Preparing', color: 'gray' },
  queued: { label: 'Queued', color: 'yellow' },
  uploading: { label: 'Uploading', color: 'blue' },
  done: { label: 'Uploaded', color: 'teal' },
  failed: { label: 'Refused', color: 'red' },
};

export function UploadQueuePanel({
  uploads,
  isLoading,
  templateNames,
}: {
  uploads: UploadDiagnostics[];
  isLoading: boolean;
  /** Template id → name, for the templates this device holds. */
  templateNames: ReadonlyMap<string, string>;
}) {
  const waiting = uploads.filter(
    (u) => u.status === 'preparing' || u.status === 'queued' || u.status === 'uploading',
  ).length;
  return (
    <Panel
      title="Upload queue"
      description="Logos and task media kept on this device until the server has them."
      count={isLoading ? undefined : waiting}
      flush
      data-testid="upload-queue-panel"
    >
      <DataTable
        aria-label="Upload queue"
        columns={COLUMNS}
        minWidth={1100}
        isLoading={isLoading}
        isEmpty={uploads.length === 0}
        empty={{
          title: 'No files queued',
          hint: 'Files picked for a logo or a task wait here while offline, then upload by themselves.',
        }}
      >
        {uploads.map((upload) => (
          <Table.Tr key={upload.id}>
            <Table.Td>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate="end" title={upload.filename}>
                  {upload.filename}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {upload.mimeType}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{upload.purpose === 'logo' ? 'Logo' : 'Task media'}</Text>
            </Table.Td>
            <Table.Td>
              <DocumentName name={templateNames.get(upload.templateId)} id={upload.templateId} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(upload.size)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={STATUS[upload.status].color}>
                {STATUS[upload.status].label}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{upload.attempts}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={upload.errorMessage ? 'red.8' : 'dimmed'} lineClamp={2}>
                {upload.errorMessage ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <RelativeTime
                value={upload.status === 'queued' ? upload.nextAttemptAt : null}
                future
                fallback={upload.status === 'queued' ? 'When possible' : '—'}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Panel>
  );
}
