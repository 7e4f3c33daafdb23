// The device's clock offset from the server (sync/clockOffset.ts) and the edit clock that uses
// it (src/localdb/editClock.ts): edits are stamped on the server's time.
import { describe, expect, it } from 'vitest';
import { createClockOffsetEstimator } from '../../../sync/clockOffset';
import { createEditClock } from '../../../src/localdb/editClock';

describe('the clock offset estimate', () => {
  it('is the server time minus the middle of the round trip, taken from the answer with the shortest round trip', () => {
    const estimator = createClockOffsetEstimator();
    expect(estimator.offsetMs()).toBeNull();
    // Device 10 minutes ahead: the server says 600 000 ms less than the device's midpoint.
    estimator.sample(1_000_000, 1_000_400, 400_300); // slow answer, poor estimate (-599 900)
    estimator.sample(2_000_000, 2_000_020, 1_400_010); // fast answer: -600 000
    expect(estimator.offsetMs()).toBe(-600_000);
  });

  it('ignores an answer without a usable time', () => {
    const estimator = createClockOffsetEstimator();
    estimator.sample(10, 20, Number.NaN);
    estimator.sample(30, 20, 25);
    expect(estimator.offsetMs()).toBeNull();
  });
});

describe('the edit clock', () => {
  it('a device whose clock runs 10 minutes ahead stamps on the server’s time once the offset is known, and keeps it for the next start', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as unknown as Storage;
    const serverNow = Date.parse('2026-11-26T10:00:00.000Z');
    const deviceNow = () => serverNow + 10 * 60_000;
    const clock = createEditClock('devA', deviceNow, storage);
    expect(clock.stamp()).toMatch(/^2026-11-26T10:10:00\.000Z/);
    const early = clock.stamp();
    clock.setServerOffset(-10 * 60_000);
    expect(clock.stamp()).toMatch(/^2026-11-26T10:00:00\.000Z~0000/);
    // The document's own stamps still come first: an edit after `early` stamps after it.
    expect(clock.stamp(early) > early).toBe(true);
    const restarted = createEditClock('devA', deviceNow, storage);
    expect(restarted.serverOffset()).toBe(-600_000);
    expect(restarted.stamp()).toMatch(/^2026-11-26T10:00:00\.000Z~0000~devA$/);
  });
});
