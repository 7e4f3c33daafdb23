/**
 * GET /v1/events: a server-sent-events stream telling a user's (or guest's) clients that one of
 * their templates changed, so that they pull at once instead of polling. The stream carries
 * notices only, never template content; clients read content through GET /templates.
 */
import type { FastifyInstance } from 'fastify';
import { ownerChannel, type RealtimeEvent } from '../services/realtime';

/** Proxies close idle connections; a comment line every 25 s keeps the stream open. */
export const SSE_HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream drops (EventSource `retry`). */
const SSE_RETRY_MS = 3_000;

export async function eventRoutes(app: FastifyInstance) {
  // Open streams are ended before the server closes, or shutdown would wait on them forever.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get('/events', { config: { rateLimit: false } }, async (request, reply) => {
    const channels = ownerChannel(request.actor);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...(request.actor.anonId && !request.actor.userId ? { anonid: request.actor.anonId } : {}),
    });
    raw.write(`retry: ${SSE_RETRY_MS}\n`);
    raw.write(`event: ready\ndata: ${JSON.stringify({ channels: channels.length })}\n\n`);

    const send = (event: RealtimeEvent) => {
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const unsubscribes = channels.map((channel) => app.bus.subscribe(channel, send));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);

    const close = () => {
      clearInterval(heartbeat);
      for (const unsubscribe of unsubscribes) unsubscribe();
      openStreams.delete(end);
    };
    const end = () => {
      close();
      raw.end();
    };
    openStreams.add(end);
    request.raw.on('close', close);
  });
}
