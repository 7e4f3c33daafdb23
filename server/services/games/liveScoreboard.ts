/**
 * One game's scoreboard kept in memory (ARCHITECTURE.md: "live game state is kept
 * incrementally and serialised once per update"): loaded from the teams table once, then moved
 * by the game's events (a team joined, a team answered) instead of read again on every change.
 * What events cannot say exactly (a judgement, a team removed, an organiser's score change) marks
 * the board stale, and the next update reads it again. Each update is serialised once: the whole
 * board for live screens, and the top rows for phones with each phone's own row spliced in
 * (`playerJson`), so 2,000 phones cost one serialisation and 2,000 string joins, not 2,000
 * serialisations.
 */
import {
  PLAYER_SCOREBOARD_ROWS,
  type PublicGame,
  type ScoreboardRow,
  type Team,
} from '../../../src/domain/games';

/** What ranks a team: the columns of the teams table the scoreboard reads. */
export interface BoardTeam {
  id: string;
  name: string;
  photoUrl: string | null;
  score: number;
  answered: number;
  lastAnswerAt: string | null;
}

/** A team's score after an answer, as the answer's event carries it (realtime.ts). */
export interface TeamStanding {
  teamId: string;
  score: number;
  answered: number;
  lastAnswerAt: string;
}

/** One update of the board, serialised. */
export interface BoardSnapshot {
  /** The whole scoreboard as JSON (live screens), made only when a screen watches. */
  readonly fullJson: () => string;
  /** The scoreboard a phone gets: the top rows and, when it is below them, its own row. */
  playerJson(teamId: string | undefined): string;
}

/**
 * The ranking (the same as the database query of players.ts `scoreboard`): score, then who got
 * there first (no answer yet sorts last), then name. Names compare by UTF-16 code units, as the
 * database's C collation compares them.
 */
function ranksBefore(a: BoardTeam & { nameKey: string }, b: BoardTeam & { nameKey: string }) {
  if (a.score !== b.score) return b.score - a.score;
  if (a.lastAnswerAt !== b.lastAnswerAt) {
    if (a.lastAnswerAt === null) return 1;
    if (b.lastAnswerAt === null) return -1;
    return a.lastAnswerAt < b.lastAnswerAt ? -1 : 1;
  }
  return a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0;
}

export class LiveScoreboard {
  private readonly teams = new Map<string, BoardTeam & { nameKey: string }>();
  /** Set when an event changed what the board cannot follow by itself: read it again. */
  stale = false;

  /** Replaces the board with the teams as the database has them. */
  reset(teams: readonly BoardTeam[]): void {
    this.teams.clear();
    for (const team of teams) this.teams.set(team.id, { ...team, nameKey: nameKeyOf(team.name) });
    this.stale = false;
  }

  get size(): number {
    return this.teams.size;
  }

  /**
   * A team's score after an answer. Answers only ever add one to `answered`, so a standing with
   * no more answers than the board has is an older one arriving late (from another instance)
   * and changes nothing.
   */
  applyStanding(standing: TeamStanding): boolean {
    const team = this.teams.get(standing.teamId);
    if (!team) {
      this.stale = true; // joined through another instance, whose notice has not arrived
      return true;
    }
    if (standing.answered <= team.answered) return false;
    team.score = standing.score;
    team.answered = standing.answered;
    team.lastAnswerAt = standing.lastAnswerAt;
    return true;
  }

  /**
   * A team that joined, or whose name or photo changed. A new team starts at its score; for a
   * known one, a score other than the board's (an organiser's change) is read again from the
   * database rather than believed, since the notice may be older than the last answer.
   */
  applyTeam(team: Team): void {
    const known = this.teams.get(team.id);
    if (!known) {
      this.teams.set(team.id, {
        id: team.id,
        name: team.name,
        nameKey: nameKeyOf(team.name),
        photoUrl: team.photoUrl,
        score: team.score,
        answered: 0,
        lastAnswerAt: null,
      });
      return;
    }
    known.name = team.name;
    known.nameKey = nameKeyOf(team.name);
    known.photoUrl = team.photoUrl;
    if (known.score !== team.score) this.stale = true;
  }

  /** Ranks the board and serialises it once for everyone who watches it. */
  snapshot(game: PublicGame, updatedAt: string): BoardSnapshot {
    const ranked = [...this.teams.values()].sort(ranksBefore);
    let rank = 0;
    let previous: number | null = null;
    const rows: ScoreboardRow[] = ranked.map((team, i) => {
      if (team.score !== previous) rank = i + 1;
      previous = team.score;
      return {
        rank,
        teamId: team.id,
        name: team.name,
        photoUrl: team.photoUrl,
        score: team.score,
        answered: team.answered,
        lastAnswerAt: team.lastAnswerAt,
      };
    });
    const gameJson = JSON.stringify(game);
    const tail = `],"updatedAt":${JSON.stringify(updatedAt)}}`;
    const top = rows.slice(0, PLAYER_SCOREBOARD_ROWS);
    const topIds = new Set(top.map((row) => row.teamId));
    const head = `{"game":${gameJson},"rows":[${top.map((row) => JSON.stringify(row)).join(',')}`;
    const topJson = head + tail;
    let below: Map<string, ScoreboardRow> | null = null;
    let full: string | null = null;
    return {
      fullJson: () =>
        (full ??= `{"game":${gameJson},"rows":${JSON.stringify(rows)}${tail.slice(1)}`),
      playerJson(teamId) {
        if (!teamId || topIds.has(teamId)) return topJson;
        below ??= new Map(rows.slice(PLAYER_SCOREBOARD_ROWS).map((row) => [row.teamId, row]));
        const own = below.get(teamId);
        return own ? `${head},${JSON.stringify(own)}${tail}` : topJson;
      },
    };
  }
}

/** As the teams table keeps it (players.ts joinGame): lower case, so that ties sort alike. */
const nameKeyOf = (name: string) => name.toLowerCase();
