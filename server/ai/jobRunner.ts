/**
 * Works through the AI request queue (server/services/aiContentRequests.ts): claims a job, runs
 * the generator, turns the tasks into a template and records the outcome. Each server instance
 * runs one of these with a few jobs at a time; a new request wakes it at once, and a poll picks
 * up jobs that other instances queued or that were left behind by an instance that died.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { RealtimeBus } from '../services/realtime';
import { ownerChannel, requestorChannel } from '../services/realtime';
import { AI_REQUEST_FINISHED } from '../../src/domain/aiEvents';
import { templateChanged } from '../../src/protocol/events';
import { HttpError } from '../errors';
import { MESSAGES } from '../../src/domain/messages';
import type { Step, Template } from '../../src/domain/schemas';
import { computeStepValidationErrors, isTemplateValid } from '../../src/domain/validation/template';
import {
  claimNextJob,
  completeJob,
  currentOwner,
  failJob,
  MAX_ATTEMPTS,
  releaseJob,
  type AiJobRow,
} from '../services/aiContentRequests';
import { createTemplate, getTemplate, getWritableRow, type Owner } from '../services/templates';
import { recordTaskOrigins } from '../services/taskOrigins';
import { findUserById, moveGuestTemplatesToUser } from '../services/users';
import {
  checkGeneratedSteps,
  generationNotice,
  mergeIntoTemplate,
  nameFromTopics,
  plannedCounts,
} from './assemble';
import { GenerationError, type ContentGenerator, type GeneratedTask } from './generator';

/** How often an idle runner looks for work queued by other instances or left by a dead one. */
export const AI_QUEUE_POLL_MS = 1_000;

export interface AiJobRunnerOptions {
  db: Database;
  bus: RealtimeBus;
  generator: ContentGenerator;
  log: FastifyBaseLogger;
  concurrency: number;
  /** How long a claim holds: longer than the slowest generation (the model's timeout). */
  leaseMs: number;
  pollMs?: number;
}

export interface AiJobRunner {
  start(): void;
  /** A request was queued: look now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, aborts running generations and waits for them to settle. */
  stop(): Promise<void>;
  /** Claims and runs at most one job; false when the queue was empty (tests, benchmarks). */
  runOnce(): Promise<boolean>;
}

async function ownerOf(db: Database, jobId: string): Promise<Owner | null> {
  const row = await currentOwner(db, jobId);
  if (!row) return null;
  const user = row.ownerUserId ? await findUserById(db, row.ownerUserId) : null;
  return { userId: row.ownerUserId, anonId: row.ownerAnonId, plan: user?.plan ?? 'FREE' };
}

