/**
 * Where a task the AI assistant wrote came from, as task_origins records it (docs/ai.md "Where
 * each task came from"). Kept apart from anotherTask.ts: recording and listing origins must not
 * load the built-in generator, which an idle server does without.
 */
import type { GeneratedTask } from './generator';

/** What a recorded origin holds (server/db/schema.ts task_origins). */
export interface StoredOrigin {
  kind: 'organiserText' | 'questionBank' | 'model';
  sentence: string | null;
  topicId: string | null;
  general: boolean;
  /** The request's text. */
  topics: string;
}

/** The origin a new task records: where the built-in generator actually took it from. */
export function originOf(task: GeneratedTask, topics: string): StoredOrigin {
  return task.source === 'organiser'
    ? {
        kind: 'organiserText',
        sentence: task.provenance ?? null,
        topicId: null,
        general: false,
        topics,
      }
    : task.source === 'model'
      ? { kind: 'model', sentence: null, topicId: null, general: false, topics }
      : {
          kind: 'questionBank',
          sentence: null,
          topicId: task.source,
          general: task.filler === true,
          topics,
        };
}
