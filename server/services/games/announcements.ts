/**
 * Announcements (docs/games.md "Announcements"): a message from the organiser to every team of
 * a game, pushed to the phones' event streams at once and kept, so that a phone that was away
 * (offline, asleep) finds the latest ones in its state when it comes back.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announcements } from '../../db/schema';
import { PLAYER_ANNOUNCEMENTS, type Announcement } from '../../../src/domain/games';

type AnnouncementRow = typeof announcements.$inferSelect;

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

export async function addAnnouncement(
  db: Database,
  gameId: string,
  text: string,
  now = new Date(),
): Promise<Announcement> {
  const [row] = await db
    .insert(announcements)
    .values({ id: randomUUID(), gameId, text, createdAt: now })
    .returning();
  return toAnnouncement(row!);
}

/** The latest announcements of a game, newest first. */
export async function latestAnnouncements(
  db: Database,
  gameId: string,
  limit = PLAYER_ANNOUNCEMENTS,
): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.gameId, gameId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
  return rows.map(toAnnouncement);
}
