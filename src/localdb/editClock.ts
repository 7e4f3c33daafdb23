/**
 * The hybrid logical clock that stamps this JavaScript context's edits (a tab, or the sync
 * worker for the files it puts into templates): src/domain/fieldStamps.ts. One per context, so
 * its stamps never go backwards; the node id tells two contexts' stamps apart.
 *
 * Its wall clock is the server's, as far as this device can tell: the device's time plus the
 * offset the sync engine measured (sync/clockOffset.ts). So edits on a device whose clock runs
 * ten minutes ahead are not stamped ten minutes late, and do not win every conflict. The last
 * offset is kept in localStorage, for a tab that starts offline.
 */
import { createHybridClock, randomClockNode, type HybridClock } from '../domain/fieldStamps';

export interface EditClock extends HybridClock {
  /** Server time minus device time (ms), as the sync engine measured it. */
  setServerOffset(offsetMs: number): void;
  serverOffset(): number;
}

const OFFSET_KEY = 'teamtrail-clock-offset';

/** The storage of this context, if it has one (a worker has none). */
function offsetStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's settings
  }
}

export function createEditClock(
  node: string,
  deviceNow: () => number = Date.now,
  storage: Storage | null = null,
): EditClock {
  const stored = Number(storage?.getItem(OFFSET_KEY) ?? Number.NaN);
  let offset = Number.isFinite(stored) ? stored : 0;
  const newClock = () => createHybridClock({ node, now: () => deviceNow() + offset });
  let clock = newClock();
  return {
    stamp: (after) => clock.stamp(after),
    setServerOffset(offsetMs) {
      if (!Number.isFinite(offsetMs) || offsetMs === offset) return;
      offset = offsetMs;
      // A fresh clock, so stamps taken on the uncorrected time (ahead, perhaps) do not hold the
      // next ones up. Causality is kept per document: every edit stamps after the document's
      // latest stamp anyway (stampLocalEdit).
      clock = newClock();
      try {
        storage?.setItem(OFFSET_KEY, String(offsetMs));
      } catch {
        // A full or refused storage only means the next offline start uses the device's clock.
      }
    },
    serverOffset: () => offset,
  };
}

export const editClock: EditClock = createEditClock(
  randomClockNode('c'),
  Date.now,
  offsetStorage(),
);
