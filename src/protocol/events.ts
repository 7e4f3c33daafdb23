/**
 * The wire between the server and its stream clients: the event names of the three
 * server-sent-event streams, the payload each event carries, and the protocol's version. The
 * server writes these names and payloads (server/routes/events.ts, games.ts, play.ts and
 * services/games/liveFeed.ts); the sync engine, the live screens and the phone player read them.
 *
 * Types, constants and plain guards only: the phone player imports this file and must not load
 * zod, so the domain's types are imported type-only. The same payloads as zod schemas, for the
 * organiser's side and the server's tests, are in schemas.ts.
 */
import { AI_REQUEST_FINISHED, type AiRequestFinished } from '../domain/aiEvents';
import type { Announcement, GameControl, Scoreboard, Submission, Team } from '../domain/games';

/**
 * The protocol's version: raised when an event is renamed or a payload changes in a way an
 * older client would misread. Every stream says it twice: as the PROTOCOL_HEADER of its
 * response (for fetch readers and proxies' logs) and as its first event, PROTOCOL_EVENT (since
 * EventSource cannot read headers). The shared client (eventStream.ts) compares it with its own
 * and, when they differ, stops listening and tells its caller, which asks the person to reload.
 */
export const PROTOCOL_VERSION = 1;
/** The response header of every event stream that carries PROTOCOL_VERSION. */
export const PROTOCOL_HEADER = 'teamtrail-protocol';
/** The first event of every stream: `{version}`, the server's PROTOCOL_VERSION. */
export const PROTOCOL_EVENT = 'protocol';

export interface ProtocolPayload {
  version: number;
}

/** The version a PROTOCOL_EVENT's data names, or null when it names none. */
export function protocolVersionOf(data: string): number | null {
  try {
    const version = (JSON.parse(data) as Partial<ProtocolPayload> | null)?.version;
    return typeof version === 'number' && Number.isInteger(version) ? version : null;
  } catch {
    return null;
  }
}

// GET /v1/events: an owner's (a user's or a guest's) notices (docs/sync.md, docs/ai.md).

export const OWNER_EVENTS = {
  /** First on every stream: it is open, and how many owner channels it hears. */
  ready: 'ready',
  /** One of the owner's templates changed: the sync engine pulls (content never comes here). */
  templateChanged: 'template-changed',
  /** One of the owner's AI content requests is over (docs/ai.md "Finished: the push"). */
  aiRequestFinished: AI_REQUEST_FINISHED,
} as const;

export interface ReadyPayload {
  channels: number;
}

export interface TemplateChanged {
  type: typeof OWNER_EVENTS.templateChanged;
  id: string;
  revision: number;
  updatedAt: string;
  deleted: boolean;
}

/** The notice that one template changed, as the server publishes it to its owner's channels. */
export function templateChanged(
  template: { id: string; revision: number; updatedAt: string | Date },
  deleted = false,
): TemplateChanged {
  const { id, revision, updatedAt } = template;
  const at = typeof updatedAt === 'string' ? updatedAt : updatedAt.toISOString();
  return { type: OWNER_EVENTS.templateChanged, id, revision, updatedAt: at, deleted };
}

export interface OwnerStreamEvents {
  [OWNER_EVENTS.ready]: ReadyPayload;
  [OWNER_EVENTS.templateChanged]: TemplateChanged;
  [OWNER_EVENTS.aiRequestFinished]: AiRequestFinished;
}

// GET /v1/games/{gameId}/events: a game's live screens (docs/games.md).

export const GAME_EVENTS = {
  /** The whole scoreboard, at once and after every change (at most 2 a second). */
  scoreboard: 'scoreboard',
  /** A photo or video came in or was judged (not on a room's screen once hidden or rejected). */
  submission: 'submission',
  /** A team joined or added its photo. */
  team: 'team',
  /** The organiser ended, paused, resumed or moved the end of the game. */
  game: 'game',
  announcement: 'announcement',
  /** A room's screen (`?view=presentation`) must no longer show this submission. */
  withdrawn: 'withdrawn',
} as const;

export interface WithdrawnPayload {
  id: string;
}

export interface GameStreamEvents {
  [GAME_EVENTS.scoreboard]: Scoreboard;
  [GAME_EVENTS.submission]: Submission;
  [GAME_EVENTS.team]: Team;
  [GAME_EVENTS.game]: GameControl;
  [GAME_EVENTS.announcement]: Announcement;
  [GAME_EVENTS.withdrawn]: WithdrawnPayload;
}

// GET /v1/play/{code}/events?team=: a phone's stream (docs/games.md).

export const PLAYER_EVENTS = {
  /** The top of the scoreboard with the team's own row. */
  scoreboard: 'scoreboard',
  /** With `?team=`: the organiser ended, paused, resumed or moved the end of the game. */
  game: 'game',
  /** With `?team=`: a message from the organiser. */
  announcement: 'announcement',
  /** With `?team=`: one of the team's photos or videos was rejected or restored. */
  judged: 'judged',
} as const;

export interface JudgedPayload {
  stepId: string;
  rejected: boolean;
}

export interface PlayerStreamEvents {
  [PLAYER_EVENTS.scoreboard]: Scoreboard;
  [PLAYER_EVENTS.game]: GameControl;
  [PLAYER_EVENTS.announcement]: Announcement;
  [PLAYER_EVENTS.judged]: JudgedPayload;
}

export type OwnerStreamEventName = keyof OwnerStreamEvents;
export type GameStreamEventName = keyof GameStreamEvents;
export type PlayerStreamEventName = keyof PlayerStreamEvents;

/** A scoreboard as it arrives (plain guard: the player loads no zod). */
export const isScoreboard = (value: unknown): value is Scoreboard =>
  !!value && typeof value === 'object' && Array.isArray((value as Scoreboard).rows);
