/**
 * "Copy report": puts a plain-text support report (supportReport.ts) on the clipboard, to paste
 * into an email or a chat. It is built from what the page shows, in the click itself, so the
 * browser still counts the copy as the user's own action. When the clipboard is refused (a
 * permission, a page served over plain http), the report opens in a dialog to copy by hand.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import type { StorageDiagnostics, UploadDiagnostics } from '../../localdb/diagnostics';
import type { DocumentDiagnostics } from '../../localdb/diagnostics';
import type { ConflictEntry, SyncStatus } from '../../../workers/syncWorkerApi';
import { buildSupportReport } from './supportReport';

/** How long the button says "Copied". */
const COPIED_FOR_MS = 2_500;

function CheckMark() {
  return (
    <svg width={14} height={14} viewBox="0 0 16 16" aria-hidden focusable="false">
      <path
        d="M3 8.5l3 3 7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface CopyReportButtonProps {
  status: SyncStatus | null;
  /** null while the conflict log has not been read. */
  conflicts: ConflictEntry[] | null;
  /** null while the storage estimate has not been read. */
  storage: StorageDiagnostics | null;
  documents: DocumentDiagnostics[];
  uploads: UploadDiagnostics[];
  templateNames: ReadonlyMap<string, string>;
}

export function CopyReportButton(props: CopyReportButtonProps) {
  const { sync } = useDataContext();
  const [copied, setCopied] = useState(false);
  /** The report the clipboard refused, shown to copy by hand. */
  const [manual, setManual] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    const report = buildSupportReport({
      ...props,
      now: new Date(),
      appVersion: __APP_VERSION__,
      build: import.meta.env.DEV ? 'development' : undefined,
      worker: sync.mode,
      userAgent: navigator.userAgent,
      browserOnline: navigator.onLine,
    });
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(report);
    } catch {
      setCopied(false);
      setManual(report);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
  }

  return (
    <>
      <Button
        variant="default"
        onClick={() => void copy()}
        leftSection={copied ? <CheckMark /> : undefined}
        c={copied ? 'teal.8' : undefined}
        miw={132}
        data-copied={copied || undefined}
      >
        {copied ? 'Copied' : 'Copy report'}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {copied ? 'Support report copied to the clipboard.' : ''}
      </VisuallyHidden>
      <Modal
        opened={manual !== null}
        onClose={() => setManual(null)}
        title="Copy the report"
        size="lg"
      >
        <Text size="sm" mb="sm">
          This browser did not let Teamtrail use the clipboard. Select the report below and copy it
          (Ctrl+C, or ⌘C on a Mac).
        </Text>
        <Textarea
          aria-label="Support report"
          value={manual ?? ''}
          readOnly
          autosize
          minRows={10}
          maxRows={18}
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setManual(null)}>
            Close
          </Button>
        </Group>
      </Modal>
    </>
  );
}
