/**
 * Teams join in batches (batchQueue.ts), as answers are written: when everyone scans the QR code
 * at once, the joins that arrive while one batch is written go into the next, one statement and
 * one commit for a game without a teams limit. A game with a limit takes its batch in one
 * transaction that holds the game's row, so that the limit holds exactly, as when teams joined
 * one by one. Each phone hears back only once its team is committed.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, teams } from '../../db/schema';
import { queuePerOwner, type BatchOutcome } from '../batchQueue';

export interface JoinWrite {
  id: string;
  gameId: string;
  /**
   * The game's teams limit as the caller read it, null for none. A limit is read again under
   * the game's lock; none never becomes one (plans only ever raise a running game's limit).
   */
  maxTeams: number | null;
  name: string;
  nameKey: string;
  tokenHash: string;
  joinedAt: Date;
}

type TeamRow = typeof teams.$inferSelect;

/** Why a join was not written: the game was full, or another team has the name. */
export type JoinRefusal = 'full' | 'nameTaken';
export type JoinWritten = TeamRow | JoinRefusal;

const MAX_BATCH = 500;

/** The teams row of a join. */
const teamValues = (item: JoinWrite) => ({
  id: item.id,
  gameId: item.gameId,
  name: item.name,
  nameKey: item.nameKey,
  tokenHash: item.tokenHash,
  joinedAt: item.joinedAt,
});

/** The row a join inserts: its defaults are what a new team starts with (schema.ts `teams`). */
const newTeamRow = (item: JoinWrite): TeamRow => ({
  ...teamValues(item),
  photoKey: null,
  score: 0,
  answered: 0,
  lastAnswerAt: null,
  rejoinCode: null,
});

/**
 * A game without a limit: every team in one INSERT; a name already there inserts nothing. The
 * teams go as one JSON parameter rather than six per team: building a 500-row VALUES list with
 * its 3,000 parameters took the query builder about 0.15 ms per team, a tenth of a join's whole
 * cost (profiled, `npm run bench`), as answers are written (answerBatch.ts).
 */
async function insertTeams(db: Database, items: readonly JoinWrite[]): Promise<JoinWritten[]> {
  const input = JSON.stringify(
    items.map((item) => ({
      id: item.id,
      game_id: item.gameId,
      name: item.name,
      name_key: item.nameKey,
      token_hash: item.tokenHash,
      joined_at: item.joinedAt.toISOString(),
    })),
  );
  const result = await db.execute(sql`
    INSERT INTO ${teams} (id, game_id, name, name_key, token_hash, joined_at)
    SELECT id, game_id, name, name_key, token_hash, joined_at
    FROM jsonb_to_recordset(${input}::jsonb) AS x(id text, game_id text, name text,
      name_key text, token_hash text, joined_at timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id
  `);
  const inserted = new Set(
    (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id),
  );
  return items.map((item) => (inserted.has(item.id) ? newTeamRow(item) : 'nameTaken'));
}

/**
 * A game with a limit: the game's row is locked (joins on other instances wait their turn), the
 * teams are counted, and the batch's teams join in order while there is room.
 */
async function insertTeamsWithinLimit(
  db: Database,
  gameId: string,
  items: readonly JoinWrite[],
): Promise<JoinWritten[]> {
  return db.transaction(async (tx) => {
    // The limit as the locked row has it: an upgrade to PRO a moment ago has lifted it.
    const [game] = await tx
      .select({ maxTeams: games.maxTeams })
      .from(games)
      .where(eq(games.id, gameId))
      .for('update');
    const maxTeams = game ? game.maxTeams : items[0]!.maxTeams;
    const [row] = await tx.select({ n: count() }).from(teams).where(eq(teams.gameId, gameId));
    let joined = row?.n ?? 0;
    const outcomes: JoinWritten[] = [];
    for (const item of items) {
      if (maxTeams !== null && joined >= maxTeams) {
        outcomes.push('full');
        continue;
      }
      const [inserted] = await tx
        .insert(teams)
        .values(teamValues(item))
        .onConflictDoNothing()
        .returning();
      if (inserted) joined++;
      outcomes.push(inserted ?? 'nameTaken');
    }
    return outcomes;
  });
}

async function writeBatch(
  db: Database,
  items: readonly JoinWrite[],
): Promise<BatchOutcome<JoinWritten>[]> {
  const outcomes: BatchOutcome<JoinWritten>[] = new Array(items.length);
  const byGame = new Map<string, number[]>();
  items.forEach((item, i) => byGame.set(item.gameId, [...(byGame.get(item.gameId) ?? []), i]));
  for (const [gameId, indexes] of byGame) {
    const gameItems = indexes.map((i) => items[i]!);
    try {
      const written =
        gameItems[0]!.maxTeams === null
          ? await insertTeams(db, gameItems)
          : await insertTeamsWithinLimit(db, gameId, gameItems);
      indexes.forEach((i, k) => (outcomes[i] = { ok: true, value: written[k]! }));
    } catch (error) {
      for (const i of indexes) outcomes[i] = { ok: false, error };
    }
  }
  return outcomes;
}

/** Writes one team with the next batch; resolves once that batch has committed. */
export const writeJoin = queuePerOwner<Database, JoinWrite, JoinWritten>((db) => ({
  run: (items) => writeBatch(db, items),
  maxBatch: MAX_BATCH,
  // Two teams of one name never share a batch: the second then finds the first's row.
  keyOf: (item) => `${item.gameId} ${item.nameKey}`,
}));
