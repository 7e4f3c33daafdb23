/**
 * What every content generator (docs/ai.md) takes and gives. The built-in generator and the
 * model provider both write tasks only; server/ai/assemble.ts turns them into a template and
 * checks it with the rules of src/domain.
 */
import type { GameType } from '../../src/domain/enums';
import type { Step } from '../../src/domain/schemas';

export interface GenerationRequest {
  /** The AI content request's id: the built-in generator is deterministic for a given id. */
  requestId: string;
  /** The organiser's text, trimmed (SPEC §3). */
  topics: string;
  /**
   * How many tasks to write. The built-in generator may write fewer when the text gives too
   * little (docs/ai.md); a model must write exactly this many.
   */
  count: number;
  gameType: GameType;
  /** Tasks the template keeps (locked ones): new tasks must not repeat them. */
  keep: readonly Step[];
  /** Aborted when the job runs out of time or the server shuts down. */
  signal: AbortSignal;
}

/** One generated task, with where it came from (a bank topic id, 'organiser' or 'model'). */
export interface GeneratedTask {
  step: Step;
  source: string;
  /**
   * The organiser's sentence the task was made from (source 'organiser'), or "from the question
   * bank: {topic}"; recorded as the task's origin (server/services/taskOrigins.ts) and read by the
   * tests and the bench.
   */
  provenance?: string;
  /**
   * Off the organiser's subject: the text and its subject gave no task at all, so the built-in
   * generator made a general mix (docs/ai.md "When the text gives too little").
   */
  filler?: true;
}

export interface ContentGenerator {
  readonly kind: 'builtin' | 'model';
  generate(request: GenerationRequest): Promise<GeneratedTask[]>;
}

/**
 * A generation that cannot succeed. 'incomplete': the content could not be made valid (SPEC §8
 * 422). 'unavailable': the model could not be reached, timed out or failed.
 */
export class GenerationError extends Error {
  constructor(
    readonly reason: 'incomplete' | 'unavailable',
    /** For the server log only; organisers see the messages of SPEC §8. */
    detail: string,
  ) {
    super(detail);
  }
}
