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
  /**
   * Source 'deleted' only: the id of the activity that was deleted on another device while it
   * had edits here. Those edits were kept as a new activity, `templateId` (docs/sync.md).
   */
  restoredFrom?: string;
}

export const CONFLICT_LOG_ID = 'sync-conflict-log';
const LOG_ID = CONFLICT_LOG_ID;

export async function appendConflicts(db: TeamtrailDatabase, entry: ConflictEntry): Promise<void> {
  const current = await readConflictLog(db);
  const entries = [...current, entry].slice(-CONFLICT_LOG_LIMIT);
  await db.upsertLocal<{ entries: ConflictEntry[] }>(LOG_ID, { entries });
}

export async function readConflictLog(db: TeamtrailDatabase): Promise<ConflictEntry[]> {
  const doc = await db.getLocal<{ entries: ConflictEntry[] }>(LOG_ID);
  return doc ? ([...(doc.toJSON().data.entries ?? [])] as ConflictEntry[]) : [];
}

/**
 * Activities this device learnt were deleted on another device (a pulled tombstone, a full pull
 * that no longer lists them, a push answered 404), so that the builder can say so instead of
 * waiting for them to arrive. `restoredAs`: the new activity holding the edits this device had
 * not pushed yet, when there were some; the builder follows it.
 */
export interface DeletedElsewhere {
  id: string;
  name: string;
  at: string;
  restoredAs: string | null;
}

export const DELETED_ELSEWHERE_ID = 'sync-deleted-elsewhere';
/** Plenty for the builder's purpose; the oldest are forgotten first. */
const DELETED_ELSEWHERE_LIMIT = 200;

export async function readDeletedElsewhere(db: TeamtrailDatabase): Promise<DeletedElsewhere[]> {
  const doc = await db.getLocal<{ entries: DeletedElsewhere[] }>(DELETED_ELSEWHERE_ID);
  return doc ? ([...(doc.toJSON().data.entries ?? [])] as DeletedElsewhere[]) : [];
}

/** Records (or updates) what became of `entry.id`; the latest record of an id replaces older. */
export async function recordDeletedElsewhere(
  db: TeamtrailDatabase,
  entry: DeletedElsewhere,
): Promise<void> {
  const current = await readDeletedElsewhere(db);
  const entries = [...current.filter((e) => e.id !== entry.id), entry].slice(
    -DELETED_ELSEWHERE_LIMIT,
  );
  await db.upsertLocal<{ entries: DeletedElsewhere[] }>(DELETED_ELSEWHERE_ID, { entries });
}
