/**
 * No edit window: every builder field is written to the local database as it changes,
 * not after a pause in typing. A debounce leaves a window (it was 300 ms for the task fields) in
 * which a reload, a closed tab or a crash loses what was typed, and nothing warned about it.
 *
 * A write per keystroke could queue up behind a slow write (each one rewrites the whole template
 * document), so writes are coalesced, but only while one is in flight: at most one write in
 * flight, plus the latest value waiting for it. A keystroke is durable at most two write-latencies
 * later, and the number of writes follows how fast the device writes, not how fast one types.
 *
 * The value waiting is not left to that schedule when the page may go: on `beforeunload` (the
 * first sign of a reload or a closed tab, before the next page is even fetched), `pagehide` and
 * `visibilitychange` to hidden (the last event a closed or discarded mobile tab reliably gets),
 * its write is started at once, beside the one in flight. From the change until its write has
 * landed, the draft counts in the leave-page guard (`trackDraft`), so "Leave site?" is asked
 * while something typed is not on the device yet.
 */
import { trackDraft } from '../../localdb/pendingWrites';

/** Writes one value; the promise it may answer says when the write has landed. */
export type Save<T> = (value: T) => unknown;

export interface CoalescingWriter<T> {
  /**
   * Writes `value` with `save` now when no write is in flight (or with `now`), else keeps it as
   * the one value waiting for the write in flight, replacing an older one. Answers whether it
   * waits. (`save` comes with each value, not with the writer, so that a component can make the
   * writer once and pass a save that reads its latest props.)
   */
  write(value: T, save: Save<T>, options?: { now?: boolean }): 'written' | 'waiting';
  /** Starts the waiting value's write now, even beside the write in flight (blur, unmount). */
  flush(): void;
}

interface WriterOptions {
  /** A write that failed; the next value is still written. */
  onError?(error: unknown): void;
  /**
   * Nothing waits and nothing is in flight any more; `landed` says whether the last write did
   * (the tab's draft journal is cleared only then: a write aborted as the page goes fails).
   */
  onIdle?(outcome: { landed: boolean }): void;
}

/** The writers with a value waiting: what the page's leaving flushes. */
const waitingWriters = new Set<() => void>();
let leaveListeners = false;

function flushWaiting() {
  for (const flush of [...waitingWriters]) flush();
}

/**
 * The page may be going: start every waiting write now, synchronously, while the page can still
 * run. The earliest sign is `beforeunload`: a write started there runs while the browser fetches
 * the next page, and usually lands before this one is torn down (pagehide is later, often too
 * late for a write of several steps, but the only sign some closings give). A write started
 * for a leaving that is then cancelled was only written early.
 */
function listenForLeaving() {
  if (leaveListeners || typeof window === 'undefined') return;
  leaveListeners = true;
  window.addEventListener('beforeunload', flushWaiting);
  window.addEventListener('pagehide', flushWaiting);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWaiting();
  });
}

export function createCoalescingWriter<T>({
  onError = (error) => console.error('Saving on this device failed', error),
  onIdle,
}: WriterOptions = {}): CoalescingWriter<T> {
  let inFlight = 0;
  let waiting: { value: T; save: Save<T> } | null = null;
  let release: (() => void) | null = null;
  let lastLanded = true;

  const settled = (landed: boolean) => {
    lastLanded = landed;
    inFlight -= 1;
    if (inFlight > 0) return;
    if (waiting !== null) {
      flush();
      return;
    }
    release?.();
    release = null;
    onIdle?.({ landed: lastLanded });
  };

  const start = (value: T, save: Save<T>) => {
    inFlight += 1;
    let written: Promise<unknown>;
    try {
      written = Promise.resolve(save(value));
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(
      () => settled(true),
      (error: unknown) => {
        onError(error);
        settled(false);
      },
    );
  };

  function flush() {
    if (waiting === null) return;
    const { value, save } = waiting;
    waiting = null;
    waitingWriters.delete(flush);
    start(value, save);
  }

  return {
    write(value, save, options) {
      // Counted from the change itself: the repository's write first reads the document, and
      // a tab closed in between would lose the value without a warning.
      release ??= trackDraft();
      if (inFlight === 0 || options?.now) {
        // A newer value supersedes the one waiting.
        waiting = null;
        waitingWriters.delete(flush);
        start(value, save);
        return 'written';
      }
      waiting = { value, save };
      waitingWriters.add(flush);
      listenForLeaving();
      return 'waiting';
    },
    flush,
  };
}
