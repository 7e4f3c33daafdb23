/**
 * Judging (src/live/state/judging.ts): Reject / Restore, adjusted points and Hide / Show change
 * the figures at once, through an overlay of pending changes over the server's statistics.
 */
import { describe, expect, it } from 'vitest';
import {
  addPending,
  applyJudgement,
  describeJudgement,
  replaceSubmission,
  settlePending,
  withPending,
} from '../../../src/live/state/judging';
import { statistics, submission } from './fixtures';

const scoreOf = (s: ReturnType<typeof statistics>, teamId: string) =>
  s.teams.find((t) => t.team.id === teamId)?.team.score;
const sub = (s: ReturnType<typeof statistics>, id: string) =>
  s.submissions.find((x) => x.id === id);

describe('judging', () => {
  it('rejecting a photo takes its points off the team’s score (rejected counts 0)', () => {
    const judged = applyJudgement(statistics(), 'p1', { rejected: true });
    expect(sub(judged, 'p1')?.rejected).toBe(true);
    expect(scoreOf(judged, 'a')).toBe(10);
  });

  it('restoring it gives the points back', () => {
    const rejected = applyJudgement(statistics(), 'p1', { rejected: true });
    expect(scoreOf(applyJudgement(rejected, 'p1', { rejected: false }), 'a')).toBe(60);
  });

  it('adjusted points replace the task’s points; null goes back to the original', () => {
    const adjusted = applyJudgement(statistics(), 'p1', { points: 20 });
    expect(sub(adjusted, 'p1')?.adjustedPoints).toBe(20);
    expect(scoreOf(adjusted, 'a')).toBe(30);
    expect(scoreOf(applyJudgement(adjusted, 'p1', { points: null }), 'a')).toBe(60);
  });

  it('a rejected submission stays at 0 whatever its adjusted points', () => {
    const both = applyJudgement(statistics(), 'p1', { rejected: true, points: 70 });
    expect(scoreOf(both, 'a')).toBe(10);
  });

  it('the other teams and submissions are left alone; an unknown submission changes nothing', () => {
    const before = statistics();
    const judged = applyJudgement(before, 'p1', { rejected: true });
    expect(scoreOf(judged, 'b')).toBe(0);
    expect(sub(judged, 'q1')).toBe(sub(before, 'q1'));
    expect(applyJudgement(before, 'nope', { rejected: true })).toBe(before);
  });

  it('the server’s answer replaces the submission and moves the score by the difference', () => {
    const next = replaceSubmission(statistics(), submission('p1', { adjustedPoints: 5 }));
    expect(scoreOf(next, 'a')).toBe(15);
  });

  it('a pending change shows over a newer read from the server until it settles (no flicker back)', () => {
    const pending = addPending({}, 'p1', { rejected: true }, 1);
    // A read that arrived while the PATCH was on its way still has the photo accepted.
    const shown = withPending(statistics(), pending);
    expect(sub(shown, 'p1')?.rejected).toBe(true);
    expect(scoreOf(shown, 'a')).toBe(10);
    // Rolled back: taking it off the overlay shows the server's figures again.
    const rolledBack = withPending(statistics(), settlePending(pending, 'p1', 1));
    expect(scoreOf(rolledBack, 'a')).toBe(60);
  });

  it('a pending change over a read that already has it does not count twice', () => {
    const server = applyJudgement(statistics(), 'p1', { rejected: true });
    const shown = withPending(server, addPending({}, 'p1', { rejected: true }, 1));
    expect(scoreOf(shown, 'a')).toBe(10);
  });

  it('hiding a submission marks it hidden and moves no points', () => {
    const hidden = applyJudgement(statistics(), 'p1', { hidden: true });
    expect(sub(hidden, 'p1')).toMatchObject({
      hidden: true,
      rejected: false,
      adjustedPoints: null,
    });
    expect(scoreOf(hidden, 'a')).toBe(60);
    expect(sub(applyJudgement(hidden, 'p1', { hidden: false }), 'p1')?.hidden).toBe(false);
  });

  it('a pending hide shows over a newer read and merges with a pending points change', () => {
    let pending = addPending({}, 'p1', { points: 20 }, 1);
    pending = addPending(pending, 'p1', { hidden: true }, 2);
    expect(pending.p1?.change).toEqual({ points: 20, hidden: true });
    const shown = withPending(statistics(), pending);
    expect(sub(shown, 'p1')).toMatchObject({ hidden: true, adjustedPoints: 20 });
    expect(scoreOf(shown, 'a')).toBe(30);
  });

  it('describes a hide and a show for the "Could not …" message', () => {
    expect(describeJudgement({ hidden: true })).toBe('hide the submission from the presentation');
    expect(describeJudgement({ hidden: false })).toBe(
      'show the submission on the presentation again',
    );
    expect(describeJudgement({ rejected: true, hidden: true })).toBe('reject the submission');
    expect(describeJudgement({ points: 15 })).toBe('set the points to 15');
  });

  it('only the latest request settles a submission’s pending change', () => {
    let pending = addPending({}, 'p1', { rejected: true }, 1);
    pending = addPending(pending, 'p1', { points: 20 }, 2);
    expect(pending.p1?.change).toEqual({ rejected: true, points: 20 });
    expect(settlePending(pending, 'p1', 1)).toBe(pending);
    expect(settlePending(pending, 'p1', 2)).toEqual({});
  });
});
