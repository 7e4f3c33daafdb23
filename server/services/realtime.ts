/**
 * Realtime fan-out of change notices to connected clients (server-sent events). One process
 * uses the in-process bus below; several instances on PostgreSQL relay it through LISTEN/NOTIFY
 * (realtimePostgres.ts), behind the same interface.
 */
import { EventEmitter } from 'node:events';
import type { AiRequestFinished } from '../../src/domain/aiEvents';
import type { Announcement, GameControl, Submission, Team } from '../../src/domain/games';
import type { TemplateChanged } from '../../src/protocol/events';
import type { TeamStanding } from './games/liveScoreboard';

export type RealtimeEvent =
  /** One of an owner's templates changed: sent on as it is (src/protocol/events.ts). */
  | TemplateChanged
  | {
      /**
       * Something in a game changed: a team joined, answered, or was judged, or the organiser
       * ended, paused, resumed or moved the end of the game (`control`, docs/games.md).
       */
      type: 'game-changed';
      gameId: string;
      reason: 'team' | 'submission' | 'judged' | 'control' | 'announcement';
      team?: Team;
      /** An answer's team: its score after the answer, for the live scoreboards (liveFeed.ts). */
      standing?: TeamStanding;
      submission?: Submission;
      control?: GameControl;
      announcement?: Announcement;
    }
  /**
   * An AI content request was completed or failed (docs/ai.md "Finished: the push"): its
   * requestor's waiting screen asks the status URL at once instead of at the next 5 s poll.
   */
  | AiRequestFinished;

export interface RealtimeBus {
  publish(channel: string, event: RealtimeEvent): void;
  subscribe(channel: string, listener: (event: RealtimeEvent) => void): () => void;
  /** Stops relaying (closes the PostgreSQL listener); the in-process bus has nothing to close. */
  close?(): Promise<void>;
  /**
   * Resolves once events from other instances are heard (PostgreSQL: the listener LISTENs), or
   * once that has failed and is being retried; the in-process bus is ready at once.
   */
  ready?: Promise<void>;
}

export const gameChannel = (gameId: string): string => `game:${gameId}`;

/**
 * Owner keys, as the clients key their owners too ('user:{id}', 'anon:{anonId}'): the channel of
 * a user's clients or a guest's, and what per-owner counts are kept under.
 */
export const userChannel = (userId: string): string => `user:${userId}`;
export const guestChannel = (anonId: string): string => `anon:${anonId}`;

/** Whose the caller's work is: the signed-in user, else the guest; null for neither. */
export const ownerKeyOf = (owner: {
  userId: string | null;
  anonId: string | null;
}): string | null =>
  owner.userId ? userChannel(owner.userId) : owner.anonId ? guestChannel(owner.anonId) : null;

/** A user's channel, or a guest's, so that only the owner's clients hear of their templates. */
export const ownerChannel = (owner: { userId: string | null; anonId: string | null }): string[] =>
  [owner.userId && userChannel(owner.userId), owner.anonId && guestChannel(owner.anonId)].filter(
    (c): c is string => Boolean(c),
  );

/**
 * The one channel of whoever may read an AI request's status (ownedBy in templates.ts): its
 * user, or, while no user owns it, its guest. Never both: a guest id that signed up may be used
 * by someone else on that browser after signing out.
 */
export const requestorChannel = (row: {
  ownerUserId: string | null;
  ownerAnonId: string | null;
}): string | null => ownerKeyOf({ userId: row.ownerUserId, anonId: row.ownerAnonId });

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
