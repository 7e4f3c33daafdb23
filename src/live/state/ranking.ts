/**
 * The ranking of teams, for scoreboards the screen updates itself between two reads of the
 * server's scoreboard (a team joined, an answer came in).
 *
 * 1. More points rank higher.
 * 2. Equal points share a rank number (standard competition ranking: 1, 2, 2, 4), so a tie is
 *    shown as a tie.
 * 3. Within a tie, the team that got there first is listed first (earlier last answer); a team
 *    that has not answered yet comes after those that have.
 * 4. Then by name (case-insensitive), then by id, so the order never flickers between renders.
 */
import type { ScoreboardRow } from '../../domain/games';

const time = (iso: string | null): number => (iso === null ? Infinity : Date.parse(iso));

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The display order of two rows (rules 1, 3 and 4). */
export function compareRows(a: ScoreboardRow, b: ScoreboardRow): number {
  if (a.score !== b.score) return b.score - a.score;
  const ta = time(a.lastAnswerAt);
  const tb = time(b.lastAnswerAt);
  if (ta !== tb) return ta < tb ? -1 : 1;
  const names = byName.compare(a.name, b.name);
  if (names !== 0) return names;
  return a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0;
}

/** The rows in ranking order with their rank numbers (rule 2). Does not change its argument. */
export function rankRows(rows: readonly ScoreboardRow[]): ScoreboardRow[] {
  const sorted = [...rows].sort(compareRows);
  let rank = 0;
  return sorted.map((row, index) => {
    const previous = sorted[index - 1];
    if (!previous || previous.score !== row.score) rank = index + 1;
    return row.rank === rank ? row : { ...row, rank };
  });
}

/** The rows as the server ranked them, listed by its rank numbers (rule 3 and 4 within a rank). */
export function orderByServerRank(rows: readonly ScoreboardRow[]): ScoreboardRow[] {
  return [...rows].sort((a, b) => a.rank - b.rank || compareRows(a, b));
}

/** Whether a row's rank is shared with another team (shown as "=2"). */
export function tiedRanks(rows: readonly ScoreboardRow[]): Set<number> {
  const seen = new Set<number>();
  const tied = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.rank)) tied.add(row.rank);
    seen.add(row.rank);
  }
  return tied;
}
