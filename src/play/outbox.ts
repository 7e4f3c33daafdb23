/**
 * The answer outbox: answers survive a dropped connection (docs/games.md). Every answer gets a
 * clientId and is written to the phone (localStorage for the entry, IndexedDB for a photo or
 * video) before it is sent; the server answers a resend with the same clientId with the first
 * result, so sending again after a lost response is always safe.
 *
 * Two lanes send side by side, each one entry at a time and in the order the entries were made:
 * - answers (text, choice, done, pass): small and sent at once;
 * - uploads (photos and videos): a video can take minutes on a phone's connection, and an answer
 *   made meanwhile must not wait behind it.
 * Each lane has its own retries, so a failing upload never holds an answer back. An entry is in
 * one lane only, and a lane runs one pass at a time, so no entry is ever sent twice at once.
 *
 * Outcomes of one send:
 * - 2xx: the entry is done (onSent);
 * - no answer, 5xx, 408 or 429: it stays, and that lane stops until the next trigger ('online',
 *   focus, its back-off timer, the next entry of that lane, or the next start);
 * - 401: the team token is no longer valid; nothing can be sent any more (onUnauthorised);
 * - any other 4xx: the server will never take it; it is removed and the server's errorMessage
 *   reported (onRejected).
 */
import type { AnswerResult } from '../domain/games';
import type { ApiError, ApiResult } from '../protocol/result';
import type { AnswerBody } from './api';
import type { MediaStore } from './mediaStore';

export type OutboxEntry = {
  clientId: string;
  stepId: string;
  createdAt: number;
  /**
   * When the answer was made, in server time (serverClock.ts): it still counts if it arrives
   * after the end. Absent in entries kept from before it was recorded.
   */
  answeredAt?: number;
} & (AnswerBody | { media: 'photo' | 'video'; fileName: string });

export type SendEntry = (
  entry: OutboxEntry,
  media: Blob | null,
  onProgress: (fraction: number) => void,
) => Promise<ApiResult<AnswerResult>>;

export interface OutboxHandlers {
  onSent?: (entry: OutboxEntry, result: AnswerResult) => void;
  onRejected?: (entry: OutboxEntry, errorMessage: string) => void;
  onUnauthorised?: () => void;
}

export interface OutboxOptions extends OutboxHandlers {
  storageKey: string;
  storage?: Storage;
  media: MediaStore;
  send: SendEntry;
}

export interface OutboxView {
  entries: readonly OutboxEntry[];
  /**
   * The entries being sent right now, by clientId: an upload's progress (0…1), or null for an
   * answer. At most one answer and one upload at a time.
   */
  sending: Readonly<Record<string, number | null>>;
  /** The last answer sent got no answer: the answers left wait for the connection. */
  waiting: boolean;
  /** The last upload failed for now: the photos and videos left wait (retried with back-off). */
  uploadsWaiting: boolean;
}

export type Lane = 'answers' | 'uploads';

export const laneOf = (entry: OutboxEntry): Lane => ('media' in entry ? 'uploads' : 'answers');

/**
 * Waits between retries after a failed send: quick at first (a blip), then easing off so a
 * phone without signal does not drain its battery; 'online' and focus retry at once anyway.
 */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000, 60_000] as const;

const RETRYABLE = new Set([408, 429]);
const isRetryable = ({ status }: ApiError): boolean =>
  status === null || RETRYABLE.has(status) || status >= 500;

export const MEDIA_LOST_MESSAGE =
  'The photo or video was no longer on this phone, so it could not be sent. Please take it again.';

/** One lane's sending state. */
interface LaneState {
  running: Promise<void> | null;
  again: boolean;
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const WAITING_FIELD = { answers: 'waiting', uploads: 'uploadsWaiting' } as const;

export class Outbox {
  private entries: OutboxEntry[];
  private view: OutboxView;
  private listeners = new Set<() => void>();
  private readonly lanes: Record<Lane, LaneState> = {
    answers: { running: null, again: false, failures: 0, timer: null },
    uploads: { running: null, again: false, failures: 0, timer: null },
  };
  private stopped = false;
  /** Tasks whose answer is being written to the phone right now. */
  private readonly adding = new Set<string>();
  private readonly storage: Storage | undefined;
  private handlers: OutboxHandlers;

  constructor(private readonly options: OutboxOptions) {
    this.storage = options.storage ?? globalThis.localStorage;
    this.handlers = options;
    this.entries = this.load();
    this.view = { entries: this.entries, sending: {}, waiting: false, uploadsWaiting: false };
  }

  /** Who hears about results (the screen that shows them; replaced when it re-renders). */
  setHandlers(handlers: OutboxHandlers): void {
    this.handlers = handlers;
  }

  // -- state for React (useSyncExternalStore) ------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxView => this.view;

  private publish(change: Partial<OutboxView>): void {
    this.view = { ...this.view, entries: this.entries, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Marks an entry as being sent (with its progress), or as no longer sent (undefined). */
  private setSending(clientId: string, progress: number | null | undefined): void {
    const { [clientId]: _previous, ...rest } = this.view.sending;
    this.publish({ sending: progress === undefined ? rest : { ...rest, [clientId]: progress } });
  }

  // -- persistence -----------------------------------------------------------------------------

  private load(): OutboxEntry[] {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(this.options.storageKey) ?? '[]');
      return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      if (this.entries.length === 0) this.storage?.removeItem(this.options.storageKey);
      else this.storage?.setItem(this.options.storageKey, JSON.stringify(this.entries));
    } catch {
      // Storage full: the entry is still in memory and is sent while this page stays open.
    }
  }

