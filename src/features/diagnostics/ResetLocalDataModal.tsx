/**
 * "Reset local data": deletes this browser profile's local database (every tab's, through the
 * worker) and reloads. When changes have not reached the server, it says how many and asks for
 * an explicit acknowledgement first, because they are gone for good afterwards.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { countUnsynced } from '../../localdb/diagnostics';
import { announceResetDone, announceResetStarted } from '../../localdb/localDataReset';

type Unsynced = Awaited<ReturnType<typeof countUnsynced>>;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function describeUnsynced({ templates, uploads }: Unsynced): string {
  const parts: string[] = [];
  if (templates > 0) parts.push(plural(templates, 'template', 'templates'));
  if (uploads > 0) parts.push(plural(uploads, 'file', 'files'));
  return parts.join(' and ');
}

/** Mounted only while the modal is open, so every opening counts afresh and starts unticked. */
function ResetLocalDataForm({
  onCancel,
  onBusyChange,
}: {
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { db, sync } = useDataContext();
  const [unsynced, setUnsynced] = useState<Unsynced | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    countUnsynced(db).then(
      (counts) => live && setUnsynced(counts),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [db]);

  const atRisk =
    unsynced && unsynced.templates + unsynced.uploads > 0 ? describeUnsynced(unsynced) : null;

  async function reset() {
    setResetting(true);
    onBusyChange(true);
    setError(null);
    try {
      // Open connections (this tab's, the other tabs') would hold the database and delay its
      // deletion, or open it again halfway.
      announceResetStarted();
      await db.close();
      await sync.resetLocalData();
      announceResetDone();
      location.reload();
    } catch (e: unknown) {
      // The other tabs reload either way: their connection is closed.
      announceResetDone();
      setResetting(false);
      onBusyChange(false);
      setError(
        `${e instanceof Error ? e.message : String(e)}. Reload the page before trying again.`,
      );
    }
  }

  if (unsynced === null && !error) {
    return (
      <Group gap="sm" py="md" aria-busy="true">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Checking for changes that have not reached the server…
        </Text>
      </Group>
    );
  }

  return (
    <Stack gap="md">
      {atRisk ? (
        <>
          <Alert
            color="red"
            variant="light"
            title="Unsynced changes will be lost"
            data-testid="reset-unsynced"
          >
            Changes to {atRisk} on this device have not reached the server yet. Resetting deletes
            them from this device for good; they cannot be recovered.
          </Alert>
          <Checkbox
            label="I understand these changes will be lost"
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
            disabled={resetting}
          />
        </>
      ) : (
        <Text size="sm">
          Everything on this device has reached the server. Resetting deletes the local copy of your
          templates, lists and queued files in every tab of this browser; they are downloaded again
          after the reload.
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" title="The local data could not be deleted">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel} disabled={resetting}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => void reset()}
          loading={resetting}
          disabled={unsynced === null || (atRisk !== null && !understood)}
        >
          Delete local data
        </Button>
      </Group>
    </Stack>
  );
}

export function ResetLocalDataModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Once deletion has started the dialog stays until the page reloads: closing it halfway
  // would leave this tab on a closed database with no explanation.
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Reset local data?"
      centered
      size="md"
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      {opened && <ResetLocalDataForm onCancel={onClose} onBusyChange={setBusy} />}
    </Modal>
  );
}
