/**
 * The conflict log: every time a merge had to choose between two changes, or a deletion on the
 * server overrode local edits, what was kept and what was not. Nothing is silently lost: the
 * losing value is here, for the diagnostics panel and support.
 */
import type { TeamtrailDatabase } from '../src/localdb/database';
import { CONFLICT_LOG_LIMIT } from './constants';
import type { MergeConflict } from './merge';
import {
  CONFLICT_LOG_ID,
  DELETED_ELSEWHERE_ID,
  NOTICES_SEEN_ID,
  type DeletedElsewhere,
  type NoticesSeenByTemplate,
} from '../src/localdb/localDocuments';

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

export { CONFLICT_LOG_ID };
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

// Activities this device learnt were deleted on another device, so that the builder can say so
// instead of waiting for them to arrive (src/localdb/localDocuments.ts describes the record).
export { DELETED_ELSEWHERE_ID, type DeletedElsewhere };
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

/**
 * Carries what the builder knows about `templateIds` from one owner's database to another's
 * (sync/ownerMove.ts): where a deleted activity's edits went, and which merge notices the
 * organiser has already dealt with. What the target already holds stands.
 */
export async function moveTemplateRecords(
  source: Pick<TeamtrailDatabase, 'getLocal'>,
  target: TeamtrailDatabase,
  templateIds: ReadonlySet<string>,
): Promise<void> {
  const deleted = await readDeletedElsewhere(source as TeamtrailDatabase).catch(() => []);
  const known = new Set((await readDeletedElsewhere(target)).map((e) => e.id));
  for (const entry of deleted) {
    // The old id of an activity whose edits were kept: its link leads to the moved new one.
    const follows = entry.restoredAs === null || templateIds.has(entry.restoredAs);
    if (follows && !known.has(entry.id)) await recordDeletedElsewhere(target, entry);
  }
  const seenDoc = await source.getLocal<NoticesSeenByTemplate>(NOTICES_SEEN_ID);
  const seen = seenDoc?.toJSON().data ?? {};
  const moved = Object.entries(seen).filter(([id]) => templateIds.has(id));
  if (moved.length === 0) return;
  const current = (await target.getLocal<NoticesSeenByTemplate>(NOTICES_SEEN_ID))?.toJSON().data;
  // Local documents come back read-only: a plain copy is what gets written.
  const merged = JSON.parse(
    JSON.stringify({ ...Object.fromEntries(moved), ...current }),
  ) as NoticesSeenByTemplate;
  await target.upsertLocal<NoticesSeenByTemplate>(NOTICES_SEEN_ID, merged);
}
