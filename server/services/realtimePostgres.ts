/**
 * The realtime bus across server instances: every event is delivered to this process's
 * listeners at once and sent to the other instances with PostgreSQL NOTIFY; each instance
 * LISTENs on one channel and hands what others sent to its own listeners. An instance ignores
 * its own notifications (it delivered them already), so a lost database connection costs only
 * the cross-instance relay, never the local one; the listener reconnects by itself.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessBus, type RealtimeBus, type RealtimeEvent } from './realtime';

const PG_CHANNEL = 'teamtrail_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_DELAY_MS = 2_000;

interface Envelope {
  origin: string;
  channel: string;
  event: RealtimeEvent;
}

export function createPostgresBus(
  url: string,
  log: FastifyBaseLogger,
): RealtimeBus & { ready: Promise<void> } {
  const local = createInProcessBus();
  const origin = randomUUID();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (!message.payload) return;
      try {
        const envelope = JSON.parse(message.payload) as Envelope;
        if (envelope.origin !== origin) local.publish(envelope.channel, envelope.event);
      } catch {
        log.warn('realtime: ignored a notification that is not JSON');
      }
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime: the PostgreSQL listener failed; reconnecting');
      listener = null;
      void client.end().catch(() => undefined);
      setTimeout(() => void listen().catch(() => undefined), RECONNECT_DELAY_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    listener = client;
  }
  const ready = listen().catch((error: unknown) => {
    log.warn({ err: error }, 'realtime: could not LISTEN; retrying');
    setTimeout(() => void listen().catch(() => undefined), RECONNECT_DELAY_MS).unref();
  });

  return {
    /** Resolves once this instance listens (or has failed to and is retrying). */
    ready,
    publish(channel, event) {
      local.publish(channel, event);
      let payload = JSON.stringify({ origin, channel, event } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && event.type === 'game-changed') {
        // Too large to relay whole (a long answer): the others get the notice and read the rest.
        payload = JSON.stringify({
          origin,
          channel,
          event: { type: event.type, gameId: event.gameId, reason: event.reason },
        } satisfies Envelope);
      }
      publisher.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, payload]).catch((error: unknown) => {
        log.warn({ err: error }, 'realtime: NOTIFY failed; other instances miss this event');
      });
    },
    subscribe: (channel, handler) => local.subscribe(channel, handler),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
