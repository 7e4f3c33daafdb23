// @vitest-environment happy-dom
/**
 * Sign-out never surprises anyone with lost work (docs/sync.md "One local database per
 * owner"): with nothing waiting it signs out at once; with edits or files that have not reached
 * the server it asks first, and "Wait for sync" signs out only once nothing waits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AuthContext } from '../../../src/auth/context';
import type { AuthContextValue } from '../../../src/auth/types';
import {
  DataContextProvider,
  type DataContextValue,
} from '../../../src/localdb/hooks/DataProvider';
import {
  SIGN_OUT_GUARD_TEXTS,
  SignOutGuard,
  unsyncedWork,
  useGuardedSignOut,
} from '../../../src/auth/SignOutGuard';
import { INITIAL_STATUS, type SyncStatus } from '../../../sync/status';

afterEach(cleanup);

function fakeSync(initial: Partial<SyncStatus>) {
  let status: SyncStatus = { ...INITIAL_STATUS, running: true, ...initial };
  const listeners = new Set<(s: SyncStatus) => void>();
  return {
    mode: 'shared-worker' as const,
    subscribe(listener: (s: SyncStatus) => void) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    syncNow: vi.fn(async () => {}),
    identityChanged: async () => {},
    conflictLog: async () => [],
    resetLocalData: async () => {},
    publish(patch: Partial<SyncStatus>) {
      status = { ...status, ...patch };
      for (const listener of listeners) listener(status);
    },
  };
}

function SignOutButton() {
  const signOut = useGuardedSignOut();
  return <button onClick={signOut}>Sign Out</button>;
}

function renderGuard(status: Partial<SyncStatus>) {
  const signOut = vi.fn(async () => {});
  const sync = fakeSync(status);
  const auth = {
    provider: 'server',
    state: { status: 'signedIn', user: { id: 'u1' } },
    availability: 'ready',
    currentToken: () => 't',
    getToken: async () => 't',
    signOut,
    passwordAccounts: null,
    screens: null,
  } as unknown as AuthContextValue;
  const data = { sync, owner: 'user:u1', signedIn: true } as unknown as DataContextValue;
  render(
    <MantineProvider>
      <AuthContext.Provider value={auth}>
        <DataContextProvider value={data}>
          <SignOutGuard>
            <SignOutButton />
          </SignOutGuard>
        </DataContextProvider>
      </AuthContext.Provider>
    </MantineProvider>,
  );
  return { signOut, sync };
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('sign-out with work that has not reached the server', () => {
  it('what waits, in words', () => {
    expect(unsyncedWork({ pendingCount: 0, errorCount: 0, uploadsQueued: 0 }, 0)).toBeNull();
    expect(unsyncedWork({ pendingCount: 1, errorCount: 0, uploadsQueued: 0 }, 0)).toBe(
      'Changes to 1 activity are',
    );
    expect(unsyncedWork({ pendingCount: 1, errorCount: 1, uploadsQueued: 2 }, 0)).toBe(
      'Changes to 2 activities and 2 files are',
    );
    expect(unsyncedWork({ pendingCount: 0, errorCount: 0, uploadsQueued: 1 }, 0)).toBe('1 file is');
    // A write still on its way to the device counts as a change to the activity being edited.
    expect(unsyncedWork(null, 1)).toBe('Changes to 1 activity are');
  });

  it('with nothing waiting, signs out at once without asking', async () => {
    const { signOut } = renderGuard({});
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(SIGN_OUT_GUARD_TEXTS.title)).toBeNull();
  });

  it('with changes waiting, asks first; "Stay signed in" keeps the session', async () => {
    const { signOut } = renderGuard({ pendingCount: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    expect(await screen.findByText(SIGN_OUT_GUARD_TEXTS.title)).toBeTruthy();
    expect(screen.getByTestId('sign-out-unsynced').textContent).toContain(
      'Changes to 2 activities are only on this device',
    );
    fireEvent.click(screen.getByRole('button', { name: SIGN_OUT_GUARD_TEXTS.cancel }));
    await settle();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('"Wait for sync" syncs, and signs out only once nothing waits', async () => {
    const { signOut, sync } = renderGuard({ pendingCount: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_GUARD_TEXTS.wait }));
    await settle();
    expect(sync.syncNow).toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
    act(() => sync.publish({ pendingCount: 0 }));
    await settle();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('"Wait for sync" while the server cannot be reached says so and stays signed in', async () => {
    const { signOut, sync } = renderGuard({ pendingCount: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_GUARD_TEXTS.wait }));
    act(() => sync.publish({ online: false }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(SIGN_OUT_GUARD_TEXTS.offline);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('after "cannot be reached" the wait has ended: the network coming back does not sign out by itself, and "Wait for sync" again does', async () => {
    const { signOut, sync } = renderGuard({ pendingCount: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_GUARD_TEXTS.wait }));
    act(() => sync.publish({ online: false }));
    await settle();
    expect(screen.getByRole('button', { name: SIGN_OUT_GUARD_TEXTS.wait })).toBeTruthy();

    act(() => sync.publish({ online: true, pendingCount: 0 }));
    await settle();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: SIGN_OUT_GUARD_TEXTS.wait }));
    await settle();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('"Wait for sync" with nothing left by the time it looks signs out at once', async () => {
    const { signOut, sync } = renderGuard({ pendingCount: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    // The change reached the server while the dialog was open; the subscription answers at once.
    sync.publish({ pendingCount: 0 });
    fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_GUARD_TEXTS.wait }));
    await settle();
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
