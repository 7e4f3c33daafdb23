/**
 * The standing sample game behind "Play a demo" (docs/games.md "The sample game"): a short quiz
 * from the library that anyone can join at any time by its code. There is one per UTC day, so
 * it renews itself and its teams start afresh each day; the first visitor of the day makes it.
 * Its id is worked out from the day, so two servers (or two visitors) making it at once insert
 * the same row, and one of them simply finds it.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, templates, type GameSnapshot } from '../../db/schema';
import { generalKnowledgePubQuiz } from '../../seed/library/general-knowledge-pub-quiz';
import { newActivityCode, newSecret } from './codes';
import { snapshotOf, type GameRow } from './publishing';

/** The owner of the sample game: no account, so no one's My Activities lists it. */
export const SAMPLE_GAME_OWNER = 'system:sample-game';
export const SAMPLE_GAME_KIND = 'sample';
/** The library quiz it plays: short, cheerful, for anyone. */
const SAMPLE_TEMPLATE_ID = generalKnowledgePubQuiz.id;
const DAY_MS = 24 * 60 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

/** A UUID-shaped id from the day: the same for every server on the same day. */
function sampleGameId(dayStart: Date): string {
  const hex = createHash('sha256')
    .update(`teamtrail-sample-game:${dayStart.toISOString()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function snapshot(db: Database): Promise<GameSnapshot> {
  const [row] = await db.select().from(templates).where(eq(templates.id, SAMPLE_TEMPLATE_ID));
  if (!row) throw new Error('The sample game needs the library (seedDatabase) to have run');
  return snapshotOf(db, row, row.name);
}

/** Today's sample game, made if it is not there yet. */
export async function sampleGame(db: Database, now = new Date()): Promise<GameRow> {
  const [running] = await db
    .select()
    .from(games)
    .where(and(eq(games.kind, SAMPLE_GAME_KIND), lte(games.startsAt, now), gt(games.endsAt, now)))
    .limit(1);
  if (running) return running;

  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const id = sampleGameId(dayStart);
  const content = await snapshot(db);
  for (let attempt = 1; ; attempt++) {
    try {
      await db
        .insert(games)
        .values({
          id,
          templateId: SAMPLE_TEMPLATE_ID,
          ownerUserId: SAMPLE_GAME_OWNER,
          kind: SAMPLE_GAME_KIND,
          name: content.name,
          code: newActivityCode(),
          screenKey: newSecret(),
          snapshot: content,
          maxTeams: null,
          startsAt: dayStart,
          endsAt: new Date(dayStart.getTime() + DAY_MS),
          publishedAt: now,
          createdAt: now,
        })
        .onConflictDoNothing({ target: games.id });
      break;
    } catch (error) {
      // A code already in use (one in 10^11 per live game): draw another.
      const code =
        (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '23505' || attempt >= MAX_CODE_ATTEMPTS) throw error;
    }
  }
  const [made] = await db.select().from(games).where(eq(games.id, id));
  return made!;
}
