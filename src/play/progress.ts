/** What the team has done: the server's progress, the answers still on the phone, and the score. */
import type { AnswerResult, PlayerState, ProgressEntry } from '../domain/games';
import type { OutboxEntry } from './outbox';

export type TaskStatus =
  | { kind: 'todo' }
  | { kind: 'queued'; entry: OutboxEntry }
  | { kind: 'done'; entry: ProgressEntry };

export function taskStatus(
  stepId: string,
  progress: readonly ProgressEntry[],
  outbox: readonly OutboxEntry[],
): TaskStatus {
  const done = progress.find((p) => p.stepId === stepId);
  if (done) return { kind: 'done', entry: done };
  const queued = outbox.find((e) => e.stepId === stepId);
  return queued ? { kind: 'queued', entry: queued } : { kind: 'todo' };
}

/** A sent answer's result folded into the state: its progress entry and the new score. */
export function applyResult(state: PlayerState, result: AnswerResult): PlayerState {
  return {
    ...state,
    team: { ...state.team, score: result.score },
    progress: [...state.progress.filter((p) => p.stepId !== result.entry.stepId), result.entry],
  };
}

/** The next task still to do after `stepId`, going round to the start; null when all are done. */
export function nextTodo(
  state: PlayerState,
  outbox: readonly OutboxEntry[],
  stepId: string,
): string | null {
  const { steps } = state;
  const start = steps.findIndex((s) => s.id === stepId);
  for (let i = 1; i <= steps.length; i++) {
    const step = steps[(start + i) % steps.length];
    if (step && step.id !== stepId && taskStatus(step.id, state.progress, outbox).kind === 'todo') {
      return step.id;
    }
  }
  return null;
}

/** Short status words for the task list. */
export function statusLabel(status: TaskStatus): string {
  if (status.kind === 'todo') return 'To do';
  if (status.kind === 'queued') return 'Sending';
  if (status.entry.kind === 'pass') return 'Passed';
  return 'Answered';
}
