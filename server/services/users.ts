/** Application users: one row per account of either provider, with its plan and restriction. */
import { gameCacheOf } from './games/gameCache';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { aiContentRequests, games, templates, users } from '../db/schema';
import { maxPlayersPerActivity } from '../../src/domain/plans';
import type { PlanId, User } from '../../src/domain/schemas';
import { planIdSchema } from '../../src/domain/schemas';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: planIdSchema.catch('FREE').parse(row.plan),
    restricted: row.restricted,
  };
}

export interface AccountIdentity {
  userId: string;
  provider: 'local' | 'clerk';
  email: string | null;
  name: string | null;
}

/** Makes sure an account has its user row (FREE, unrestricted) and answers it. */
export async function ensureUser(db: Database, identity: AccountIdentity): Promise<User> {
  const [existing] = await db.select().from(users).where(eq(users.id, identity.userId));
  if (existing) {
    // Keep e-mail and name current when the provider tells us (Clerk tokens may carry them).
    if (
      (identity.email && identity.email !== existing.email) ||
      (identity.name && identity.name !== existing.name)
    ) {
      const [updated] = await db
        .update(users)
        .set({
          email: identity.email ?? existing.email,
          name: identity.name ?? existing.name,
          updatedAt: new Date(),
        })
        .where(eq(users.id, identity.userId))
        .returning();
      return toUser(updated ?? existing);
    }
    return toUser(existing);
  }
  const [created] = await db
    .insert(users)
    .values({
      id: identity.userId,
      provider: identity.provider,
      email: identity.email,
      name: identity.name,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return toUser(created);
  // Two first requests raced; the other one created the row.
  const [row] = await db.select().from(users).where(eq(users.id, identity.userId));
  if (!row) throw new Error(`User ${identity.userId} could not be created`);
  return toUser(row);
}

export async function findUserById(db: Database, id: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ? toUser(row) : null;
}

/**
 * Changes a user's plan. An upgrade lifts the team limit of their games that have not ended yet
 * as well (a FREE game running when its organiser buys PRO takes the 4th team at once); a
 * downgrade leaves running games as they were made, so no team already playing is cut off.
 */
export async function setUserPlan(db: Database, userId: string, plan: PlanId): Promise<User> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ plan, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error(`No user ${userId}`);
    const limit = maxPlayersPerActivity(plan);
    const lifted = await tx
      .update(games)
      .set({ maxTeams: limit })
      .where(
        and(
          eq(games.ownerUserId, userId),
          gt(games.endsAt, new Date()),
          limit === null ? isNotNull(games.maxTeams) : lt(games.maxTeams, limit),
        ),
      )
      .returning({ code: games.code });
    // Phones asking this instance see the new limit at once (gameCache.ts).
    for (const { code } of lifted) gameCacheOf(db).forget(code);
    return toUser(row);
  });
}

export async function setUserRestricted(
  db: Database,
  userId: string,
  restricted: boolean,
): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ restricted, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`No user ${userId}`);
  return toUser(row);
}

/**
 * POST /users/identify: the guest's templates and AI requests become the user's. The revision is left alone
 * (the content did not change, so no client's pending edit should conflict); updatedAt moves
 * so that the user's clients pull them.
 */
/**
 * A guest's work under an id this browser lost (and found again in its local data) becomes the
 * guest's current id's: templates and AI requests that no user owns yet. Revisions stay, as for
 * a user, so that pending edits apply without conflicts.
 */
export async function moveGuestTemplatesToGuest(
  db: Database,
  fromAnonId: string,
  toAnonId: string,
): Promise<{ id: string; revision: number; updatedAt: Date }[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(aiContentRequests)
      .set({ ownerAnonId: toAnonId, updatedAt: new Date() })
      .where(
        and(eq(aiContentRequests.ownerAnonId, fromAnonId), isNull(aiContentRequests.ownerUserId)),
      );
    return tx
      .update(templates)
      .set({ ownerAnonId: toAnonId, updatedAt: new Date() })
      .where(and(eq(templates.ownerAnonId, fromAnonId), isNull(templates.ownerUserId)))
      .returning({
        id: templates.id,
        revision: templates.revision,
        updatedAt: templates.updatedAt,
      });
  });
}

export async function moveGuestTemplatesToUser(
  db: Database,
  anonId: string,
  userId: string,
): Promise<{ id: string; revision: number; updatedAt: Date }[]> {
  return db.transaction(async (tx) => {
    // AI requests first: a job that finishes while this runs holds its row, so this waits for it
    // and the template it has just made is moved by the statement below; a job that finishes
    // later reads its new owner and makes the template for the user (server/ai/jobs.ts).
    await tx
      .update(aiContentRequests)
      .set({ ownerUserId: userId, ownerAnonId: null, updatedAt: new Date() })
      .where(and(eq(aiContentRequests.ownerAnonId, anonId), isNull(aiContentRequests.ownerUserId)));
    return tx
      .update(templates)
      .set({ ownerUserId: userId, ownerAnonId: null, updatedAt: new Date() })
      .where(and(eq(templates.ownerAnonId, anonId), isNull(templates.ownerUserId)))
      .returning({
        id: templates.id,
        revision: templates.revision,
        updatedAt: templates.updatedAt,
      });
  });
}
