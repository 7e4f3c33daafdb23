/**
 * The ranking the live screens keep between two reads of the server's scoreboard (the same rule
 * the server ranks by: score, then who got there first, then name; equal scores share a rank).
 */
import { describe, expect, it } from 'vitest';
import { compareRows, rankRows, tiedRanks } from '../../../src/live/state/ranking';
import { row } from './fixtures';

const order = (rows: ReturnType<typeof rankRows>) => rows.map((r) => `${r.rank}:${r.teamId}`);

describe('ranking', () => {
  it('more points rank higher', () => {
    const ranked = rankRows([
      row('a', { score: 10 }),
      row('b', { score: 30 }),
      row('c', { score: 20 }),
    ]);
    expect(order(ranked)).toEqual(['1:b', '2:c', '3:a']);
  });

  it('equal points share a rank, and the next rank skips (1, 2, 2, 4)', () => {
    const ranked = rankRows([
      row('a', { score: 40 }),
      row('b', { score: 20, lastAnswerAt: '2030-01-01T10:00:00Z' }),
      row('c', { score: 20, lastAnswerAt: '2030-01-01T10:01:00Z' }),
      row('d', { score: 5 }),
    ]);
    expect(order(ranked)).toEqual(['1:a', '2:b', '2:c', '4:d']);
    expect(tiedRanks(ranked)).toEqual(new Set([2]));
  });

  it('within a tie, the team that got there first (earlier last answer) is listed first', () => {
    const ranked = rankRows([
      row('late', { score: 20, lastAnswerAt: '2030-01-01T10:05:00Z' }),
      row('early', { score: 20, lastAnswerAt: '2030-01-01T10:01:00Z' }),
    ]);
    expect(ranked.map((r) => r.teamId)).toEqual(['early', 'late']);
  });

  it('within a tie, a team that has not answered yet comes after the teams that have', () => {
    const ranked = rankRows([
      row('idle', { score: 0, lastAnswerAt: null }),
      row('wrong', { score: 0, lastAnswerAt: '2030-01-01T10:05:00Z' }),
    ]);
    expect(ranked.map((r) => r.teamId)).toEqual(['wrong', 'idle']);
  });

  it('then by name, whatever the case, so the order never flickers', () => {
    const rows = [
      row('1', { name: 'zebras' }),
      row('2', { name: 'Apples' }),
      row('3', { name: 'bees' }),
    ];
    expect(rankRows(rows).map((r) => r.name)).toEqual(['Apples', 'bees', 'zebras']);
    expect(rankRows([...rows].reverse()).map((r) => r.name)).toEqual(['Apples', 'bees', 'zebras']);
    expect(compareRows(row('x', { name: 'Same' }), row('y', { name: 'same' }))).toBeLessThan(0);
  });

  it('does not change the rows it is given', () => {
    const rows = [row('a', { score: 1, rank: 9 }), row('b', { score: 2, rank: 9 })];
    rankRows(rows);
    expect(rows.map((r) => [r.teamId, r.rank])).toEqual([
      ['a', 9],
      ['b', 9],
    ]);
  });
});
