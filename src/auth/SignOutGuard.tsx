/**
 * Sign-out that never surprises anyone with lost work (docs/sync.md, "One local database per
 * owner"). Signing out is safe for the data — it stays in this account's database on the
 * device and syncs when they sign in here again — but until it has reached the server it is
 * not on any other device, and the next person on this browser cannot see it. So when edits or
 * files have not reached the server yet, sign-out asks first, and offers to wait for sync.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useAuth } from './context';
import { useWhenDataReady } from '../localdb/hooks/DataProvider';
import { draftsWaiting, writesInFlight } from '../localdb/pendingWrites';
import type { SyncStatus } from '../../workers/syncWorkerApi';

export const SIGN_OUT_GUARD_TEXTS = {
  title: 'Some changes are not on the server yet',
  body: (what: string) =>
    `${what} only on this device. They stay here and sync when you sign in again on this browser, but until then they are not on your other devices.`,
  wait: 'Wait for sync',
  waiting: 'Syncing…',
  anyway: 'Sign out anyway',
  cancel: 'Stay signed in',
  offline:
    'The server cannot be reached right now, so these changes cannot sync yet. Stay signed in until you are back online, or sign out: they stay on this device.',
} as const;

/**
 * What waits to reach the server, in words ("Changes to 2 activities and 1 file are"); null when
 * nothing does. A local write still under way counts as a change to the activity being edited.
 */
export function unsyncedWork(
  status: Pick<SyncStatus, 'pendingCount' | 'errorCount' | 'uploadsQueued'> | null,
  localWrites: number,
): string | null {
  const activities = Math.max(
    (status?.pendingCount ?? 0) + (status?.errorCount ?? 0),
    localWrites > 0 ? 1 : 0,
  );
  const files = status?.uploadsQueued ?? 0;
  const parts: string[] = [];
  if (activities > 0)
    parts.push(activities === 1 ? 'changes to 1 activity' : `changes to ${activities} activities`);
  if (files > 0) parts.push(files === 1 ? '1 file' : `${files} files`);
  if (parts.length === 0) return null;
  const text = parts.join(' and ');
  const verb = activities === 0 && files === 1 ? 'is' : 'are';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} ${verb}`;
}

const SignOutContext = createContext<(() => void) | null>(null);

/** Sign-out, asking first when work has not reached the server (inside <SignOutGuard>). */
export function useGuardedSignOut(): () => void {
  const guarded = useContext(SignOutContext);
  const { signOut } = useAuth();
  return guarded ?? (() => void signOut());
}

/** Reads the engine's status once it has one (a new subscription answers at once). */
function currentStatus(sync: {
  subscribe(listener: (status: SyncStatus | null) => void): () => void;
}): SyncStatus | null {
  let latest: SyncStatus | null = null;
  sync.subscribe((status) => {
    latest = status;
  })();
  return latest;
}

export function SignOutGuard({ children }: { children: ReactNode }) {
  const { signOut } = useAuth();
  const whenReady = useWhenDataReady();
  const [asking, setAsking] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [offline, setOffline] = useState(false);
  const [stopWatching, setStopWatching] = useState<(() => void) | null>(null);

  const close = useCallback(() => {
    stopWatching?.();
    setStopWatching(null);
    setAsking(null);
    setWaiting(false);
    setOffline(false);
  }, [stopWatching]);

  const leave = useCallback(() => {
    close();
    void signOut();
  }, [close, signOut]);

  const request = useCallback(() => {
    void whenReady().then(({ sync }) => {
      const what = unsyncedWork(currentStatus(sync), writesInFlight() + draftsWaiting());
      if (what === null) void signOut();
      else setAsking(what);
    });
  }, [whenReady, signOut]);

  const waitForSync = useCallback(() => {
    stopWatching?.();
    setWaiting(true);
    setOffline(false);
    void whenReady().then(({ sync }) => {
      // A wait ends when nothing waits any more (sign out) or when a sync run finds the server
      // cannot be reached (say so, stay signed in): then it stops watching. A wait that went on
      // watching after "cannot be reached" signed the organiser out by itself once the network
      // came back, while the dialog showed no wait under way. "Cannot be reached" is judged
      // after this wait's own sync run: the status at hand may be from before the network came
      // back.
      let ended = false;
      let latest: SyncStatus | null = null;
      let unsubscribe: (() => void) | null = null;
      const end = () => {
        ended = true;
        unsubscribe?.();
        setStopWatching(null);
        setWaiting(false);
      };
      const endOffline = () => {
        end();
        setOffline(true);
      };
      let ran = false;
      unsubscribe = sync.subscribe((status) => {
        if (ended || !status) return;
        latest = status;
        const what = unsyncedWork(status, writesInFlight() + draftsWaiting());
        if (what === null) {
          end();
          setAsking(null);
          void signOut();
          return;
        }
        setAsking(what);
        if (ran && !status.online) endOffline();
      });
      // The subscription may answer at once, before `unsubscribe` was assigned.
      if (ended) {
        unsubscribe();
        return;
      }
      setStopWatching(() => unsubscribe);
      void sync.syncNow().finally(() => {
        ran = true;
        if (!ended && latest && !latest.online) endOffline();
      });
    });
  }, [whenReady, signOut, stopWatching]);

  return (
    <SignOutContext.Provider value={request}>
      {children}
      <Modal
        opened={asking !== null}
        onClose={close}
        title={SIGN_OUT_GUARD_TEXTS.title}
        centered
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm" data-testid="sign-out-unsynced">
            {asking ? SIGN_OUT_GUARD_TEXTS.body(asking) : null}
          </Text>
          {offline && (
            <Alert color="yellow" role="status">
              {SIGN_OUT_GUARD_TEXTS.offline}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" wrap="nowrap">
            <Button variant="default" onClick={close}>
              {SIGN_OUT_GUARD_TEXTS.cancel}
            </Button>
            <Button variant="light" color="red" onClick={leave}>
              {SIGN_OUT_GUARD_TEXTS.anyway}
            </Button>
            <Button onClick={waitForSync} loading={waiting} data-autofocus>
              {waiting ? SIGN_OUT_GUARD_TEXTS.waiting : SIGN_OUT_GUARD_TEXTS.wait}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SignOutContext.Provider>
  );
}