  private async remove(clientId: string): Promise<void> {
    const entry = this.entries.find((e) => e.clientId === clientId);
    this.entries = this.entries.filter((e) => e.clientId !== clientId);
    this.save();
    if (entry && 'media' in entry) await this.options.media.delete(clientId);
  }

  // -- adding and sending ----------------------------------------------------------------------

  /**
   * Keeps the answer on the phone first, then tries to send it. A second answer to a task that
   * already has one waiting (a double tap) is ignored: the server would refuse it anyway.
   */
  async add(entry: OutboxEntry, media?: Blob): Promise<boolean> {
    if (this.adding.has(entry.stepId) || this.entries.some((e) => e.stepId === entry.stepId)) {
      return false;
    }
    this.adding.add(entry.stepId);
    try {
      if (media) await this.options.media.put(entry.clientId, media);
      this.entries = [...this.entries, entry];
      this.save();
    } finally {
      this.adding.delete(entry.stepId);
    }
    this.publish({});
    // Only its own lane: a new answer does not cut short an upload's back-off, nor the reverse.
    void this.flushLane(laneOf(entry));
    return true;
  }

  /** A pass over both lanes; resolves when both are done. */
  async flush(): Promise<void> {
    await Promise.all([this.flushLane('answers'), this.flushLane('uploads')]);
  }

  /** One pass over a lane's entries; a call during a pass asks for another pass after it. */
  private flushLane(lane: Lane): Promise<void> {
    const state = this.lanes[lane];
    if (this.stopped) return Promise.resolve();
    if (state.running) {
      state.again = true;
      return state.running;
    }
    this.clearTimer(lane);
    state.running = (async () => {
      try {
        do {
          state.again = false;
          await this.pass(lane);
        } while (state.again && !this.stopped);
      } finally {
        state.running = null;
      }
    })();
    return state.running;
  }

  private async pass(lane: Lane): Promise<void> {
    const state = this.lanes[lane];
    const waiting = WAITING_FIELD[lane];
    for (const entry of this.entries.filter((e) => laneOf(e) === lane)) {
      if (this.stopped) return;
      // Cleared (the team is gone) or removed while an earlier entry was being sent.
      if (!this.entries.includes(entry)) continue;
      let media: Blob | null = null;
      if ('media' in entry) {
        media = await this.options.media.get(entry.clientId);
        if (!media) {
          await this.remove(entry.clientId);
          this.publish({});
          this.handlers.onRejected?.(entry, MEDIA_LOST_MESSAGE);
          continue;
        }
      }
      this.setSending(entry.clientId, media ? 0 : null);
      // Progress events come many times a second: the phone redraws once per whole percent.
      let shown = 0;
      const result = await this.options.send(entry, media, (progress) => {
        const percent = Math.floor(progress * 100);
        if (percent === shown) return;
        shown = percent;
        this.setSending(entry.clientId, progress);
      });
      if (result.ok) {
        state.failures = 0;
        await this.remove(entry.clientId);
        this.setSending(entry.clientId, undefined);
        this.publish({ [waiting]: false });
        this.handlers.onSent?.(entry, result.data);
      } else if (result.error.status === 401) {
        this.setSending(entry.clientId, undefined);
        this.publish({ [waiting]: false });
        this.handlers.onUnauthorised?.();
        return;
      } else if (isRetryable(result.error)) {
        this.setSending(entry.clientId, undefined);
        this.publish({ [waiting]: true });
        this.scheduleRetry(lane);
        return;
      } else {
        await this.remove(entry.clientId);
        this.setSending(entry.clientId, undefined);
        this.handlers.onRejected?.(entry, result.error.message);
      }
    }
    this.publish({ [waiting]: false });
  }

  private scheduleRetry(lane: Lane): void {
    const state = this.lanes[lane];
    const delay = RETRY_DELAYS_MS[Math.min(state.failures, RETRY_DELAYS_MS.length - 1)]!;
    state.failures += 1;
    this.clearTimer(lane);
    state.timer = setTimeout(() => void this.flushLane(lane), delay);
  }

  private clearTimer(lane: Lane): void {
    const state = this.lanes[lane];
    if (state.timer !== null) clearTimeout(state.timer);
    state.timer = null;
  }

  /** Sends at start and again whenever the phone is back, the page regains focus or shows. */
  start(target: Window = window): () => void {
    const retryNow = (): void => {
      this.lanes.answers.failures = 0;
      this.lanes.uploads.failures = 0;
      void this.flush();
    };
    const onVisible = (): void => {
      if (target.document.visibilityState === 'visible') retryNow();
    };
    target.addEventListener('online', retryNow);
    target.addEventListener('focus', retryNow);
    target.document.addEventListener('visibilitychange', onVisible);
    this.stopped = false;
    void this.flush();
    return () => {
      this.stop();
      target.removeEventListener('online', retryNow);
      target.removeEventListener('focus', retryNow);
      target.document.removeEventListener('visibilitychange', onVisible);
    };
  }

  /** Stops sending (the page leaves the game); start() resumes. */
  stop(): void {
    this.stopped = true;
    this.clearTimer('answers');
    this.clearTimer('uploads');
  }

  /** The team is gone (401): drop every unsent answer and its media. */
  async clear(): Promise<void> {
    const media = this.entries.filter((e) => 'media' in e);
    this.entries = [];
    this.save();
    this.publish({ sending: {}, waiting: false, uploadsWaiting: false });
    await Promise.all(media.map((e) => this.options.media.delete(e.clientId)));
  }
}
