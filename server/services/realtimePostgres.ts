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
/** `{"batch":[` and `]}` around the envelopes. */
const BATCH_OVERHEAD_BYTES = 12;
/** One envelope must fit in a payload with its batch's wrapping. */
const MAX_ENVELOPE_BYTES = MAX_PAYLOAD_BYTES - BATCH_OVERHEAD_BYTES;
const RECONNECT_DELAY_MS = 2_000;

interface Envelope {
  origin: string;
  channel: string;
  event: RealtimeEvent;
}

/**
 * What one NOTIFY carries: the events published while the previous NOTIFY was on its way, as
 * many as fit. A burst of 2,000 answers is then tens of NOTIFYs, not 2,000 (each one a round
 * trip, and a commit that takes PostgreSQL's global notification lock). A single envelope is
 * still understood, as instances of the version before sent it.
 */
interface Batch {
  batch: Envelope[];
}

export function createPostgresBus(
  url: string,
  log: FastifyBaseLogger,
): RealtimeBus & { ready: Promise<void> } {
  const local = createInProcessBus();
  const origin = randomUUID();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection PostgreSQL closes must not end the process (see server/db/client.ts).
  publisher.on('error', (error) => {
    log.warn({ err: error }, 'realtime: PostgreSQL closed an idle NOTIFY connection');
  });
  let listener: pg.Client | null = null;
  let closed = false;
  /** Envelopes (JSON) waiting for the next NOTIFY; one NOTIFY is on its way at a time. */
  const outbox: string[] = [];
  let sending = false;

  /** NOTIFYs until the outbox is empty, each with as many envelopes as fit in one payload. */
  async function sendOutbox() {
    try {
      while (outbox.length > 0) {
        const parts: string[] = [];
        let bytes = BATCH_OVERHEAD_BYTES;
        while (outbox.length > 0) {
          const size = Buffer.byteLength(outbox[0]!) + 1;
          if (parts.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) break;
          parts.push(outbox.shift()!);
          bytes += size;
        }
        await publisher
          .query('SELECT pg_notify($1, $2)', [PG_CHANNEL, `{"batch":[${parts.join(',')}]}`])
          .catch((error: unknown) => {
            log.warn({ err: error }, 'realtime: NOTIFY failed; other instances miss its events');
          });
      }
    } finally {
      sending = false;
    }
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (!message.payload) return;
      try {
        const parsed = JSON.parse(message.payload) as Envelope | Batch;
        for (const envelope of 'batch' in parsed ? parsed.batch : [parsed]) {
          if (envelope.origin !== origin) local.publish(envelope.channel, envelope.event);
        }
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
      let envelope = JSON.stringify({ origin, channel, event } satisfies Envelope);
      if (Buffer.byteLength(envelope) > MAX_ENVELOPE_BYTES && event.type === 'game-changed') {
        // Too large to relay whole (a long answer): the others get the notice and read the rest.
        envelope = JSON.stringify({
          origin,
          channel,
          event: { type: event.type, gameId: event.gameId, reason: event.reason },
        } satisfies Envelope);
      }
      outbox.push(envelope);
      if (!sending) {
        sending = true;
        setImmediate(() => void sendOutbox());
      }
    },
    subscribe: (channel, handler) => local.subscribe(channel, handler),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
