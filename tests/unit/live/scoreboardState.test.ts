/**
 * Applying a stream event to the scoreboard a screen shows (src/live/state/scoreboardState.ts):
 * what it can apply for certain it applies; anything else makes it read the whole scoreboard again.
 */
import { describe, expect, it } from 'vitest';
import { applyScoreboardEvent, scoreboardState } from '../../../src/live/state/scoreboardState';
import { decodeLiveEvent } from '../../../src/live/state/events';
import { row, scoreboard, submission, team } from './fixtures';

const READ_AT = '2030-01-01T10:00:00.000Z';
const AFTER = '2030-01-01T10:00:05.000Z';
const BEFORE = '2030-01-01T09:59:00.000Z';

const twoTeams = () =>
  scoreboardState(
    scoreboard(
      [
        row('a', { rank: 1, score: 30, answered: 2, lastAnswerAt: BEFORE }),
        row('b', { rank: 2, score: 20, answered: 1, lastAnswerAt: BEFORE }),
      ],
      READ_AT,
    ),
  );

const ids = (s: ReturnType<typeof twoTeams>) =>
  s.scoreboard.rows.map((r) => `${r.rank}:${r.teamId}:${r.score}`);

describe('applying an event to the scoreboard', () => {
  it('a scoreboard event is the server’s whole scoreboard: it replaces ours', () => {
    const next = scoreboard([row('c', { score: 5 })], AFTER);
    const { state, stale } = applyScoreboardEvent(twoTeams(), {
      type: 'scoreboard',
      scoreboard: next,
    });
    expect(ids(state)).toEqual(['1:c:5']);
    expect(stale).toBe(false);
  });

  it('a scoreboard older than ours (crossed on the wire) is ignored', () => {
    const old = scoreboard([row('c', { score: 5 })], BEFORE);
    const before = twoTeams();
    const { state } = applyScoreboardEvent(before, { type: 'scoreboard', scoreboard: old });
    expect(state).toBe(before);
  });

  it('the server’s ranks are kept as it sent them, rows listed by rank', () => {
    const state = scoreboardState(
      scoreboard([row('b', { rank: 2, score: 1 }), row('a', { rank: 1, score: 9 })]),
    );
    expect(ids(state)).toEqual(['1:a:9', '2:b:1']);
  });

  it('a team that joins is added with its score and nothing answered, and the count goes up', () => {
    const { state, stale } = applyScoreboardEvent(twoTeams(), { type: 'team', team: team('c') });
    expect(ids(state)).toEqual(['1:a:30', '2:b:20', '3:c:0']);
    expect(state.scoreboard.rows[2]).toMatchObject({ answered: 0, lastAnswerAt: null });
    expect(state.scoreboard.game.teamsCount).toBe(3);
    expect(stale).toBe(false);
  });

  it('a team event for a known team updates its name, photo and score, and re-ranks', () => {
    const { state } = applyScoreboardEvent(twoTeams(), {
      type: 'team',
      team: team('b', { name: 'Bees', photoUrl: '/uploads/bees.jpg', score: 45 }),
    });
    expect(ids(state)).toEqual(['1:b:45', '2:a:30']);
    expect(state.scoreboard.rows[0]).toMatchObject({ name: 'Bees', photoUrl: '/uploads/bees.jpg' });
  });

  it('a submission made after our read adds its points and one answered task to its team', () => {
    const { state, stale } = applyScoreboardEvent(twoTeams(), {
      type: 'submission',
      submission: submission('s1', { teamId: 'b', points: 15, createdAt: AFTER }),
    });
    expect(ids(state)).toEqual(['1:b:35', '2:a:30']);
    expect(state.scoreboard.rows[0]).toMatchObject({ answered: 2, lastAnswerAt: AFTER });
    expect(stale).toBe(false);
  });

  it('equal scores after an event share a rank', () => {
    const { state } = applyScoreboardEvent(twoTeams(), {
      type: 'submission',
      submission: submission('s1', { teamId: 'b', points: 10, createdAt: AFTER }),
    });
    // Tied on 30: a got there first (its last answer is older).
    expect(ids(state)).toEqual(['1:a:30', '1:b:30']);
  });

  it('a rejected submission counts for no points; judging one we heard of moves the score by the difference', () => {
    let { state } = applyScoreboardEvent(twoTeams(), {
      type: 'submission',
      submission: submission('s1', { teamId: 'b', points: 50, createdAt: AFTER }),
    });
    expect(ids(state)).toEqual(['1:b:70', '2:a:30']);
    ({ state } = applyScoreboardEvent(state, {
      type: 'submission',
      submission: submission('s1', { teamId: 'b', points: 50, rejected: true, createdAt: AFTER }),
    }));
    expect(ids(state)).toEqual(['1:a:30', '2:b:20']);
    ({ state } = applyScoreboardEvent(state, {
      type: 'submission',
      submission: submission('s1', {
        teamId: 'b',
        points: 50,
        adjustedPoints: 25,
        createdAt: AFTER,
      }),
    }));
    expect(ids(state)).toEqual(['1:b:45', '2:a:30']);
    // Judging is not a new answer.
    expect(state.scoreboard.rows[0]?.answered).toBe(2);
  });

  it('judging a submission from before our read cannot be applied for certain: read again', () => {
    const before = twoTeams();
    const { state, stale } = applyScoreboardEvent(before, {
      type: 'submission',
      submission: submission('old', { teamId: 'a', rejected: true, createdAt: BEFORE }),
    });
    expect(state).toBe(before);
    expect(stale).toBe(true);
  });

  it('a submission of a team we do not know: read again', () => {
    const { stale } = applyScoreboardEvent(twoTeams(), {
      type: 'submission',
      submission: submission('s1', { teamId: 'zzz', createdAt: AFTER }),
    });
    expect(stale).toBe(true);
  });

  it('a game event (ended, paused, resumed, a new end) changes the phase and dates shown, keeping the rows', () => {
    const control = {
      id: 'game-1',
      phase: 'paused' as const,
      startsAt: '2030-01-01T09:00:00.000Z',
      endsAt: '2030-01-01T12:00:00.000Z',
      pausedAt: AFTER,
    };
    const event = decodeLiveEvent('game', JSON.stringify(control));
    expect(event).toEqual({ type: 'game', control });
    const { state, stale } = applyScoreboardEvent(twoTeams(), event);
    expect(stale).toBe(false);
    expect(state.scoreboard.game).toMatchObject({
      phase: 'paused',
      endsAt: control.endsAt,
      pausedAt: AFTER,
    });
    expect(ids(state)).toEqual(ids(twoTeams()));
  });

  it('an event the screen cannot read: read again', () => {
    const { stale } = applyScoreboardEvent(twoTeams(), decodeLiveEvent('team', '{"nonsense":1}'));
    expect(stale).toBe(true);
  });
});

describe('reading stream events', () => {
  it('reads the shared shape as the server sends it', () => {
    const event = decodeLiveEvent('team', JSON.stringify(team('a')));
    expect(event).toEqual({ type: 'team', team: team('a') });
  });

  it('a payload not in the protocol’s shape (wrapped in a field of the event’s name) is an unknown event: read again, not guessed', () => {
    const sub = submission('s1');
    const event = decodeLiveEvent('submission', JSON.stringify({ type: 'x', submission: sub }));
    expect(event).toEqual({ type: 'unknown', name: 'submission' });
    expect(applyScoreboardEvent(twoTeams(), event).stale).toBe(true);
  });

  it('anything else is an unknown event, never an exception', () => {
    expect(decodeLiveEvent('scoreboard', 'not json')).toEqual({
      type: 'unknown',
      name: 'scoreboard',
    });
    expect(decodeLiveEvent('ready', '{}')).toEqual({ type: 'unknown', name: 'ready' });
  });
});
