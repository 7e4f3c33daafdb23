// @vitest-environment happy-dom
/**
 * The builder's sync indicator tells the truth while one types ("All changes synced"
 * only once they are on the server). The builder follows its template behind the tab's own
 * writes (src/localdb/hooks/behindLocalWrites.ts): the version it shows is the one from before the
 * keystroke until the keystroke's write has landed and a render has caught up. The indicator
 * must not say "All changes synced" from that older version: seen in CI as an e2e test that
 * waited for "All changes synced" right after typing, and then met the sign-out guard's "Changes
 * to 1 activity are only on this device".
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { pendingLocalWrites } from '../../../src/localdb/pendingWrites';
import { TEST_ACTIVITY_TEXTS } from '../../../src/features/builder/testActivityRules';
import { openTestDatabase, renderBuilder, settle, storeTemplate } from './shellHarness';

vi.mock('../../../src/auth/session', () => ({
  useSession: () => ({ signedIn: false, user: null, canScheduleActivity: false }),
  useApiCredentials: () => ({ token: null, anonId: null }),
  useRequestorId: () => null,
  useSignOut: () => async () => {},
}));

vi.mock('../../../src/features/publishing/LaunchDialog', () => ({
  LaunchDialog: () => null,
}));

let db: TeamtrailDatabase;

beforeEach(async () => {
  db = await openTestDatabase();
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await settle();
  await db.close();
});

/** Every text the indicator shows from now on, each DOM change of it recorded as it happens. */
function recordIndicator(): { texts: string[]; stop: () => void } {
  const indicator = screen.getByTestId('sync-indicator');
  const texts = [indicator.textContent ?? ''];
  const observer = new MutationObserver(() => {
    const text = screen.queryByTestId('sync-indicator')?.textContent ?? '';
    if (text !== texts.at(-1)) texts.push(text);
  });
  observer.observe(indicator.parentElement!, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  return { texts, stop: () => observer.disconnect() };
}

describe('the builder sync indicator while typing', () => {
  it('the indicator does not say synced while a typed change is still unsaved', async () => {
    // The builder follows its template on timers and performance.now (an interval, a longest
    // wait): moved on by hand below, while everything else runs in real time.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    // On the server with every change pushed; the test's sync engine never pushes, so nothing
    // typed from here on reaches the server.
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    const name = await screen.findByLabelText(/^Name/);
    const indicator = await screen.findByTestId('sync-indicator');
    await waitFor(() => expect(indicator.textContent).toMatch(/^All changes synced/));

    const seen = recordIndicator();
    // From the first keystroke, before its write could land: a pending state, not "synced".
    fireEvent.change(name, { target: { value: 'First organiser’s plan' } });
    expect(screen.getByTestId('sync-indicator').textContent).toBe('Saved on this device');

    // And at no moment after: not between the write landing and the builder catching up.
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.name).toBe(
        'First organiser’s plan',
      ),
    );
    await waitFor(() => expect(pendingLocalWrites()).toBe(0));
    // Past the builder's follow interval (150 ms) and its longest wait (1 s): it has caught up.
    await act(() => vi.advanceTimersByTimeAsync(1_200));
    seen.stop();
    expect(seen.texts.slice(1)).not.toContainEqual(expect.stringMatching(/All changes synced/));
    expect(screen.getByTestId('sync-indicator').textContent).toBe('Saved on this device');
  });

  it('"Test Activity" is not offered while a typed change is still unsaved', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}/order`);
    const button = await screen.findByRole('button', { name: 'Test Activity' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    const name = await screen.findByLabelText(/^Name/);

    fireEvent.change(name, { target: { value: 'Renamed just now' } });
    // The demo is made from the server's copy: it would be the one from before the keystroke.
    expect(
      screen.getByRole('button', { name: 'Test Activity' }).hasAttribute('disabled'),
      TEST_ACTIVITY_TEXTS.unsaved,
    ).toBe(true);
  });
});
