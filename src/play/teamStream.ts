/**
 * One server-sent-events connection per team for the whole player (GET /play/{code}/events
 * ?team=…): the scoreboard listens for 'scoreboard', the game for 'judged' (docs/games.md). A
 * phone keeps one stream open, not one per screen, and closes it when nothing listens.
 */
import { playPath } from './api';

export interface TeamStreamHandlers {
  /** By event name: the event's data, as sent. */
  events: Readonly<Record<string, (data: string) => void>>;
  /** The stream is (again) connected; called at once when it already is. */
  onOpen?(): void;
  /** The connection dropped; it is opened again by itself. */
  onError?(): void;
}

interface Shared {
  source: EventSource;
  open: boolean;
  subscribers: Set<TeamStreamHandlers>;
  dispatched: Set<string>;
  /** The next attempt after a refusal, while one waits. */
  reopen: ReturnType<typeof setTimeout> | null;
}

/**
 * EventSource reconnects by itself after a dropped connection, but gives up for good when the
 * server answers with an error (a 429 when the venue's address or the game is at its stream cap,
 * a 5xx from a proxy). The phone then opens it again after this long, plus up to as much again,
 * so that a venue's phones refused together do not come back together.
 */
export const TEAM_STREAM_REOPEN_MS = 30_000;

/** EventSource.CLOSED, also where a test's stand-in has no constants. */
const CLOSED = 2;

const streams = new Map<string, Shared>();

function connect(shared: Shared, url: string, key: string) {
  const source = new EventSource(url);
  shared.source = source;
  source.onopen = () => {
    shared.open = true;
    for (const subscriber of [...shared.subscribers]) subscriber.onOpen?.();
  };
  source.onerror = () => {
    shared.open = false;
    for (const subscriber of [...shared.subscribers]) subscriber.onError?.();
    if (source.readyState !== CLOSED || streams.get(key) !== shared || shared.reopen) return;
    const delay = TEAM_STREAM_REOPEN_MS * (1 + Math.random());
    shared.reopen = setTimeout(() => {
      shared.reopen = null;
      if (streams.get(key) === shared) connect(shared, url, key);
    }, delay);
  };
  for (const event of shared.dispatched) listen(shared, source, event);
}

function listen(shared: Shared, source: EventSource, event: string) {
  source.addEventListener(event, (message) => {
    const data = (message as MessageEvent<string>).data;
    for (const subscriber of [...shared.subscribers]) subscriber.events[event]?.(data);
  });
}

export function subscribeTeamStream(
  code: string,
  teamId: string,
  handlers: TeamStreamHandlers,
): () => void {
  if (typeof EventSource !== 'function') return () => undefined;
  const key = `${code}\n${teamId}`;
  let shared = streams.get(key);
  if (!shared) {
    const created = {
      open: false,
      subscribers: new Set(),
      dispatched: new Set(),
      reopen: null,
    } as unknown as Shared;
    streams.set(key, created);
    connect(created, playPath(code, `/events?team=${encodeURIComponent(teamId)}`), key);
    shared = created;
  }
  const stream = shared;
  stream.subscribers.add(handlers);
  for (const event of Object.keys(handlers.events)) {
    if (stream.dispatched.has(event)) continue;
    stream.dispatched.add(event);
    listen(stream, stream.source, event);
  }
  if (stream.open) queueMicrotask(() => handlers.onOpen?.());

  return () => {
    stream.subscribers.delete(handlers);
    if (stream.subscribers.size > 0) return;
    if (stream.reopen) clearTimeout(stream.reopen);
    stream.source.close();
    streams.delete(key);
  };
}
