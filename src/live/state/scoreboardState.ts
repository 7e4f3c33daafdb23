/**
 * The scoreboard a screen shows, kept up to date from the event stream between reads.
 *
 * - A `scoreboard` event is the server's whole scoreboard: it replaces ours, unless it is older
 *   than what we have (events and reads can cross on the wire).
 * - A `team` event carries the team with its current score: its row is added or updated.
 * - A `submission` event made after our scoreboard was read adds its points to its team; a later
 *   judgement of a submission we heard of adjusts the score by the difference.
 * - Anything the screen cannot apply for certain (an unknown team, the judgement of a submission
 *   from before our read, an event it cannot read) marks the state stale: the screen reads the
 *   whole scoreboard again instead of guessing.
 */
import { effectivePoints, type Scoreboard, type ScoreboardRow } from '../../domain/games';
import { orderByServerRank, rankRows } from './ranking';
import type { LiveEvent } from './events';

export interface ScoreboardState {
  scoreboard: Scoreboard;
  /** The effective points of each submission heard of since the read, by submission id. */
  heard: Record<string, number>;
}

export interface Applied {
  state: ScoreboardState;
  /** The screen should read the whole scoreboard again. */
  stale: boolean;
}

/** A state from a scoreboard the server answered: its ranks are the truth. */
export function scoreboardState(scoreboard: Scoreboard): ScoreboardState {
  return { scoreboard: { ...scoreboard, rows: orderByServerRank(scoreboard.rows) }, heard: {} };
}

const later = (a: string | null, b: string): string =>
  a !== null && Date.parse(a) >= Date.parse(b) ? a : b;

function withRows(state: ScoreboardState, rows: ScoreboardRow[], teamsCount?: number) {
  const game =
    teamsCount === undefined ? state.scoreboard.game : { ...state.scoreboard.game, teamsCount };
  return { ...state.scoreboard, game, rows: rankRows(rows) };
}

export function applyScoreboardEvent(state: ScoreboardState, event: LiveEvent): Applied {
  switch (event.type) {
    case 'scoreboard': {
      const incoming = event.scoreboard;
      if (Date.parse(incoming.updatedAt) < Date.parse(state.scoreboard.updatedAt)) {
        return { state, stale: false };
      }
      return { state: scoreboardState(incoming), stale: false };
    }
    case 'team': {
      const { team } = event;
      const rows = state.scoreboard.rows;
      const existing = rows.find((row) => row.teamId === team.id);
      if (existing) {
        const updated = rows.map((row) =>
          row.teamId === team.id
            ? { ...row, name: team.name, photoUrl: team.photoUrl, score: team.score }
            : row,
        );
        return { state: { ...state, scoreboard: withRows(state, updated) }, stale: false };
      }
      const joined: ScoreboardRow = {
        rank: 0,
        teamId: team.id,
        name: team.name,
        photoUrl: team.photoUrl,
        score: team.score,
        answered: 0,
        lastAnswerAt: null,
      };
      const teamsCount = Math.max(state.scoreboard.game.teamsCount, rows.length + 1);
      return {
        state: { ...state, scoreboard: withRows(state, [...rows, joined], teamsCount) },
        stale: false,
      };
    }
    case 'submission': {
      const { submission } = event;
      const row = state.scoreboard.rows.find((r) => r.teamId === submission.teamId);
      if (!row) return { state, stale: true };
      const points = effectivePoints(submission);
      const before = state.heard[submission.id];
      let changed: ScoreboardRow;
      if (before !== undefined) {
        changed = { ...row, score: row.score + points - before };
      } else if (Date.parse(submission.createdAt) > Date.parse(state.scoreboard.updatedAt)) {
        changed = {
          ...row,
          score: row.score + points,
          answered: row.answered + 1,
          lastAnswerAt: later(row.lastAnswerAt, submission.createdAt),
        };
      } else {
        // Already counted in our read, with points we do not know: only the server can say.
        return { state, stale: true };
      }
      const rows = state.scoreboard.rows.map((r) => (r.teamId === row.teamId ? changed : r));
      return {
        state: {
          scoreboard: withRows(state, rows),
          heard: { ...state.heard, [submission.id]: points },
        },
        stale: false,
      };
    }
    case 'game': {
      // Ended, paused, resumed or a new end: the screen shows it now, before the next board.
      const { phase, startsAt, endsAt, pausedAt } = event.control;
      const game = { ...state.scoreboard.game, phase, startsAt, endsAt, pausedAt };
      return { state: { ...state, scoreboard: { ...state.scoreboard, game } }, stale: false };
    }
    case 'withdrawn':
      // Hidden or rejected: the points come with the next `scoreboard`, which judging sends.
      return { state, stale: false };
    case 'unknown':
      return { state, stale: true };
  }
}
