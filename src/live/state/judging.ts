/**
 * Judging on the statistics screen: Reject / Restore, adjusting points, and Hide / Show on the
 * presentation (points unchanged).
 * A change shows at once (optimistic): pending changes are laid over the last statistics the
 * server sent, so a read that arrives while a change is on its way does not undo it on screen.
 * When the server accepts, its answer becomes the truth; when it refuses, the change is simply
 * dropped from the overlay (rolled back) and the screen says why.
 */
import {
  effectivePoints,
  type JudgeRequest,
  type Statistics,
  type Submission,
} from '../../domain/games';

/**
 * One judging change: `points: null` takes an adjustment back to the original points; `hidden`
 * moves no points.
 */
export type Judgement = JudgeRequest;

export interface PendingJudgement {
  change: Judgement;
  /** Which request this is: only the latest request for a submission settles it. */
  seq: number;
}

export type PendingJudgements = Readonly<Record<string, PendingJudgement>>;

function judged(submission: Submission, change: Judgement): Submission {
  return {
    ...submission,
    ...(change.rejected !== undefined ? { rejected: change.rejected } : {}),
    ...(change.points !== undefined ? { adjustedPoints: change.points } : {}),
    ...(change.hidden !== undefined ? { hidden: change.hidden } : {}),
  };
}

/**
 * The statistics with one submission replaced by `next`: the team's score moves by the
 * difference in effective points (rejected: 0; an adjustment replaces the original points).
 */
export function replaceSubmission(statistics: Statistics, next: Submission): Statistics {
  const previous = statistics.submissions.find((s) => s.id === next.id);
  if (!previous) return statistics;
  const delta = effectivePoints(next) - effectivePoints(previous);
  return {
    ...statistics,
    submissions: statistics.submissions.map((s) => (s.id === next.id ? next : s)),
    teams:
      delta === 0
        ? statistics.teams
        : statistics.teams.map((t) =>
            t.team.id === next.teamId
              ? { ...t, team: { ...t.team, score: t.team.score + delta } }
              : t,
          ),
  };
}

/** The statistics with one judging change applied. Unknown submissions are left alone. */
export function applyJudgement(
  statistics: Statistics,
  submissionId: string,
  change: Judgement,
): Statistics {
  const submission = statistics.submissions.find((s) => s.id === submissionId);
  return submission ? replaceSubmission(statistics, judged(submission, change)) : statistics;
}

/** What the screen shows: the server's statistics with every pending change laid over them. */
export function withPending(statistics: Statistics, pending: PendingJudgements): Statistics {
  return Object.entries(pending).reduce(
    (current, [id, { change }]) => applyJudgement(current, id, change),
    statistics,
  );
}

/** Adds a change to the overlay; a second change to the same submission merges with the first. */
export function addPending(
  pending: PendingJudgements,
  submissionId: string,
  change: Judgement,
  seq: number,
): PendingJudgements {
  const earlier = pending[submissionId]?.change;
  return { ...pending, [submissionId]: { change: { ...earlier, ...change }, seq } };
}

/** Takes a settled request's change off the overlay, unless a newer one has replaced it. */
export function settlePending(
  pending: PendingJudgements,
  submissionId: string,
  seq: number,
): PendingJudgements {
  if (pending[submissionId]?.seq !== seq) return pending;
  const rest = { ...pending };
  delete rest[submissionId];
  return rest;
}

/** What a change does, for messages about it: "Could not <this>: …". */
export function describeJudgement(change: Judgement): string {
  if (change.rejected === true) return 'reject the submission';
  if (change.rejected === false) return 'restore the submission';
  if (change.hidden === true) return 'hide the submission from the presentation';
  if (change.hidden === false) return 'show the submission on the presentation again';
  if (change.points === null) return 'go back to the original points';
  return `set the points to ${change.points ?? ''}`.trim();
}
