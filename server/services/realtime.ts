/**
 * Realtime fan-out of change notices to connected clients (server-sent events). One process
 * uses this in-process bus; several instances on PostgreSQL will relay it through
 * LISTEN/NOTIFY (the games issue), behind the same interface.
 */
import { EventEmitter } from 'node:events';

export type RealtimeEvent = {
  type: 'template-changed';
  id: string;
  revision: number;
  updatedAt: string;
  deleted: boolean;
};

export interface RealtimeBus {
  publish(channel: string, event: RealtimeEvent): void;
  subscribe(channel: string, listener: (event: RealtimeEvent) => void): () => void;
}

/** A user's channel, or a guest's, so that only the owner's clients hear of their templates. */
export const ownerChannel = (owner: { userId: string | null; anonId: string | null }): string[] =>
  [owner.userId && `user:${owner.userId}`, owner.anonId && `anon:${owner.anonId}`].filter(
    (c): c is string => Boolean(c),
  );

export function createInProcessBus(): RealtimeBus {
  const emitter = new EventEmitter();
  // Every open SSE connection is a listener; thousands are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    publish(channel, event) {
      emitter.emit(channel, event);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}
