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
  /** The connection dropped; EventSource reconnects by itself. */
  onError?(): void;
}

interface Shared {
  source: EventSource;
  open: boolean;
  subscribers: Set<TeamStreamHandlers>;
  dispatched: Set<string>;
}

const streams = new Map<string, Shared>();

export function subscribeTeamStream(
  code: string,
  teamId: string,
  handlers: TeamStreamHandlers,
): () => void {
  if (typeof EventSource !== 'function') return () => undefined;
  const key = `${code}\n${teamId}`;
  let shared = streams.get(key);
  if (!shared) {
    const source = new EventSource(playPath(code, `/events?team=${encodeURIComponent(teamId)}`));
    const created: Shared = { source, open: false, subscribers: new Set(), dispatched: new Set() };
    source.onopen = () => {
      created.open = true;
      for (const subscriber of [...created.subscribers]) subscriber.onOpen?.();
    };
    source.onerror = () => {
      created.open = false;
      for (const subscriber of [...created.subscribers]) subscriber.onError?.();
    };
    streams.set(key, created);
    shared = created;
  }
  const stream = shared;
  stream.subscribers.add(handlers);
  for (const event of Object.keys(handlers.events)) {
    if (stream.dispatched.has(event)) continue;
    stream.dispatched.add(event);
    stream.source.addEventListener(event, (message) => {
      const data = (message as MessageEvent<string>).data;
      for (const subscriber of [...stream.subscribers]) subscriber.events[event]?.(data);
    });
  }
  if (stream.open) queueMicrotask(() => handlers.onOpen?.());

  return () => {
    stream.subscribers.delete(handlers);
    if (stream.subscribers.size > 0) return;
    stream.source.close();
    streams.delete(key);
  };
}
