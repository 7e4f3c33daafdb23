/**
 * AI content requests (SPEC §3, §7; docs/ai.md): creating one, answering its status, and the
 * job queue that any server instance works through. A request is a row; a worker claims it with
 * SELECT … FOR UPDATE SKIP LOCKED and a lease, so instances never run the same job twice and a
 * job whose instance died is claimed again once its lease has run out.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
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
import { forbidden, HttpError, notFound, RetryLaterError } from '../errors';
import type { Actor } from './actor';
import { getTemplate, getWritableRow, ownedBy } from './templates';

export type AiJobRow = typeof aiContentRequests.$inferSelect;

/** A user or guest may have this many requests waiting or running at once. */
export const MAX_UNFINISHED_PER_OWNER = 3;
/**
 * Guests at one client address together (fresh AnonIds cost nothing) may have this many
 * requests waiting or running at once: twice one guest's, since a venue or an office shares
 * one address. Signed-in users are counted per account only.
 */
export const MAX_UNFINISHED_PER_GUEST_ADDRESS = 6;
/** A job fails for good after this many claims (each crash of an instance costs one). */
export const MAX_ATTEMPTS = 3;

/**
 * The first key of PostgreSQL's two-key advisory locks that the AI limits take (the second is
 * hashtext of the owner or address): any fixed number, the same in every instance.
 */
const AI_LIMIT_LOCK_SPACE = 7_420_016;
const HOUR_MS = 60 * 60 * 1000;

const ownedJobs = (actor: Actor): SQL => ownedBy(actor, aiContentRequests);

/**
 * What a request row keeps beside the generator's input: for a guest's request, a keyed hash of
 * the client address (never the address itself), so that guests at one address can be counted
 * together. Kept in the input's JSON until the table has a column of its own.
 */
type StoredJobInput = AiJobInput & { guestAddress?: string };

export interface AiRequestLimits {
  /** Requests per hour per user or guest (AI_REQUESTS_PER_HOUR). */
  requestsPerHour: number;
  /** Requests per hour of all guests at one client address (AI_GUEST_REQUESTS_PER_HOUR_PER_ADDRESS). */
  guestRequestsPerHourPerAddress: number;
}

/** The requestorId the client sends must be the caller: the user's id, or the guest's AnonId. */
function checkRequestor(actor: Actor, requestorId: string | undefined): void {
  if (requestorId === undefined) return;
  if (requestorId !== actor.userId && requestorId !== actor.anonId) {
    throw forbidden(
      'requestorId must be your own id: the signed-in user’s id, or the AnonId of this browser.',
    );
  }
}

/** A keyed hash of a guest's client address: comparable between requests, not reversible. */
export function guestAddressKey(address: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`ai-guest-address:${address}`)
    .digest('hex')
    .slice(0, 32);
}

/** How many of the matching requests are unfinished, and how many were made since hourAgo. */
async function countRequests(
  tx: Database,
  scope: SQL,
  hourAgo: Date,
): Promise<{ unfinished: number; lastHour: number; oldestInHour: Date | null }> {
  const unfinished = inArray(aiContentRequests.status, ['queued', 'running']);
  const recent = gte(aiContentRequests.createdAt, hourAgo);
  const [row] = await tx
    .select({
      unfinished: sql<number>`count(*) filter (where ${unfinished})::int`,
      lastHour: sql<number>`count(*) filter (where ${recent})::int`,
      oldestInHour: sql<
        string | Date | null
      >`min(${aiContentRequests.createdAt}) filter (where ${recent})`,
    })
    .from(aiContentRequests)
    .where(and(scope, or(unfinished, recent)));
  return {
    unfinished: Number(row?.unfinished ?? 0),
    lastHour: Number(row?.lastHour ?? 0),
    oldestInHour: row?.oldestInHour ? new Date(row.oldestInHour) : null,
  };
}

/**
 * Retry-After of an AI limit. Unfinished requests finish within a minute or so; the hourly
 * limit frees a place when the oldest request of the hour turns an hour old.
 */
const UNFINISHED_RETRY_S = 30;
function secondsUntilHourFrees(oldestInHour: Date | null, now: Date): number {
  if (!oldestInHour) return 60;
  return Math.max(1, Math.ceil((oldestInHour.getTime() + HOUR_MS - now.getTime()) / 1000));
}

/**
 * The flooding limits, checked inside the transaction that inserts the request, after its
 * locks are held: no other request of the same owner or address is between its check and its
 * insert meanwhile, on any instance.
 */
