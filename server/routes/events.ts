/**
 * GET /v1/events: a server-sent-events stream telling a user's (or guest's) clients that one of
 * their templates changed (`template-changed`), so that they pull at once instead of polling,
 * and that one of their AI content requests is over (`ai-request-finished`, docs/ai.md), so that
 * the waiting screen asks its status URL at once. The stream carries notices only, never
 * template content; clients read content through GET /templates and the status URL.
 */
import type { FastifyInstance } from 'fastify';
import { OWNER_EVENTS, type OwnerStreamEvents } from '../../src/protocol/events';
import { ownerChannel, ownerKeyOf, type RealtimeEvent } from '../services/realtime';
import { endStreamsOnClose, openEventStream, ownerStreamScope } from '../services/sse';

export async function eventRoutes(app: FastifyInstance) {
  endStreamsOnClose(app);

  app.get('/events', { config: { rateLimit: false } }, async (request, reply) => {
    const channels = ownerChannel(request.actor);
    const { userId, anonId } = request.actor;
    const owner = ownerKeyOf(request.actor);
    const stream = openEventStream<OwnerStreamEvents>(
      app,
      request,
      reply,
      anonId && !userId ? { anonid: anonId } : {},
      owner ? [ownerStreamScope(app, owner)] : [],
    );
    stream.send(OWNER_EVENTS.ready, { channels: channels.length });
    const send = (event: RealtimeEvent) => {
      // Owner channels carry template and AI notices only: a game's changes go to its channel.
      if (event.type !== 'game-changed') stream.send(event.type, event);
    };
    for (const channel of channels) stream.onClose(app.bus.subscribe(channel, send));
  });
}
