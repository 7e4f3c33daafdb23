/** The save indicator's texts (issue 3 §4, replacing SPEC §2.8 "Saving" / "Last saved … ago"). */
import { describe, expect, it } from 'vitest';
import { syncIndicatorFor } from '../../src/data/syncIndicator';
import type { LocalTemplate } from '../../src/data/localTemplate';
import { INITIAL_STATUS } from '../../sync/status';

const template = (sync: Partial<LocalTemplate['sync']>) => ({
  id: 't1',
  updatedAt: '2026-11-21T10:00:00.000Z',
  sync: {
    state: 'pending',
    allChangesOnServer: false,
    lastError: null,
    lastConflictAt: null,
    localChangedAt: '2026-11-21T10:00:00.000Z',
    ...sync,
  } as LocalTemplate['sync'],
});
const relative = () => '2 minutes ago';

describe('sync indicator', () => {
  it('says "Saved on this device" for an edit that is written here but not yet on the server', () => {
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, true, relative).text,
    ).toBe('Saved on this device');
  });
  it('says "Syncing…" while the engine pushes this template', () => {
    const status = { ...INITIAL_STATUS, pushing: ['t1'] };
    expect(syncIndicatorFor(template({ state: 'pending' }), status, true, relative).text).toBe(
      'Syncing…',
    );
  });
  it('says "All changes synced {relative time}" when the server has every edit', () => {
    expect(
      syncIndicatorFor(
        template({ state: 'synced', allChangesOnServer: true }),
        INITIAL_STATUS,
        true,
        relative,
      ).text,
    ).toBe('All changes synced 2 minutes ago');
  });
  it('says "Offline – changes are saved on this device" when offline with changes waiting', () => {
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, false, relative).text,
    ).toBe('Offline – changes are saved on this device');
    expect(
      syncIndicatorFor(
        template({ state: 'local-only' }),
        { ...INITIAL_STATUS, online: false },
        true,
        relative,
      ).tone,
    ).toBe('offline');
  });
  it('shows a refused push with the server’s reason', () => {
    const refused = syncIndicatorFor(
      template({
        state: 'error',
        lastError: { message: 'Too long', status: 400, at: '', nextAttemptAt: null },
      }),
      INITIAL_STATUS,
      true,
      relative,
    );
    expect(refused).toMatchObject({ tone: 'error', detail: 'Too long' });
  });
});
