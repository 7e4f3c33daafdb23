/**
 * What the sync engine recorded about merges and deletions, for the builder to tell the
 * organiser: the conflict log and the activities deleted on another device
 * (local documents the worker writes, sync/conflictLog.ts), and which notices the organiser has
 * seen (a local document of this owner's database, `builder-merge-notices-seen`).
 */
import { useCallback } from 'react';
import { combineLatest, map } from 'rxjs';
import type { ConflictEntry } from '../../../workers/syncWorkerApi';
import type { TeamtrailDatabase } from '../database';
import { useDataContext } from './DataProvider';
import { useObservable, type QueryState } from './useObservable';

import {
  CONFLICT_LOG_ID,
  DELETED_ELSEWHERE_ID,
  NOTICES_SEEN_ID,
  type DeletedElsewhere,
  type NoticeSeen,
  type NoticesSeenByTemplate,
} from '../localDocuments';

export { NOTICES_SEEN_ID, type DeletedElsewhere, type NoticeSeen };

export const NOT_SEEN: NoticeSeen = { seenAt: null, handled: [] };

type SeenByTemplate = NoticesSeenByTemplate;

export interface MergeLog {
  entries: ConflictEntry[];
  seen: NoticeSeen;
}

const EMPTY: MergeLog = { entries: [], seen: NOT_SEEN };

/** The conflict log's entries for `templateId`, and what of them was seen. */
export function useMergeLog(templateId: string): QueryState<MergeLog> {
  const { db } = useDataContext();
  return useObservable(
    () =>
      combineLatest([
        db.getLocal$<{ entries: ConflictEntry[] }>(CONFLICT_LOG_ID),
        db.getLocal$<{ templates: SeenByTemplate }>(NOTICES_SEEN_ID),
      ]).pipe(
        map(([log, seen]) => ({
          entries: ((log?.toJSON().data.entries ?? []) as ConflictEntry[]).filter(
            (e) => e.templateId === templateId,
          ),
          seen: (seen?.toJSON().data.templates?.[templateId] as NoticeSeen | undefined) ?? NOT_SEEN,
        })),
      ),
    [db, templateId],
    EMPTY,
  );
}

/** Writes what was seen of `templateId`'s notices; durable when the promise resolves. */
export async function writeNoticesSeen(
  db: TeamtrailDatabase,
  templateId: string,
  next: (current: NoticeSeen) => NoticeSeen,
): Promise<void> {
  const stored = (await db.getLocal<{ templates: SeenByTemplate }>(NOTICES_SEEN_ID))?.toJSON().data
    .templates;
  const templates = { ...(stored ?? {}) } as SeenByTemplate;
  templates[templateId] = next(templates[templateId] ?? NOT_SEEN);
  await db.upsertLocal<{ templates: SeenByTemplate }>(NOTICES_SEEN_ID, { templates });
}

export function useWriteNoticesSeen(templateId: string) {
  const { db } = useDataContext();
  return useCallback(
    (next: (current: NoticeSeen) => NoticeSeen) => writeNoticesSeen(db, templateId, next),
    [db, templateId],
  );
}

/** What this device learnt of `id` being deleted on another device; null when nothing. */
export function useDeletedElsewhere(id: string): QueryState<DeletedElsewhere | null> {
  const { db } = useDataContext();
  return useObservable(
    () =>
      db
        .getLocal$<{ entries: DeletedElsewhere[] }>(DELETED_ELSEWHERE_ID)
        .pipe(
          map(
            (doc) =>
              ((doc?.toJSON().data.entries ?? []) as DeletedElsewhere[]).find((e) => e.id === id) ??
              null,
          ),
        ),
    [db, id],
    null,
  );
}
