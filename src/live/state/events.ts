/**
 * What arrives on a game's event stream (GET /v1/games/{gameId}/events): `scoreboard`,
 * `submission`, `team` and `game` (the organiser ended, paused, resumed or moved the end); on a
 * room's screen (`?view=presentation`), `withdrawn` `{id}` instead of a submission the organiser
 * hid or rejected. Each payload is decoded by its event's schema (src/protocol/schemas.ts, which
 * the server's tests hold its streams to); anything else is an `unknown` event, which the
 * screens answer by reading the whole state again rather than guessing.
 */
import type { GameControl, Scoreboard, Submission, Team } from '../../domain/games';
import { GAME_EVENTS, type WithdrawnPayload } from '../../protocol/events';
import { GAME_EVENT_SCHEMAS } from '../../protocol/schemas';

/** What the screens listen to (src/protocol/events.ts); announcements are not shown here. */
export const LIVE_EVENT_NAMES = [
  GAME_EVENTS.scoreboard,
  GAME_EVENTS.submission,
  GAME_EVENTS.team,
  GAME_EVENTS.game,
  GAME_EVENTS.withdrawn,
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export type LiveEvent =
  | { type: 'scoreboard'; scoreboard: Scoreboard }
  | { type: 'submission'; submission: Submission }
  | { type: 'team'; team: Team }
  | { type: 'game'; control: GameControl }
  /** The presentation must no longer show this submission (it carries nothing else of it). */
  | { type: 'withdrawn'; id: string }
  | { type: 'unknown'; name: string };

const isLiveEventName = (name: string): name is LiveEventName =>
  (LIVE_EVENT_NAMES as readonly string[]).includes(name);

/** An event's name and its `data` text (JSON) → the event. Never throws. */
export function decodeLiveEvent(name: string, data: string): LiveEvent {
  if (!isLiveEventName(name)) return { type: 'unknown', name };
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return { type: 'unknown', name };
  }
  const parsed = GAME_EVENT_SCHEMAS[name].safeParse(payload);
  if (!parsed.success) return { type: 'unknown', name };
  switch (name) {
    case GAME_EVENTS.scoreboard:
      return { type: 'scoreboard', scoreboard: parsed.data as Scoreboard };
    case GAME_EVENTS.submission:
      return { type: 'submission', submission: parsed.data as Submission };
    case GAME_EVENTS.team:
      return { type: 'team', team: parsed.data as Team };
    case GAME_EVENTS.game:
      return { type: 'game', control: parsed.data as GameControl };
    case GAME_EVENTS.withdrawn:
      return { type: 'withdrawn', id: (parsed.data as WithdrawnPayload).id };
  }
}
