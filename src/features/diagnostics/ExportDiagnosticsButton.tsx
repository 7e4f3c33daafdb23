/**
 * "Export diagnostics": everything this page shows, as a JSON file to attach to a support
 * request. Built by src/localdb's buildDiagnosticsExport: bookkeeping only, no tokens, no files.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { buildDiagnosticsExport } from '../../localdb/diagnostics';
import type { SyncStatus } from '../../../workers/syncWorkerApi';
import { downloadJson } from './downloadJson';
import { fileTimestamp } from '../../ui/format';

export function ExportDiagnosticsButton({
  status,
  onError,
}: {
  status: SyncStatus | null;
  onError: (error: Error) => void;
}) {
  const { db, sync } = useDataContext();
  const [busy, setBusy] = useState(false);

  async function exportNow() {
    setBusy(true);
    try {
      const now = new Date();
      const report = await buildDiagnosticsExport({
        db,
        status,
        // Read afresh: the polled copy on screen may be a few seconds old.
        conflicts: await sync.conflictLog(),
        appVersion: __APP_VERSION__,
        worker: sync.mode,
        userAgent: navigator.userAgent,
        now,
      });
      downloadJson(`teamtrail-diagnostics-${fileTimestamp(now)}.json`, report);
    } catch (e: unknown) {
      onError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="default" loading={busy} onClick={() => void exportNow()}>
      Export diagnostics
    </Button>
  );
}
