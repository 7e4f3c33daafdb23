/**
 * The stream payloads of events.ts as zod schemas, one per event name of each stream: what the
 * organiser's clients check an event against before they act on it (the sync engine, the live
 * screens) and what the server's tests check its streams' events against, so the two sides
 * cannot drift apart without a test failing. The phone player does not import this file (its
 * bundle loads no zod); it keeps the plain guards of events.ts.
 */
import { z } from 'zod';
import { AI_REQUEST_FINISHED } from '../domain/aiEvents';
import {
  announcementSchema,
  gameControlSchema,
  scoreboardSchema,
  submissionSchema,
  teamSchema,
} from '../domain/games';
import { idSchema } from '../domain/schemas';
import {
  GAME_EVENTS,
  OWNER_EVENTS,
  PLAYER_EVENTS,
  PROTOCOL_EVENT,
  type GameStreamEvents,
  type OwnerStreamEvents,
  type PlayerStreamEvents,
  type ProtocolPayload,
} from './events';
import type { EventDecoders } from './eventStream';

export const protocolPayloadSchema = z.object({ version: z.number().int() });

export const OWNER_EVENT_SCHEMAS = {
  [OWNER_EVENTS.ready]: z.object({ channels: z.number().int().nonnegative() }),
  [OWNER_EVENTS.templateChanged]: z.object({
    type: z.literal(OWNER_EVENTS.templateChanged),
    id: z.string().min(1),
    revision: z.number().int(),
    updatedAt: z.string(),
    deleted: z.boolean(),
  }),
  [OWNER_EVENTS.aiRequestFinished]: z.object({
    type: z.literal(AI_REQUEST_FINISHED),
    requestId: z.string().min(1),
    status: z.enum(['completed', 'failed']),
  }),
} as const;

export const GAME_EVENT_SCHEMAS = {
  [GAME_EVENTS.scoreboard]: scoreboardSchema,
  [GAME_EVENTS.submission]: submissionSchema,
  [GAME_EVENTS.team]: teamSchema,
  [GAME_EVENTS.game]: gameControlSchema,
  [GAME_EVENTS.announcement]: announcementSchema,
  [GAME_EVENTS.withdrawn]: z.object({ id: idSchema }),
} as const;

export const PLAYER_EVENT_SCHEMAS = {
  [PLAYER_EVENTS.scoreboard]: scoreboardSchema,
  [PLAYER_EVENTS.game]: gameControlSchema,
  [PLAYER_EVENTS.announcement]: announcementSchema,
  [PLAYER_EVENTS.judged]: z.object({ stepId: z.string().min(1), rejected: z.boolean() }),
} as const;

/** Every stream's first event, whichever stream it is. */
export const STREAM_OPENING_SCHEMAS = { [PROTOCOL_EVENT]: protocolPayloadSchema } as const;

/** A stream's schemas as the shared client's decoders: the parsed payload, or null to drop it. */
export function schemaDecoders<E>(schemas: { [K in keyof E]: z.ZodType<E[K]> }): EventDecoders<E> {
  const decoders: Record<string, (data: unknown) => unknown> = {};
  for (const [name, schema] of Object.entries(schemas) as [string, z.ZodType][]) {
    decoders[name] = (data) => {
      const parsed = schema.safeParse(data);
      return parsed.success ? parsed.data : null;
    };
  }
  return decoders as EventDecoders<E>;
}

// The schemas and the types of events.ts describe the same payloads: a change to one side that
// the other does not follow fails the typecheck here. Types only: nothing of it runs or ships.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Payloads<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.infer<S[K]> };
/** Compiles only for `true`: `Agree<Same<A, B>>` is an error where A and B differ. */
type Agree<T extends true> = T;
type _SchemasAgreeWithEvents = [
  Agree<Same<Payloads<typeof OWNER_EVENT_SCHEMAS>, OwnerStreamEvents>>,
  Agree<Same<Payloads<typeof GAME_EVENT_SCHEMAS>, GameStreamEvents>>,
  Agree<Same<Payloads<typeof PLAYER_EVENT_SCHEMAS>, PlayerStreamEvents>>,
  Agree<Same<z.infer<typeof protocolPayloadSchema>, ProtocolPayload>>,
];
