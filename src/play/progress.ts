/** What the team has done: the server's progress, the answers still on the phone, and the score. */
import type { AnswerResult, PlayerState, ProgressEntry } from '../domain/games';
import type { OutboxEntry, OutboxView } from './outbox';

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

/**
 * Where an answer still on the phone is: an answer being sent, an upload and how far it got,
 * an upload waiting behind another one, or waiting for the connection.
 */
export type Delivery =
  | { kind: 'sending' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'next-upload' }
  | { kind: 'waiting' };

export function delivery(entry: OutboxEntry, outbox: OutboxView, offline: boolean): Delivery {
  const progress = outbox.sending[entry.clientId];
  if (!('media' in entry)) {
    if (progress !== undefined) return { kind: 'sending' };
    return outbox.waiting || offline ? { kind: 'waiting' } : { kind: 'sending' };
  }
  if (progress !== undefined) {
    return { kind: 'uploading', percent: Math.min(100, Math.floor((progress ?? 0) * 100)) };
  }
  return outbox.uploadsWaiting || offline ? { kind: 'waiting' } : { kind: 'next-upload' };
}

/** Short words for the task list: "Uploading 45%", "Waiting for connection". */
export function deliveryLabel(entry: OutboxEntry, state: Delivery): string {
  switch (state.kind) {
    case 'sending':
      return 'Sending';
    case 'uploading':
      // Every byte is out; the server is still storing the file.
      return state.percent >= 100 ? 'Almost done' : `Uploading ${state.percent}%`;
    case 'next-upload':
      return 'Waiting to upload';
    case 'waiting':
      return 'media' in entry ? 'Waiting for connection' : 'Not sent yet';
  }
}
