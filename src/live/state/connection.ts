/**
 * A live screen's link to its game: the event stream, with polling as the fallback.
 *
 * - The browser's EventSource reconnects by itself after a dropped stream; while it is down the
 *   screen polls (every POLL_INTERVAL_MS) so scores keep moving, and reads everything once more
 *   when the stream is back (events sent while it was down are lost).
 * - A stream the server refused (EventSource gives up: readyState CLOSED) is opened again after
 *   REOPEN_AFTER_MS; the screen polls meanwhile.
 * - Without EventSource at all, the screen only polls.
 * - A server of another protocol version (deployed since the screen was opened): the stream
 *   stops for good, the screen polls and says it should be reloaded.
 *
 * The stream itself (one connection at a time, the reopening) is the shared client's
 * (src/protocol/eventStream.ts); the polling and the catch-up read are the screen's, here.
 */
import {
  eventSourceConnector,
  openEventStream,
  type EventSourceLike,
  type EventStream,
} from '../../protocol/eventStream';

/** Polling while the stream is down (the brief: "falls back to polling every 5 s"). */
export const POLL_INTERVAL_MS = 5_000;
/** A refused stream is tried again this long after; polling carries the screen until then. */
export const REOPEN_AFTER_MS = 30_000;

export type ConnectionStatus = 'connecting' | 'live' | 'polling' | 'outdated' | 'closed';

/** The part of EventSource used here, so tests can pass a fake. */
export type { EventSourceLike };

export interface LiveConnectionOptions {
  url: string;
  eventNames: readonly string[];
  /** One event from the stream: its name and its data text. */
  onEvent: (name: string, data: string) => void;
  /** Read the whole state again: each poll, and after the stream comes back. */
  onResync: () => void;
  onStatus?: (status: ConnectionStatus) => void;
  /** Defaults to the browser's EventSource; null to poll only. */
  createEventSource?: ((url: string) => EventSourceLike) | null;
  pollIntervalMs?: number;
  reopenAfterMs?: number;
}

export interface LiveConnection {
  close(): void;
}

function defaultEventSource(): ((url: string) => EventSourceLike) | null {
  if (typeof EventSource === 'undefined') return null;
  return (url) => new EventSource(url) as unknown as EventSourceLike;
}

export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const create =
    options.createEventSource === undefined ? defaultEventSource() : options.createEventSource;
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const reopenAfterMs = options.reopenAfterMs ?? REOPEN_AFTER_MS;

  let stream: EventStream | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let missedEvents = false;
  let status: ConnectionStatus | null = null;

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const startPolling = (why: 'polling' | 'outdated' = 'polling') => {
    setStatus(why);
    if (pollTimer !== null) return;
    options.onResync();
    pollTimer = setInterval(() => options.onResync(), pollIntervalMs);
  };

  const stopPolling = () => {
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  };

  if (create) {
    stream = openEventStream({
      connect: eventSourceConnector(options.url, create),
      // A refused stream is tried again after a fixed while, however often it was refused:
      // polling carries the screen meanwhile, so there is no hurry to back off from.
      retryDelay: () => reopenAfterMs,
      names: options.eventNames,
      onEvent: options.onEvent,
      onConnecting: () => setStatus(pollTimer === null ? 'connecting' : 'polling'),
      onOpen: () => {
        stopPolling();
        setStatus('live');
        if (missedEvents) options.onResync();
        missedEvents = false;
      },
      onDrop: () => {
        missedEvents = true;
        startPolling();
      },
      onOutdated: () => startPolling('outdated'),
    });
  } else startPolling();

  return {
    close() {
      stopPolling();
      stream?.close();
      stream = null;
      setStatus('closed');
    },
  };
}
