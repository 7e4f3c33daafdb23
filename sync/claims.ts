/**
 * Guest ids whose work this owner's database took over and whose move the server has not
 * confirmed yet (POST /v1/users/identify). Kept in the owner's database, in the same place as
 * the work, so that a claim survives restarts and goes wherever the work goes.
 */
import type { TeamtrailDatabase } from '../src/localdb/database';

const CLAIMS_ID = 'sync-claims';

type Local = Pick<TeamtrailDatabase, 'getLocal' | 'upsertLocal'>;

export async function readClaims(db: Local): Promise<string[]> {
  const doc = await db.getLocal<{ anonIds: string[] }>(CLAIMS_ID);
  return doc ? [...(doc.toJSON().data.anonIds ?? [])] : [];
}

export async function addClaims(db: Local, anonIds: readonly string[]): Promise<void> {
  if (anonIds.length === 0) return;
  const current = await readClaims(db);
  const next = [...new Set([...current, ...anonIds])];
  if (next.length !== current.length) await db.upsertLocal(CLAIMS_ID, { anonIds: next });
}

export async function settleClaim(db: Local, anonId: string): Promise<void> {
  const current = await readClaims(db);
  if (current.includes(anonId))
    await db.upsertLocal(CLAIMS_ID, { anonIds: current.filter((id) => id !== anonId) });
}
