/**
 * /diagnostics: the support panel of the offline-first sync. Everything is read
 * live: the documents from the local database, the engine's status from the sync worker, the
 * conflict log and storage figures by polling.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import {
  useLibrary,
  useLocalDocuments,
  useMyActivities,
  useSyncStatus,
  useThemes,
} from '../../localdb/hooks';
import { ConflictLogPanel } from './ConflictLogPanel';
import { ConnectionPanel } from './ConnectionPanel';
import { CopyReportButton } from './CopyReportButton';
import { DiagnosticsHeader } from './DiagnosticsHeader';
import { DocumentsPanel } from './DocumentsPanel';
import { ExportDiagnosticsButton } from './ExportDiagnosticsButton';
import { PushQueuePanel } from './PushQueuePanel';
import { RecentFailuresPanel } from './RecentFailuresPanel';
import { RelativeTime } from './RelativeTime';
import { ResetLocalDataModal } from './ResetLocalDataModal';
import { StoragePanel } from './StoragePanel';
import { UploadQueuePanel } from './UploadQueuePanel';
import { useConflictLog } from './useConflictLog';
import { useServiceWorkerUrl } from './useServiceWorkerUrl';
import { useStorageDiagnostics } from './useStorageDiagnostics';
import { useSyncNow } from './useSyncNow';

export function DiagnosticsPage() {
  useDocumentTitle('Sync diagnostics · Teamtrail');
  const { sync } = useDataContext();
  const { data: status } = useSyncStatus();
  const local = useLocalDocuments();
  const library = useLibrary();
  const themes = useThemes();
  const activities = useMyActivities();
  const conflicts = useConflictLog();
  const storage = useStorageDiagnostics();
  const serviceWorker = useServiceWorkerUrl();
  const [resetOpen, setResetOpen] = useState(false);
  const [actionError, setActionError] = useState<Error | null>(null);

  const refreshConflicts = conflicts.refresh;
  const refreshStorage = storage.refresh;
  const afterSync = useCallback(async () => {
    await Promise.all([refreshConflicts(), refreshStorage()]);
  }, [refreshConflicts, refreshStorage]);
  const syncNow = useSyncNow(afterSync);

  const templateNames = useMemo(
    () => new Map(local.data.templates.map((t) => [t.id, t.name])),
    [local.data.templates],
  );
  const pushing = status?.pushing;
  const statusLoading = status === null && sync.mode !== 'unavailable';

  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="xl" py={40}>
        <Stack gap="lg">
          <DiagnosticsHeader
            note={
              syncNow.finishedAt && !syncNow.error ? (
                <Text size="xs" c="dimmed" data-testid="sync-now-finished">
                  Last synced from here <RelativeTime value={syncNow.finishedAt} size="xs" />
                </Text>
              ) : null
            }
            actions={
              <>
                <Button
                  onClick={() => void syncNow.run()}
                  loading={syncNow.running}
                  disabled={sync.mode === 'unavailable'}
                >
                  Sync now
                </Button>
                <CopyReportButton
                  status={status}
                  conflicts={conflicts.isLoading || conflicts.error ? null : conflicts.data}
                  storage={storage.isLoading ? null : storage.data}
                  documents={local.data.templates}
                  uploads={local.data.uploads}
                  templateNames={templateNames}
                />
                <ExportDiagnosticsButton status={status} onError={setActionError} />
                <Button variant="outline" color="red" onClick={() => setResetOpen(true)}>
                  Reset local data
                </Button>
              </>
            }
          />

          {(syncNow.error ?? actionError) && (
            <Alert
              color="red"
              variant="light"
              title={syncNow.error ? 'Sync now failed' : 'Export failed'}
              withCloseButton
              onClose={() => {
                syncNow.dismissError();
                setActionError(null);
              }}
            >
              {(syncNow.error ?? actionError)?.message}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ConnectionPanel
              status={status}
              mode={sync.mode}
              cached={{
                library: library.data.length,
                themes: themes.data.length,
                activities: activities.data.length,
              }}
            />
            <StoragePanel
              storage={storage.data}
              isLoading={storage.isLoading}
              serviceWorker={serviceWorker}
            />
          </SimpleGrid>

          <DocumentsPanel
            documents={local.data.templates}
            isLoading={local.isLoading}
            pushing={pushing}
            currentOwner={status?.owner ?? null}
          />
          <PushQueuePanel
            documents={local.data.templates}
            isLoading={local.isLoading}
            pushing={pushing}
          />
          <UploadQueuePanel
            uploads={local.data.uploads}
            isLoading={local.isLoading}
            templateNames={templateNames}
          />
          <RecentFailuresPanel
            failures={status?.recentFailures}
            isLoading={statusLoading}
            templateNames={templateNames}
          />
          <ConflictLogPanel
            entries={conflicts.data}
            isLoading={conflicts.isLoading}
            error={conflicts.error}
          />
        </Stack>
      </Container>
      <ResetLocalDataModal opened={resetOpen} onClose={() => setResetOpen(false)} />
    </Box>
  );
}
