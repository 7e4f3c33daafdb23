/**
 * The podium at the end of a game: the teams on the first three places, by the server's ranks.
 * Tied teams share a place and the next place is skipped (two teams first: the next is third),
 * as the ranking list counts them.
 */
import type { ScoreboardRow } from '../../domain/games';

export interface PodiumPlace {
  rank: number;
  score: number;
  teams: ScoreboardRow[];
}

export const PODIUM_PLACES = 3;

export function podiumPlaces(rows: readonly ScoreboardRow[]): PodiumPlace[] {
  const places: PodiumPlace[] = [];
  for (const row of rows) {
    if (row.rank > PODIUM_PLACES) continue;
    const place = places.find((p) => p.rank === row.rank);
    if (place) place.teams.push(row);
    else places.push({ rank: row.rank, score: row.score, teams: [row] });
  }
  return places.sort((a, b) => a.rank - b.rank);
}

/** 1 → "1st", 2 → "2nd", 3 → "3rd". */
export const placeLabel = (rank: number): string =>
  rank === 1 ? '1st' : rank === 2 ? '2nd' : rank === 3 ? '3rd' : `${rank}th`;
