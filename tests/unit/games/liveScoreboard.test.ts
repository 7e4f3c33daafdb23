/**
 * The in-memory scoreboard of a live game (server/services/games/liveScoreboard.ts): ranked as
 * the database ranks it, serialised once with each phone's own row spliced in exactly as
 * playerScoreboard() would cut it, and moved only by news that is newer than what it holds.
 */
import { describe, expect, it } from 'vitest';
import { LiveScoreboard, type BoardTeam } from '../../../server/services/games/liveScoreboard';
import {
  PLAYER_SCOREBOARD_ROWS,
  playerScoreboard,
  type PublicGame,
  type Scoreboard,
} from '../../../src/domain/games';

const game = { code: 'ABC123', name: 'Quiz', teamsCount: 0 } as unknown as PublicGame;
const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, second)).toISOString();
const team = (i: number, score = 0, lastAnswerAt: string | null = null): BoardTeam => ({
  id: `team-${String(i).padStart(3, '0')}`,
  name: `Team ${i}`,
  photoUrl: null,
  score,
  answered: score / 10,
  lastAnswerAt,
});

describe('live scoreboard', () => {
  it('ranks by score, then who got there first (no answer last), then name, with shared ranks for equal scores', () => {
    const board = new LiveScoreboard();
    board.reset([
      team(1, 10, at(5)),
      team(2, 20, at(9)),
      team(3, 10, at(2)),
      team(4),
      team(5, 20, at(9)),
    ]);
    const full = JSON.parse(board.snapshot(game, at(30)).fullJson()) as Scoreboard;
    expect(full.rows.map((row) => [row.rank, row.name])).toEqual([
      [1, 'Team 2'],
      [1, 'Team 5'],
      [3, 'Team 3'],
      [3, 'Team 1'],
      [5, 'Team 4'],
    ]);
    expect(full.updatedAt).toBe(at(30));
  });

  it('gives each phone the top rows and its own row, exactly as playerScoreboard cuts the whole board', () => {
    const board = new LiveScoreboard();
    board.reset(Array.from({ length: 50 }, (_, i) => team(i, i * 10, at(i))));
    const snapshot = board.snapshot(game, at(59));
    const full = JSON.parse(snapshot.fullJson()) as Scoreboard;
    for (const teamId of [undefined, 'team-049', 'team-000', 'team-010', 'no-such-team']) {
      expect(JSON.parse(snapshot.playerJson(teamId))).toEqual(playerScoreboard(full, teamId));
    }
    expect((JSON.parse(snapshot.playerJson('team-000')) as Scoreboard).rows).toHaveLength(
      PLAYER_SCOREBOARD_ROWS + 1,
    );
  });

  it('takes an answer’s standing only when it has more answers than the board, so a late notice cannot move a team back', () => {
    const board = new LiveScoreboard();
    board.reset([team(1)]);
    expect(
      board.applyStanding({ teamId: 'team-001', score: 20, answered: 2, lastAnswerAt: at(8) }),
    ).toBe(true);
    expect(
      board.applyStanding({ teamId: 'team-001', score: 10, answered: 1, lastAnswerAt: at(4) }),
    ).toBe(false);
    const [row] = (JSON.parse(board.snapshot(game, at(9)).fullJson()) as Scoreboard).rows;
    expect(row).toMatchObject({ score: 20, answered: 2, lastAnswerAt: at(8) });
    expect(board.stale).toBe(false);
  });

  it('asks to be read again when news does not fit what it holds: an unknown team, a changed score', () => {
    const board = new LiveScoreboard();
    board.reset([team(1, 10, at(1))]);
    board.applyTeam({ id: 'team-002', name: 'Owls', photoUrl: null, score: 0, joinedAt: at(2) });
    expect(board.size).toBe(2);
    expect(board.stale).toBe(false);
    board.applyTeam({
      id: 'team-001',
      name: 'Renamed',
      photoUrl: null,
      score: 10,
      joinedAt: at(0),
    });
    expect(board.stale).toBe(false);
    board.applyTeam({
      id: 'team-001',
      name: 'Renamed',
      photoUrl: null,
      score: 15,
      joinedAt: at(0),
    });
    expect(board.stale).toBe(true);

    board.reset([team(1)]);
    board.applyStanding({ teamId: 'team-404', score: 10, answered: 1, lastAnswerAt: at(3) });
    expect(board.stale).toBe(true);
  });
});
