/**
 * The judging queue's rules (components/JudgingQueue.tsx): which submissions it lists under each
 * filter, what Approve sends, and which key does what. Kept apart from the component so that
 * they can be read, and tested, on their own.
 */
import type { Step } from '../../domain/schemas';
import { effectivePoints, type Statistics, type Submission } from '../../domain/games';
import type { Judgement } from './judging';

export interface QueueItem {
  submission: Submission;
  /** The task as the game was launched with it; null for a task no longer in the snapshot. */
  step: Step | null;
  /** 1-based, as the statistics number tasks. */
  taskNumber: number | null;
}

export const QUEUE_FILTERS = ['review', 'all', 'rejected', 'hidden'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

export const QUEUE_FILTER_LABELS: Record<QueueFilter, string> = {
  review: 'To review',
  all: 'All',
  rejected: 'Rejected',
  hidden: 'Hidden',
};

/**
 * Every submission worth judging, newest first. Passes are left out: a pass gave nothing to
 * judge, and it counts 0 whatever happens.
 */
export function queueItems(statistics: Statistics): QueueItem[] {
  const steps = new Map(statistics.steps.map((s, index) => [s.step.id, { step: s.step, index }]));
  return statistics.submissions
    .filter((s) => s.kind !== 'pass')
    .map((submission) => {
      const found = steps.get(submission.stepId);
      return {
        submission,
        step: found?.step ?? null,
        taskNumber: found ? found.index + 1 : null,
      };
    })
    .sort(
      (a, b) =>
        Date.parse(b.submission.createdAt) - Date.parse(a.submission.createdAt) ||
        a.submission.id.localeCompare(b.submission.id),
    );
}

/** The points the task is worth: what Approve gives. */
export const taskPoints = (item: QueueItem): number => item.step?.points ?? item.submission.points;

/**
 * Whether the organiser has had their say on it: rejected, hidden, or points of their own (Approve
 * stores the task's points as theirs). The server keeps no "seen" mark, so this is the mark.
 */
export const touched = (submission: Submission): boolean =>
  submission.rejected || submission.hidden || submission.adjustedPoints !== null;

/**
 * What only a person can judge and nobody has yet: photos, videos, challenges marked done, and
 * wrong free-text answers (a typo, another spelling). The app's own marking of a right answer or
 * of a multiple-choice answer needs no second look.
 */
export function needsReview(item: QueueItem): boolean {
  const { submission } = item;
  if (touched(submission)) return false;
  if (submission.kind === 'media' || submission.kind === 'done') return true;
  return (
    submission.kind === 'answer' && submission.correct === false && item.step?.type === 'freeText'
  );
}

export function matchesFilter(item: QueueItem, filter: QueueFilter): boolean {
  switch (filter) {
    case 'review':
      return needsReview(item);
    case 'all':
      return true;
    case 'rejected':
      return item.submission.rejected;
    case 'hidden':
      return item.submission.hidden;
  }
}

/**
 * Approve: the submission counts, for the task's full points. A rejected one is restored; a wrong
 * answer counts as right; points the organiser set lower are raised to the task's; a photo,
 * video or challenge to review gets the task's points as the organiser's, which marks it
 * reviewed. Null when there is nothing to do: it counts the task's points already, and needs no
 * review (an answer the app found right, or one approved before).
 */
export function approveChange(item: QueueItem): Judgement | null {
  const { submission } = item;
  const points = taskPoints(item);
  if (!submission.rejected && effectivePoints(submission) === points && !needsReview(item)) {
    return null;
  }
  const change: Judgement = {};
  if (submission.rejected) change.rejected = false;
  if (submission.adjustedPoints !== points) change.points = points;
  return Object.keys(change).length === 0 ? null : change;
}

/** Reject, or Restore a rejected one. */
export const rejectChange = (submission: Submission): Judgement => ({
  rejected: !submission.rejected,
});

/** Hide from the presentation, or Show a hidden one again. */
export const hideChange = (submission: Submission): Judgement => ({
  hidden: !submission.hidden,
});

export type QueueAction = 'next' | 'previous' | 'approve' | 'reject' | 'hide' | 'points';

/** The keys, as the queue's hint lists them. */
export const QUEUE_KEYS: readonly { keys: string[]; action: string }[] = [
  { keys: ['J', '↓'], action: 'next' },
  { keys: ['K', '↑'], action: 'previous' },
  { keys: ['A'], action: 'approve' },
  { keys: ['R'], action: 'reject / restore' },
  { keys: ['H'], action: 'hide / show' },
  { keys: ['P'], action: 'points' },
];

const ACTIONS: Readonly<Record<string, QueueAction>> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  a: 'approve',
  r: 'reject',
  h: 'hide',
  p: 'points',
};

/** Where typing goes: keys pressed there are the typist's, never the queue's. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')
    ? true
    : false;
}

/**
 * The queue's action for a key press, or null: nothing while typing in a field, and nothing with
 * Ctrl, Alt or Meta (the browser's and the system's shortcuts stay theirs). Shift+A is not A:
 * a capital is not what the hint says.
 */
export function queueKeyAction(event: {
  key: string;
  target: EventTarget | null;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
}): QueueAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.shiftKey && event.key.length === 1) return null;
  // Caps Lock on: "A" without Shift is still the A of the hint.
  return ACTIONS[event.key.length === 1 ? event.key.toLowerCase() : event.key] ?? null;
}
