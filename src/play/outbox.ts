/**
 * The answer outbox: answers survive a dropped connection (docs/games.md). Every answer gets a
 * clientId and is written to the phone (localStorage for the entry, IndexedDB for a photo or
 * video) before it is sent; the server answers a resend with the same clientId with the first
 * result, so sending again after a lost response is always safe.
 *
 * One pass at a time sends the entries in order. Outcomes of one send:
 * - 2xx: the entry is done (onSent);
 * - no answer, 5xx, 408 or 429: it stays, and the pass stops until the next trigger ('online',
 *   focus, a back-off timer, the next answer, or the next start);
 * - 401: the team token is no longer valid; nothing can be sent any more (onUnauthorised);
 * - any other 4xx: the server will never take it; it is removed and the server's errorMessage
 *   reported (onRejected).
 */
import type { AnswerResult } from '../domain/games';
import type { AnswerBody, ApiResult } from './api';
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
  /** The entry being sent right now, and its upload progress (0…1) for media. */
  sending: { clientId: string; progress: number | null } | null;
  /** The last attempt got no answer: what is left waits for the connection. */
  waiting: boolean;
}

/**
 * Waits between retries after a failed send: quick at first (a blip), then easing off so a
 * phone without signal does not drain its battery; 'online' and focus retry at once anyway.
 */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000, 60_000] as const;

const RETRYABLE = new Set([0, 408, 429]);
const isRetryable = (status: number): boolean => RETRYABLE.has(status) || status >= 500;

export const MEDIA_LOST_MESSAGE =
  'The photo or video was no longer on this phone, so it could not be sent. Please take it again.';

export class Outbox {
  private entries: OutboxEntry[];
  private view: OutboxView;
  private listeners = new Set<() => void>();
  private running = false;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Tasks whose answer is being written to the phone right now. */
  private readonly adding = new Set<string>();
  private readonly storage: Storage | undefined;
  private handlers: OutboxHandlers;

  constructor(private readonly options: OutboxOptions) {
    this.storage = options.storage ?? globalThis.localStorage;
    this.handlers = options;
    this.entries = this.load();
    this.view = { entries: this.entries, sending: null, waiting: false };
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
    void this.flush();
    return true;
  }

  /** One pass over the entries; a call during a pass asks for another pass after it. */
  async flush(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.clearTimer();
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
  }

  private async pass(): Promise<void> {
    for (const entry of [...this.entries]) {
      if (this.stopped) return;
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
      this.publish({ sending: { clientId: entry.clientId, progress: media ? 0 : null } });
      const result = await this.options.send(entry, media, (progress) =>
        this.publish({ sending: { clientId: entry.clientId, progress } }),
      );
      if (result.ok) {
        this.failures = 0;
        await this.remove(entry.clientId);
        this.publish({ sending: null, waiting: false });
        this.handlers.onSent?.(entry, result.data);
      } else if (result.status === 401) {
        this.publish({ sending: null, waiting: false });
        this.handlers.onUnauthorised?.();
        return;
      } else if (isRetryable(result.status)) {
        this.publish({ sending: null, waiting: true });
        this.scheduleRetry();
        return;
      } else {
        await this.remove(entry.clientId);
        this.publish({ sending: null });
        this.handlers.onRejected?.(entry, result.errorMessage);
      }
    }
    this.publish({ sending: null, waiting: false });
  }

  private scheduleRetry(): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
    this.failures += 1;
    this.clearTimer();
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends at start and again whenever the phone is back, the page regains focus or shows. */
  start(target: Window = window): () => void {
    const retryNow = (): void => {
      this.failures = 0;
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
    this.clearTimer();
  }

  /** The team is gone (401): drop every unsent answer and its media. */
  async clear(): Promise<void> {
    const media = this.entries.filter((e) => 'media' in e);
    this.entries = [];
    this.save();
    this.publish({ sending: null, waiting: false });
    await Promise.all(media.map((e) => this.options.media.delete(e.clientId)));
  }
}
