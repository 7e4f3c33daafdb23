/**
 * How many uploads this process receives at once. Each upload holds a connection,
 * a staging file and, for images, a decode; without a cap a burst of large uploads could take
 * every socket and the disk's bandwidth while the game's answers wait. Two caps:
 *
 * - per server (UPLOADS_AT_ONCE): the server is busy, so 503, and the client tries again;
 * - per address (UPLOADS_AT_ONCE_PER_ADDRESS): one client sending many files at once, 429.
 *
 * Both answer Retry-After. The per-address cap is generous on purpose: at an event, hundreds of
 * phones may share one venue address (NAT), and most uploads last a few seconds.
 *
 * Counted per process, like the event stream caps: with several instances behind a load
 * balancer each one counts its own uploads (docs/operations.md).
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from '../../errors';
import { addressForLimits } from '../auth/clientAddress';

export interface UploadSlotLimits {
  /** Uploads this process receives at once. */
  total: number;
  /** Uploads one client address sends at once. */
  perAddress: number;
}

export type SlotRefusal = 'server-busy' | 'address-busy';

export interface UploadSlots {
  /** Takes a slot for the address, or says which cap is full (nothing taken then). */
  take(address: string): SlotRefusal | null;
  release(address: string): void;
  /** Uploads in flight, for the health answer and tests. */
  readonly inFlight: number;
}

export function createUploadSlots(limits: UploadSlotLimits): UploadSlots {
  let total = 0;
  const byAddress = new Map<string, number>();
  return {
    take(address) {
      if (total >= limits.total) return 'server-busy';
      const mine = byAddress.get(address) ?? 0;
      if (mine >= limits.perAddress) return 'address-busy';
      total += 1;
      byAddress.set(address, mine + 1);
      return null;
    },
    release(address) {
      total = Math.max(0, total - 1);
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left <= 0) byAddress.delete(address);
      else byAddress.set(address, left);
    },
    get inFlight() {
      return total;
    },
  };
}

/** Most uploads take seconds; a client told to wait this long finds a slot free. */
export const UPLOAD_BUSY_RETRY_S = 5;

export const UPLOAD_SLOT_MESSAGES: Record<SlotRefusal, { status: 429 | 503; text: string }> = {
  'server-busy': {
    status: 503,
    text: 'The server is receiving many files right now. Your file will be sent again in a few seconds.',
  },
  'address-busy': {
    status: 429,
    text: 'Too many files are being sent from your network at once. Your file will be sent again in a few seconds.',
  },
};

/**
 * The route hook of every upload route (`onRequest: holdUploadSlot`): takes a slot before the
 * body is read, so a refused upload costs nothing, and gives it back when the response ends,
 * however it ends (answered, failed, or the client gone).
 */
export const holdUploadSlot: onRequestAsyncHookHandler = async function holdUploadSlot(
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const slots = request.server.uploadSlots;
  const address = addressForLimits(request.ip);
  const refusal = slots.take(address);
  if (refusal) {
    const { status, text } = UPLOAD_SLOT_MESSAGES[refusal];
    request.log.warn({ refusal }, 'upload refused: at its cap');
    reply.header('retry-after', String(UPLOAD_BUSY_RETRY_S));
    throw new HttpError(status, text);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    slots.release(address);
  };
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
};
