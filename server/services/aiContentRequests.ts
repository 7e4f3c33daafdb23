/**
 * AI content requests (SPEC §3, §7; docs/ai.md): creating one, answering its status, and the
 * job queue that any server instance works through. A request is a row; a worker claims it with
 * SELECT … FOR UPDATE SKIP LOCKED and a lease, so instances never run the same job twice and a
 * job whose instance died is claimed again once its lease has run out.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { aiContentRequests, type AiJobInput } from '../db/schema';
import type {
  AiContentRequestBody,
  AiContentRequestStatus,
  Template,
} from '../../src/domain/schemas';
import { MESSAGES } from '../../src/domain/messages';
import { canCreateLocationGames } from '../../src/domain/plans';
import { serverMessages } from '../messages';
import { forbidden, HttpError, notFound } from '../errors';
import type { Actor } from '../types';
import { getTemplate, getWritableRow, ownedBy } from './templates';

export type AiJobRow = typeof aiContentRequests.$inferSelect;

/** A user or guest may have this many requests waiting or running at once. */
export const MAX_UNFINISHED_PER_OWNER = 3;
/** A job fails for good after this many claims (each crash of an instance costs one). */
export const MAX_ATTEMPTS = 3;

const ownedJobs = (actor: Actor): SQL => ownedBy(actor, aiContentRequests);

/** The requestorId the client sends must be the caller: the user's id, or the guest's AnonId. */
function checkRequestor(actor: Actor, requestorId: string | undefined): void {
  if (requestorId === undefined) return;
  if (requestorId !== actor.userId && requestorId !== actor.anonId) {
    throw forbidden(
      'requestorId must be your own id: the signed-in user’s id, or the AnonId of this browser.',
    );
  }
}

