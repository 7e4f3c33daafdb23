/**
 * Storage quotas: how many bytes of stored files one account and one game may hold,
 * so that one organiser, one guest or one game's players cannot fill the server's disk.
 *
 * - An account's quota counts the logos and task media of its own templates (folder
 *   templates/{id}), whoever uploaded them: a signed-in user or a guest (by AnonId).
 * - A game's quota counts its players' photos and videos (folder games/{id}).
 *
 * Usage is the sum of the uploads table's rows, so files that nothing uses any more count until
 * the periodic cleanup (cleanup.ts) removes them. The check runs before a file is stored and is
 * not atomic with the insert: uploads that arrive together may pass the quota by at most what
 * UPLOADS_AT_ONCE lets in at once, which is bounded; a lock per account would cost every upload
 * a round trip for little.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { templates, uploads } from '../../db/schema';
import { HttpError } from '../../errors';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** "2 GB", "500 MB": quotas are set in whole megabytes. */
export function formatQuota(bytes: number): string {
  if (bytes >= GB && bytes % (GB / 10) === 0) return `${Number((bytes / GB).toFixed(1))} GB`;
  return `${Math.round(bytes / MB)} MB`;
}

export const QUOTA_MESSAGES = {
  account: (quota: number, graceDays: number) =>
    `This file would take your uploads past ${formatQuota(quota)}, the most one account can ` +
    `store. The space of images and videos you remove from your activities is freed ` +
    `${graceDays === 0 ? 'within the hour' : `after ${graceDays} ${graceDays === 1 ? 'day' : 'days'}`}.`,
  game: (quota: number) =>
    `This game has no room for more photos and videos: it holds ${formatQuota(quota)}, the ` +
    `most one game can store. Tell your organiser.`,
};

/** Bytes stored for the templates of the owner of `templateId` (0 when it has no owner). */
export async function accountUsage(db: Database, templateId: string): Promise<number> {
  const [template] = await db
    .select({ userId: templates.ownerUserId, anonId: templates.ownerAnonId })
    .from(templates)
    .where(eq(templates.id, templateId));
  if (!template || (!template.userId && !template.anonId)) return 0;
  const owner = template.userId
    ? eq(templates.ownerUserId, template.userId)
    : eq(templates.ownerAnonId, template.anonId!);
  const [row] = await db
    .select({ used: sql<string | number>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .innerJoin(templates, eq(templates.id, uploads.templateId))
    .where(and(owner, sql`starts_with(${uploads.key}, 'templates/')`));
  return Number(row?.used ?? 0);
}

/**
 * Bytes of the players' files of a game. Its uploads rows carry the game's template id, which
 * is indexed, and the game's folder in their key.
 */
export async function gameUsage(
  db: Database,
  game: { id: string; templateId: string },
): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | number>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(
      and(
        eq(uploads.templateId, game.templateId),
        sql`starts_with(${uploads.key}, ${`games/${game.id}/`})`,
      ),
    );
  return Number(row?.used ?? 0);
}

export interface QuotaSettings {
  perAccountBytes: number;
  perGameBytes: number;
  /** Days before removed files are deleted (UPLOAD_CLEANUP_GRACE_DAYS), for the message. */
  graceDays: number;
}

/** Throws 413 when `size` more bytes would take the template owner's files past the quota. */
export async function checkAccountQuota(
  db: Database,
  settings: QuotaSettings,
  templateId: string,
  size: number,
): Promise<void> {
  const used = await accountUsage(db, templateId);
  if (used + size > settings.perAccountBytes) {
    throw new HttpError(413, QUOTA_MESSAGES.account(settings.perAccountBytes, settings.graceDays));
  }
}

/** Throws 413 when `size` more bytes would take the game's players' files past the quota. */
export async function checkGameQuota(
  db: Database,
  settings: QuotaSettings,
  game: { id: string; templateId: string },
  size: number,
): Promise<void> {
  const used = await gameUsage(db, game);
  if (used + size > settings.perGameBytes) {
    throw new HttpError(413, QUOTA_MESSAGES.game(settings.perGameBytes));
  }
}

/** The quota settings of a server's configuration. */
export const quotaSettingsOf = (config: {
  uploadQuotas: { perAccountBytes: number; perGameBytes: number };
  uploadCleanup: { graceDays: number };
}): QuotaSettings => ({ ...config.uploadQuotas, graceDays: config.uploadCleanup.graceDays });
