/**
 * One server-sent-events connection per team for the whole player (GET /play/{code}/events
 * ?team=…): the scoreboard listens for 'scoreboard', the game for 'judged', 'game' and
 * 'announcement' (src/protocol/events.ts, docs/games.md). A phone keeps one stream open, not one
 * per screen, and closes it when nothing listens. The connection and its reopening are the
 * shared client's (src/protocol/eventStream.ts); the sharing between screens is the player's.
 */
import type { PlayerStreamEventName } from '../protocol/events';
import { eventSourceConnector, openEventStream, type EventStream } from '../protocol/eventStream';
import { playPath } from './api';

export interface TeamStreamHandlers {
  /** By event name: the event's data, as sent. */
  events: Readonly<Partial<Record<PlayerStreamEventName, (data: string) => void>>>;
  /** The stream is (again) connected; called at once when it already is. */
  onOpen?(): void;
  /** The connection dropped; it is opened again by itself. */
  onError?(): void;
  /** The server speaks a newer protocol than this page: the stream has stopped; reload. */
  onOutdated?(): void;
}

interface Shared {
  stream: EventStream;
  open: boolean;
  outdated: boolean;
  subscribers: Set<TeamStreamHandlers>;
}

/**
 * EventSource reconnects by itself after a dropped connection, but gives up for good when the
 * server answers with an error (a 429 when the venue's address or the game is at its stream cap,
 * a 5xx from a proxy). The phone then opens it again after this long, plus up to as much again,
 * so that a venue's phones refused together do not come back together.
 */
export const TEAM_STREAM_REOPEN_MS = 30_000;

const streams = new Map<string, Shared>();

function connect(url: string): Shared {
  const subscribers = new Set<TeamStreamHandlers>();
  const shared: Shared = {
    open: false,
    outdated: false,
    subscribers,
    stream: openEventStream({
      connect: eventSourceConnector(url, (u) => new EventSource(u)),
      retryDelay: () => TEAM_STREAM_REOPEN_MS * (1 + Math.random()),
      onOpen: () => {
        shared.open = true;
        for (const subscriber of [...subscribers]) subscriber.onOpen?.();
      },
      onDrop: () => {
        shared.open = false;
        for (const subscriber of [...subscribers]) subscriber.onError?.();
      },
      onOutdated: () => {
        shared.open = false;
        shared.outdated = true;
        for (const subscriber of [...subscribers]) subscriber.onOutdated?.();
      },
      onEvent: (name, data) => {
        for (const subscriber of [...subscribers]) {
          subscriber.events[name as PlayerStreamEventName]?.(data);
        }
      },
    }),
  };
  return shared;
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
    shared = connect(playPath(code, `/events?team=${encodeURIComponent(teamId)}`));
    streams.set(key, shared);
  }
  const stream = shared;
  stream.subscribers.add(handlers);
  for (const event of Object.keys(handlers.events)) stream.stream.listen(event);
  if (stream.open) queueMicrotask(() => handlers.onOpen?.());
  if (stream.outdated) queueMicrotask(() => handlers.onOutdated?.());

  return () => {
    stream.subscribers.delete(handlers);
    if (stream.subscribers.size > 0) return;
    stream.stream.close();
    streams.delete(key);
  };
}