async function checkFlooding(
  db: Database,
  actor: Actor,
  perHour: number,
  now: Date,
): Promise<void> {
  const [unfinished] = await db
    .select({ n: count() })
    .from(aiContentRequests)
    .where(and(ownedJobs(actor), inArray(aiContentRequests.status, ['queued', 'running'])));
  if ((unfinished?.n ?? 0) >= MAX_UNFINISHED_PER_OWNER) {
    throw new HttpError(
      429,
      `You already have ${MAX_UNFINISHED_PER_OWNER} activities being generated. Please wait for one to finish, then try again.`,
    );
  }
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ n: count() })
    .from(aiContentRequests)
    .where(and(ownedJobs(actor), gte(aiContentRequests.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= perHour) {
    throw new HttpError(
      429,
      `You have asked the AI Assistant for ${perHour} activities in the last hour, the most it takes. Please try again later.`,
    );
  }
}

/** POST /ai_content_requests: checks the request and queues it; the id is the status URL's end. */
export async function createAiRequest(
  db: Database,
  actor: Actor,
  body: AiContentRequestBody,
  options: { requestsPerHour: number; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  if (!actor.userId && !actor.anonId) throw new HttpError(401, serverMessages.signInRequired);
  checkRequestor(actor, 'requestorId' in body ? body.requestorId : undefined);

  let mode: 'new' | 'existing';
  let templateId: string | null = null;
  let input: AiJobInput;
  if ('templateId' in body) {
    // Another owner's template is "not found"; a library template is read-only (403).
    await getWritableRow(db, body.templateId, actor);
    mode = 'existing';
    templateId = body.templateId;
    input = { topics: body.topics, stepsCount: 0 };
  } else if ('name' in body) {
    if (body.gameType === 'location' && !canCreateLocationGames(actor.plan)) {
      throw forbidden(serverMessages.locationNeedsHigherTier);
    }
    mode = 'new';
    const { topics, name, gameType, deliveryType, duration, stepsCount } = body;
    input = { topics, name, gameType, deliveryType, duration, stepsCount };
  } else {
    mode = 'new';
    input = { topics: body.topics, stepsCount: 20 };
  }

  await checkFlooding(db, actor, options.requestsPerHour, now);
  const id = randomUUID();
  await db.insert(aiContentRequests).values({
    id,
    ownerUserId: actor.userId,
    ownerAnonId: actor.userId ? null : actor.anonId,
    mode,
    templateId,
    input,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** GET /ai_content_requests/{id}: waiting, done (with the template), or the failure's message. */
export async function getAiRequestStatus(
  db: Database,
  actor: Actor,
  id: string,
): Promise<AiContentRequestStatus> {
  const [row] = await db
    .select()
    .from(aiContentRequests)
    .where(and(eq(aiContentRequests.id, id), ownedJobs(actor)));
  if (!row) throw notFound('This AI request does not exist.');
  if (row.status === 'failed') {
    throw new HttpError(row.errorStatus ?? 500, row.errorMessage ?? MESSAGES.ai.requestFailed);
  }
  if (row.status !== 'completed' || !row.completedAt) return { completedAt: null, template: null };
  const template: Template =
    row.mode === 'existing' ? row.result! : await getTemplate(db, row.templateId!, actor);
  return { completedAt: row.completedAt.toISOString(), template };
}

// ---------------------------------------------------------------------------------------------
// The queue

/**
 * Claims the oldest waiting job (or one whose lease ran out: its instance died) for leaseMs.
 * SKIP LOCKED lets several instances claim at once without waiting for each other.
 */
export async function claimNextJob(
  db: Database,
  leaseMs: number,
  now = new Date(),
): Promise<AiJobRow | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(aiContentRequests)
      .where(
        or(
          eq(aiContentRequests.status, 'queued'),
          and(eq(aiContentRequests.status, 'running'), lt(aiContentRequests.leaseUntil, now)),
        ),
      )
      .orderBy(asc(aiContentRequests.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    if (job.attempts >= MAX_ATTEMPTS) {
      await tx
        .update(aiContentRequests)
        .set({
          status: 'failed',
          errorStatus: 500,
          errorMessage: MESSAGES.ai.requestFailed,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(eq(aiContentRequests.id, job.id));
      // Another job may be waiting behind this one; the runner asks again straight away.
      return { ...job, status: 'failed' };
    }
    const [claimed] = await tx
      .update(aiContentRequests)
      .set({
        status: 'running',
        attempts: job.attempts + 1,
        leaseUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(eq(aiContentRequests.id, job.id))
      .returning();
    return claimed ?? null;
  });
}

/** The job's owner now: a guest who signed up meanwhile has become a user. */
export async function currentOwner(db: Database, jobId: string) {
  const [row] = await db
    .select({
      ownerUserId: aiContentRequests.ownerUserId,
      ownerAnonId: aiContentRequests.ownerAnonId,
    })
    .from(aiContentRequests)
    .where(eq(aiContentRequests.id, jobId));
  return row ?? null;
}

export async function completeJob(
  db: Database,
  jobId: string,
  outcome: { templateId: string; result: Template | null; generator: string },
  now = new Date(),
): Promise<void> {
  await db
    .update(aiContentRequests)
    .set({
      status: 'completed',
      templateId: outcome.templateId,
      result: outcome.result,
      generator: outcome.generator,
      leaseUntil: null,
      completedAt: now,
      updatedAt: now,
    })
    .where(eq(aiContentRequests.id, jobId));
}

export async function failJob(
  db: Database,
  jobId: string,
  failure: { status: number; message: string },
  now = new Date(),
): Promise<void> {
  await db
    .update(aiContentRequests)
    .set({
      status: 'failed',
      errorStatus: failure.status,
      errorMessage: failure.message,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(eq(aiContentRequests.id, jobId));
}

/** An unexpected error: back to the queue for another try (MAX_ATTEMPTS in all). */
export async function releaseJob(db: Database, jobId: string, now = new Date()): Promise<void> {
  await db
    .update(aiContentRequests)
    .set({ status: 'queued', leaseUntil: null, updatedAt: now })
    .where(eq(aiContentRequests.id, jobId));
}