export function createAiJobRunner(options: AiJobRunnerOptions): AiJobRunner {
  const { db, bus, generator, log } = options;
  const pollMs = options.pollMs ?? AI_QUEUE_POLL_MS;
  const running = new Set<Promise<void>>();
  const controller = new AbortController();
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let claiming = false;
  /** The claiming loop under way, which stop() waits for: it may be about to start a job. */
  let filling: Promise<void> = Promise.resolve();

  const announce = (
    owner: Owner,
    template: { id: string; revision: number; updatedAt: string },
  ) => {
    for (const channel of ownerChannel(owner)) bus.publish(channel, templateChanged(template));
  };

  /**
   * Tells the requestor's clients that the request is over, once its row says so (a status
   * call made on hearing it answers the outcome). Only the one who may read the status hears
   * it, on whatever instance their stream is (the bus relays it). Best effort: the clients'
   * 5 s poll finds the outcome anyway.
   */
  async function announceFinished(jobId: string, status: 'completed' | 'failed') {
    try {
      const row = await currentOwner(db, jobId);
      const channel = row && requestorChannel(row);
      if (channel) bus.publish(channel, { type: AI_REQUEST_FINISHED, requestId: jobId, status });
    } catch (error) {
      log.warn({ err: error, aiRequest: jobId }, 'AI request: could not announce its end');
    }
  }

  /**
   * The built-in generator writes fewer tasks rather than off-subject filler, and says so
   * (docs/ai.md); a model is asked for the count and must deliver it.
   */
  const fewestAccepted = (wanted: number) => (generator.kind === 'builtin' ? 1 : wanted);

  /**
   * Where each task came from, for the task cards and "Another task like this". Best effort: the
   * tasks matter, their origins are extra, so a failure here is logged and the request goes on.
   */
  async function recordOrigins(templateId: string, tasks: GeneratedTask[], topics: string) {
    try {
      await recordTaskOrigins(db, templateId, tasks, topics);
    } catch (error) {
      log.warn({ err: error, template: templateId }, 'AI request: could not record task origins');
    }
  }

  async function generateFor(
    job: AiJobRow,
    owner: Owner,
  ): Promise<{ templateId: string; result: Template | null; notice: string | null }> {
    if (job.mode === 'existing') {
      const row = await getWritableRow(db, job.templateId!, owner);
      const { generate } = plannedCounts(row.steps);
      const keep = row.steps.filter((step) => step.locked);
      const tasks = await generator.generate({
        requestId: job.id,
        topics: job.input.topics,
        count: generate,
        gameType: row.gameType as Template['gameType'],
        keep,
        signal: controller.signal,
      });
      const generated = tasks.map((task) => task.step);
      checkGeneratedSteps(generated, keep, generate, fewestAccepted(generate));
      const merged = mergeIntoTemplate(row.steps, generated);
      const steps: Step[] = merged.steps;
      // The result is applied by the organiser's builder, which marks it unsaved (SPEC §2.8):
      // the stored template is not changed here.
      const current = await getTemplate(db, row.id, owner);
      await recordOrigins(row.id, tasks, job.input.topics);
      return {
        templateId: row.id,
        result: { ...current, steps, stepValidationErrors: computeStepValidationErrors(steps) },
        notice: generationNotice(tasks, generate, merged.keptEarlier),
      };
    }

    const { input } = job;
    const tasks = await generator.generate({
      requestId: job.id,
      topics: input.topics,
      count: input.stepsCount,
      gameType: input.gameType ?? 'quiz',
      keep: [],
      signal: controller.signal,
    });
    const steps = tasks.map((task) => task.step);
    checkGeneratedSteps(steps, [], input.stepsCount, fewestAccepted(input.stepsCount));
    const name = input.name ?? nameFromTopics(input.topics);
    if (!isTemplateValid({ name, steps })) {
      throw new GenerationError('incomplete', 'the new template does not pass validation');
    }
    const { template } = await createTemplate(db, owner, {
      name,
      gameType: input.gameType ?? 'quiz',
      deliveryType: input.deliveryType ?? 'inPerson',
      duration: input.duration ?? 30,
      steps,
    });
    await recordOrigins(template.id, tasks, input.topics);
    // A guest who signed up while this ran has had their templates moved already; move this one
    // too (the job row moved with them, server/services/users.ts).
    const now = await ownerOf(db, job.id);
    if (now?.userId && !owner.userId && owner.anonId) {
      await moveGuestTemplatesToUser(db, owner.anonId, now.userId);
      announce(now, template);
    } else {
      announce(owner, template);
    }
    return {
      templateId: template.id,
      result: null,
      notice: generationNotice(tasks, input.stepsCount),
    };
  }

  async function run(job: AiJobRow): Promise<void> {
    const started = performance.now();
    try {
      const owner = await ownerOf(db, job.id);
      if (!owner) return;
      const outcome = await generateFor(job, owner);
      await completeJob(db, job.id, { ...outcome, generator: generator.kind });
      await announceFinished(job.id, 'completed');
      log.info(
        {
          aiRequest: job.id,
          generator: generator.kind,
          ms: Math.round(performance.now() - started),
        },
        'AI request completed',
      );
    } catch (error) {
      if (controller.signal.aborted) {
        // Shutting down: another instance (or the next start) runs it. Checked first because the
        // model generator reports an aborted call as GenerationError('unavailable').
        await releaseJob(db, job.id);
      } else if (error instanceof GenerationError) {
        log.warn(
          { aiRequest: job.id, reason: error.reason, detail: error.message },
          'AI request failed',
        );
        await failJob(
          db,
          job.id,
          error.reason === 'incomplete'
            ? { status: 422, message: MESSAGES.ai.incompleteData }
            : { status: 503, message: MESSAGES.ai.requestFailed },
        );
        await announceFinished(job.id, 'failed');
      } else if (error instanceof HttpError) {
        // The template was deleted or changed hands while the request waited.
        await failJob(db, job.id, { status: error.statusCode, message: error.errorMessage });
        await announceFinished(job.id, 'failed');
      } else {
        log.error({ err: error, aiRequest: job.id }, 'AI request crashed');
        if (job.attempts < MAX_ATTEMPTS) await releaseJob(db, job.id);
        else {
          await failJob(db, job.id, { status: 500, message: MESSAGES.ai.requestFailed });
          await announceFinished(job.id, 'failed');
        }
      }
    }
  }

  async function claimAndRun(): Promise<boolean> {
    const job = await claimNextJob(db, options.leaseMs);
    if (!job) return false;
    if (job.status === 'failed') {
      // Gave up on a job that kept crashing; look again.
      await announceFinished(job.id, 'failed');
      return true;
    }
    await run(job);
    return true;
  }

  /** Fills free slots with claimed jobs; each finished job looks for the next. */
  function fill(): Promise<void> {
    if (claiming || !started) return filling;
    claiming = true;
    filling = fillSlots().finally(() => {
      claiming = false;
    });
    return filling;
  }

  async function fillSlots(): Promise<void> {
    try {
      while (started && running.size < options.concurrency) {
        const job = await claimNextJob(db, options.leaseMs);
        if (!job) break;
        if (!started) {
          // Stopped while claiming: the job goes back to the queue rather than start after
          // stop() has returned and the database has closed (an unhandled failure in CI).
          await releaseJob(db, job.id);
          break;
        }
        if (job.status === 'failed') {
          await announceFinished(job.id, 'failed');
          continue;
        }
        const task = run(job)
          .catch((error: unknown) => log.error({ err: error, aiRequest: job.id }, 'AI job failed'))
          .finally(() => {
            running.delete(task);
            void fill();
          });
        running.add(task);
      }
    } catch (error) {
      log.error({ err: error }, 'AI queue: claiming a job failed');
    }
  }

  const schedule = () => {
    if (!started) return;
    timer = setTimeout(() => {
      void fill().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    start() {
      if (started) return;
      started = true;
      void fill();
      schedule();
    },
    wake() {
      void fill();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      controller.abort();
      await filling;
      await Promise.allSettled([...running]);
    },
    runOnce: claimAndRun,
  };
}
