/**
 * Counts local writes that have not reached IndexedDB yet. Only while one is in flight is there
 * anything to lose by closing the tab: everything already written is kept on the device and
 * synced later by the worker. So the browser's "leave site?" warning is asked for only then.
 *
 * A draft the UI holds that is not in a write yet (typed while the previous write is in flight,
 * or between the keystroke and the repository's own write, which first reads the document)
 * counts the same way (issue 14 "no edit window"): it is as much at risk as a write in flight.
 */
let inFlight = 0;
let drafts = 0;

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a return value to show the dialog.
  event.returnValue = '';
}

/** Told each time the count changes (`onPendingChange`). */
const listeners = new Set<() => void>();

/** Arms the warning while anything is pending, disarms it when nothing is (listener added once). */
function guard() {
  for (const listener of [...listeners]) listener();
  if (typeof window === 'undefined') return;
  if (inFlight + drafts > 0) window.addEventListener('beforeunload', warnBeforeUnload);
  else window.removeEventListener('beforeunload', warnBeforeUnload);
}

export async function trackWrite<T>(write: Promise<T>): Promise<T> {
  inFlight += 1;
  guard();
  try {
    return await write;
  } finally {
    inFlight -= 1;
    guard();
  }
}

/**
 * A draft that is not in IndexedDB yet: counts like a write in flight until the returned release
 * is called (once its write has landed, or failed). Calling the release again does nothing, so a
 * draft can never be counted off twice.
 */
export function trackDraft(): () => void {
  drafts += 1;
  guard();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    drafts -= 1;
    guard();
  };
}

export const writesInFlight = (): number => inFlight;

/** Drafts held by `trackDraft` and not released yet. */
export const draftsWaiting = (): number => drafts;

/** Writes in flight and drafts waiting: 0 when everything typed in this tab is in IndexedDB. */
export const pendingLocalWrites = (): number => inFlight + drafts;

/**
 * Calls `listener` whenever a write or a draft starts or ends (synchronously; it may read
 * `pendingLocalWrites()`). Answers the unsubscribe.
 */
export function onPendingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
