/**
 * The conflict log: every time a merge had to choose between two changes, or a deletion on the
 * server overrode local edits, what was kept and what was not. Nothing is silently lost: the
 * losing value is here, for the diagnostics panel and support.
 */
import type { TeamtrailDatabase } from '../src/data/database';
import { CONFLICT_LOG_LIMIT } from './constants';
import type { MergeConflict } from './merge';

export interface ConflictEntry {
  at: string;
  templateId: string;
  templateName: string;
  /** 'push': the server answered 412; 'pull': a pulled version met pending local edits;
   * 'deleted': the template was deleted on the server while it had unpushed local edits. */
  source: 'push' | 'pull' | 'deleted';
  conflicts: MergeConflict[];
}

const LOG_ID = 'sync-conflict-log';

export async function appendConflicts(db: TeamtrailDatabase, entry: ConflictEntry): Promise<void> {
  const current = await readConflictLog(db);
  const entries = [...current, entry].slice(-CONFLICT_LOG_LIMIT);
  await db.upsertLocal<{ entries: ConflictEntry[] }>(LOG_ID, { entries });
}

export async function readConflictLog(db: TeamtrailDatabase): Promise<ConflictEntry[]> {
  const doc = await db.getLocal<{ entries: ConflictEntry[] }>(LOG_ID);
  return doc ? ([...(doc.toJSON().data.entries ?? [])] as ConflictEntry[]) : [];
}
