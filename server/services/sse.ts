/**
 * Server-sent event streams: the headers, the reconnect delay, a heartbeat that keeps proxies
 * from closing an idle stream, ending every open stream before the server closes (or the
 * shutdown would wait on them forever), and caps on how many one client address, one game or one
 * owner may hold open (`config.streams`). Used by /events and the games' streams.
 *
 * The caps hold across server instances: the open streams are counted in `app.limitCounts`
 * (limits/sharedCounts.ts), this instance's exactly and the others' as of their last sync, so a
 * venue's phones behind one address count together whichever instance each reaches. A share
 * per instance (cap / instances) would not do: the load balancer may send them all to one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROTOCOL_EVENT, PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../src/protocol/events';

/** Proxies close idle connections; a comment line every 25 s keeps the stream open. */
export const SSE_HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream drops (EventSource `retry`). */
const SSE_RETRY_MS = 3_000;
/** Every stream's first event (src/protocol/events.ts), the same for all: written once. */
const OPENING_EVENT = `event: ${PROTOCOL_EVENT}\ndata: ${JSON.stringify({ version: PROTOCOL_VERSION })}\n\n`;
/** Retry-After of a refused stream: EventSource gives up on a 429, our clients back off. */
const STREAM_REFUSED_RETRY_S = 30;

/**
 * A count a stream belongs to: `address:…`, `game:…`, `owner:…`, with its cap. Counted in
 * `app.limitCounts` as `stream:<key>`.
 */
export interface StreamScope {
  key: string;
  max: number;
  /** Why it was refused, in words for the person whose screen shows it. */
  refusal: string;
}

export const STREAM_LIMIT_MESSAGES = {
  address:
    'Too many live connections from your network. Close some Teamtrail tabs or screens, then try again.',
  game: 'This game has too many live connections right now. Try again in a moment.',
  owner:
    'Too many live connections for your account. Close some Teamtrail tabs or devices, then try again.',
} as const;

/** The scope of a game's streams, for openEventStream's `scopes`. */
export const gameStreamScope = (app: FastifyInstance, gameId: string): StreamScope => ({
  key: `game:${gameId}`,
  max: app.config.streams.perGame,
  refusal: STREAM_LIMIT_MESSAGES.game,
});

/** The scope of an owner's sync streams (a user, or a guest's AnonId). */
export const ownerStreamScope = (app: FastifyInstance, owner: string): StreamScope => ({
  key: `owner:${owner}`,
  max: app.config.streams.perOwner,
  refusal: STREAM_LIMIT_MESSAGES.owner,
});

/** A stream that was refused: sends nothing, and undoes each subscription as it is made. */
const REFUSED_STREAM: EventStream<never> = {
  send() {},
  sendJson() {},
  onClose(cleanup) {
    cleanup();
  },
};

/**
 * A stream of the events `E` (src/protocol/events.ts: OwnerStreamEvents, GameStreamEvents,
 * PlayerStreamEvents), each name with its payload's type.
 */
export interface EventStream<E> {
  send<K extends keyof E & string>(event: K, data: E[K]): void;
  /** Sends JSON serialised already (one update written to thousands of streams). */
  sendJson(event: keyof E & string, json: string): void;
  /** Runs when the client goes away or the server shuts down. */
  onClose(cleanup: () => void): void;
}

const openStreamsOf = new WeakMap<FastifyInstance, Set<() => void>>();

/** Call once per app (or plugin scope) that serves streams. */
export function endStreamsOnClose(app: FastifyInstance): void {
  const open = new Set<() => void>();
  openStreamsOf.set(app, open);
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
}

/**
 * Opens a stream, or, when the client's address or one of `scopes` is at its cap, answers 429
 * with `{errorMessage}` and Retry-After and hands back a stream that does nothing (so that the
 * caller's subscriptions are undone at once and it needs no branch of its own).
 */
export function openEventStream<E>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
  scopes: readonly StreamScope[] = [],
): EventStream<E> {
  // The root app's, shared by every route plugin: an address's phone and sync streams count
  // together.
  const counts = app.limitCounts;
  const all: StreamScope[] = [
    {
      key: `address:${request.ip}`,
      max: app.config.streams.perAddress,
      refusal: STREAM_LIMIT_MESSAGES.address,
    },
    ...scopes,
  ];
  const full = all.find((scope) => {
    const key = `stream:${scope.key}`;
    return counts.local(key) + counts.others(key) >= scope.max;
  });
  if (full) {
    request.log.warn({ scope: full.key, max: full.max }, 'event stream refused: at its cap');
    void reply
      .code(429)
      .header('retry-after', String(STREAM_REFUSED_RETRY_S))
      .send({ errorMessage: full.refusal });
    return REFUSED_STREAM;
  }
  for (const { key } of all) counts.add(`stream:${key}`, 1);
  const uncount = () => {
    for (const { key } of all) counts.add(`stream:${key}`, -1);
  };

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    [PROTOCOL_HEADER]: String(PROTOCOL_VERSION),
    ...headers,
  });
  // The reconnect delay, then the protocol's version as the first event (EventSource cannot
  // read the header): a client of another version stops and asks its person to reload.
  raw.write(`retry: ${SSE_RETRY_MS}\n\n${OPENING_EVENT}`);
  const cleanups: (() => void)[] = [];
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
  const open = openStreamsOf.get(app);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    uncount();
    clearInterval(heartbeat);
    open?.delete(end);
    for (const cleanup of cleanups) cleanup();
  };
  const end = () => {
    close();
    raw.end();
  };
  open?.add(end);
  request.raw.on('close', close);
  return {
    send(event, data) {
      if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    sendJson(event, json) {
      if (!closed) raw.write(`event: ${event}\ndata: ${json}\n\n`);
    },
    onClose(cleanup) {
      cleanups.push(cleanup);
    },
  };
}
