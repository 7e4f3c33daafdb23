/**
 * Server-sent event streams: the headers, the reconnect delay, a heartbeat that keeps proxies
 * from closing an idle stream, and ending every open stream before the server closes (or the
 * shutdown would wait on them forever). Used by /events and the games' streams.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Proxies close idle connections; a comment line every 25 s keeps the stream open. */
export const SSE_HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream drops (EventSource `retry`). */
const SSE_RETRY_MS = 3_000;

export interface EventStream {
  send(event: string, data: unknown): void;
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

export function openEventStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
  });
  raw.write(`retry: ${SSE_RETRY_MS}\n`);
  const cleanups: (() => void)[] = [];
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
  const open = openStreamsOf.get(app);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
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
    onClose(cleanup) {
      cleanups.push(cleanup);
    },
  };
}