async function checkFlooding(
  tx: Database,
  actor: Actor,
  guestAddress: string | null,
  limits: AiRequestLimits,
  now: Date,
): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const own = await countRequests(tx, ownedJobs(actor), hourAgo);
  if (own.unfinished >= MAX_UNFINISHED_PER_OWNER) {
    throw new RetryLaterError(
      429,
      `You already have ${MAX_UNFINISHED_PER_OWNER} activities being generated. Please wait for one to finish, then try again.`,
      UNFINISHED_RETRY_S,
    );
  }
  if (own.lastHour >= limits.requestsPerHour) {
    throw new RetryLaterError(
      429,
      `You have asked the AI Assistant for ${limits.requestsPerHour} activities in the last hour, the most it takes. Please try again later.`,
      secondsUntilHourFrees(own.oldestInHour, now),
    );
  }
  if (guestAddress === null) return;
  const shared = await countRequests(
    tx,
    and(
      isNull(aiContentRequests.ownerUserId),
      sql`${aiContentRequests.input}->>'guestAddress' = ${guestAddress}`,
    )!,
    hourAgo,
  );
  if (shared.unfinished >= MAX_UNFINISHED_PER_GUEST_ADDRESS) {
    throw new RetryLaterError(
      429,
      `Guests on your network already have ${MAX_UNFINISHED_PER_GUEST_ADDRESS} activities being generated. Please wait for one to finish, or sign in, then try again.`,
      UNFINISHED_RETRY_S,
    );
  }
  if (shared.lastHour >= limits.guestRequestsPerHourPerAddress) {
    throw new RetryLaterError(
      429,
      `Guests on your network have asked the AI Assistant for ${limits.guestRequestsPerHourPerAddress} activities in the last hour, the most it takes. Please sign in, or try again later.`,
      secondsUntilHourFrees(shared.oldestInHour, now),
    );
  }
}

/**
 * Advisory locks (held until the transaction ends) on the owner's identities and, for a guest,
 * the address: requests that share any of them are checked and inserted one after the other.
 * Taken in a fixed order, so two requests never wait for each other in a circle.
 */
async function lockLimits(tx: Database, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${AI_LIMIT_LOCK_SPACE}, hashtext(${key}))`);
  }
}

/** POST /ai_content_requests: checks the request and queues it; the id is the status URL's end. */
export async function createAiRequest(
  db: Database,
  actor: Actor,
  body: AiContentRequestBody,
  options: AiRequestLimits & {
    /** A keyed hash of the client address (guestAddressKey); used for guests only. */
    clientAddressKey: string;
    now?: Date;
  },
): Promise<string> {
  const now = options.now ?? new Date();
  if (!actor.userId && !actor.anonId) throw new HttpError(401, serverMessages.signInRequired);
  checkRequestor(actor, 'requestorId' in body ? body.requestorId : undefined);

  let mode: 'new' | 'existing';
  let templateId: string | null = null;
  let input: StoredJobInput;
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

  const guestAddress = actor.userId ? null : options.clientAddressKey;
  if (guestAddress !== null) input = { ...input, guestAddress };
  const lockKeys = [
    actor.userId ? `ai:user:${actor.userId}` : null,
    actor.anonId ? `ai:anon:${actor.anonId}` : null,
    guestAddress !== null ? `ai:address:${guestAddress}` : null,
  ].filter((key): key is string => key !== null);

  const id = randomUUID();
  await db.transaction(async (tx) => {
    await lockLimits(tx, lockKeys);
    await checkFlooding(tx, actor, guestAddress, options, now);
    await tx.insert(aiContentRequests).values({
      id,
      ownerUserId: actor.userId,
      ownerAnonId: actor.userId ? null : actor.anonId,
      mode,
      templateId,
      input,
      createdAt: now,
      updatedAt: now,
    });
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
  if (row.status !== 'completed' || !row.completedAt) {
    return { completedAt: null, template: null, notice: null };
  }
  const template: Template =
    row.mode === 'existing' ? row.result! : await getTemplate(db, row.templateId!, actor);
  return { completedAt: row.completedAt.toISOString(), template, notice: row.notice ?? null };
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
  outcome: {
    templateId: string;
    result: Template | null;
    notice: string | null;
    generator: string;
  },
  now = new Date(),
): Promise<void> {
  await db
    .update(aiContentRequests)
    .set({
      status: 'completed',
      templateId: outcome.templateId,
      result: outcome.result,
      notice: outcome.notice,
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
