/**
 * Counts local writes that have not reached IndexedDB yet. Only while one is in flight is there
 * anything to lose by closing the tab: everything already written is kept on the device and
 * synced later by the worker. So the browser's "leave site?" warning is asked for only then.
 *
 * A draft the UI holds that is not in a write yet (typed while the previous write is in flight,
 * or between the keystroke and the repository's own write, which first reads the document)
 * counts the same way ("no edit window"): it is as much at risk as a write in flight.
 */
let inFlight = 0;
let drafts = 0;

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a return value to show the dialog.
  event.returnValue = '';
}

/** Told each time the count changes, or an edit lands (`onPendingChange`). */
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Arms the warning while anything is pending, disarms it when nothing is (listener added once). */
function guard() {
  notify();
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
 * Calls `listener` whenever a write or a draft starts or ends, or an edit lands
 * (synchronously; it may read `pendingLocalWrites()`). Answers the unsubscribe.
 */
export function onPendingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Per template, the `localChangedAt` of the last edit this tab wrote to it (`noteLandedEdit`).
 * The builder follows its template behind the tab's own writes (hooks/behindLocalWrites.ts),
 * so for a moment after an edit has landed the version on screen is still the one from before
 * it, which may say every change is on the server. An edit's write sets `localChangedAt`, and
 * nothing later sets it back, so a version older than this one does not have the edit.
 */
const landedEdits = new Map<string, string>();

/**
 * A local edit of `templateId` has landed, stamped `localChangedAt` (the repository tells,
 * before the write counts off: no moment goes by in which neither says so).
 */
export function noteLandedEdit(templateId: string, localChangedAt: string): void {
  // The writes of one document land in the order they were made (RxDB queues them), so the
  // last one told is what the document holds now.
  landedEdits.set(templateId, localChangedAt);
  notify();
}

/**
 * Whether this tab has typed or written something that the given version of the template does
 * not show yet: a draft or write still under way (any template's: only one is open to type in,
 * and a moment's "Saved on this device" is the safe side), or an edit that landed after this
 * version. Such a version cannot say that every change is on the server ("All changes
 * synced" only once they are). Follow it with `onPendingChange`.
 */
export function localEditsAhead(
  template: { id: string; sync: { localChangedAt: string } } | null | undefined,
): boolean {
  if (pendingLocalWrites() > 0) return true;
  if (!template) return false;
  const landed = landedEdits.get(template.id);
  // ISO 8601 instants of one format (toISOString) compare as strings.
  return landed !== undefined && template.sync.localChangedAt < landed;
}
