/**
 * GET /v1/my_demo_games (docs/games.md "Recent demo runs"): the organiser's demo runs of the last
 * 24 hours, which keep their statistics that long. A demo is not a launch instance, so it is no
 * row of /my_games (SPEC §7 keeps that answer a list of activities). Shared by the server, which
 * answers with it, and My Activities, which lists them under "Recent demos".
 */
import { z } from 'zod';
import { GAME_PHASES } from './games';
import { idSchema, isoDateTime } from './schemas';

/** How long a demo run stays listed after its start. */
export const RECENT_DEMO_HOURS = 24;

export const demoRunSchema = z.object({
  gameId: idSchema,
  templateId: idSchema,
  /** The demo's name: the activity's name when it ran. */
  name: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  phase: z.enum(GAME_PHASES),
  /** Teams that joined (each phone is a team). */
  teams: z.number().int().nonnegative(),
  scoreboardUrl: z.string(),
  presentationUrl: z.string(),
  statisticsUrl: z.string(),
});
export type DemoRun = z.infer<typeof demoRunSchema>;

export const demoRunListSchema = z.array(demoRunSchema);
