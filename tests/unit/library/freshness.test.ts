// @vitest-environment happy-dom
/**
 * My Activities and the library are read from this device: the screens say when the list may be
 * out of date (offline, or not checked yet) and when it was last updated.
 */
import { describe, expect, it } from 'vitest';
import { listFreshness } from '../../../src/ui/ListFreshness';
import { SYNCED_STATUS } from './harness';

const relative = () => '2 minutes ago';

describe('how fresh a pulled list is', () => {
  it('offline (browser or server unreachable): the saved copy may be out of date', () => {
    const browserOffline = listFreshness('list', SYNCED_STATUS, 'shared-worker', false, relative);
    expect(browserOffline).toEqual({
      tone: 'offline',
      text: 'Offline – showing the list saved on this device (updated 2 minutes ago). It may be out of date.',
    });
    const unreachable = listFreshness(
      'library',
      { ...SYNCED_STATUS, online: false, lastPullAt: null },
      'shared-worker',
      true,
      relative,
    );
    expect(unreachable.text).toBe(
      'Offline – showing the library saved on this device. It may be out of date.',
    );
  });

  it('online: checking while a pull runs or before the first, then "Up to date"', () => {
    const pulling = { ...SYNCED_STATUS, pulling: true };
    expect(listFreshness('list', pulling, 'shared-worker', true, relative).tone).toBe('updating');
    const first = { ...SYNCED_STATUS, lastPullAt: null };
    expect(listFreshness('list', first, 'shared-worker', true, relative).tone).toBe('updating');
    expect(listFreshness('list', SYNCED_STATUS, 'shared-worker', true, relative)).toEqual({
      tone: 'fresh',
      text: 'Up to date · updated 2 minutes ago',
    });
  });

  it('without a sync worker: what is on this device', () => {
    expect(listFreshness('list', null, 'unavailable', true, relative)).toEqual({
      tone: 'local',
      text: 'Showing the list saved on this device.',
    });
  });
});
