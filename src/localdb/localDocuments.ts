/**
 * The ids and shapes of local documents that the sync engine writes and the screens read (the
 * screens do not import the engine): one place, so the two sides cannot drift apart.
 */

/** The conflict log: values a merge replaced (sync/conflictLog.ts). */
export const CONFLICT_LOG_ID = 'sync-conflict-log';

/** Activities this device learnt were deleted on another device (sync/conflictLog.ts). */
export const DELETED_ELSEWHERE_ID = 'sync-deleted-elsewhere';

/** Which merge notices the organiser has dismissed or handled, per template
 * (src/localdb/hooks/useMergeNotices.ts). */
export const NOTICES_SEEN_ID = 'builder-merge-notices-seen';

/**
 * An activity deleted on another device (a pulled tombstone, a full pull that no longer lists
 * it, a push answered 404). `restoredAs`: the new activity holding the edits this device had
 * not pushed yet, when there were some; the builder follows it.
 */
export interface DeletedElsewhere {
  id: string;
  name: string;
  at: string;
  restoredAs: string | null;
}

/** Per template: entries up to `seenAt` were dismissed, and single items were handled. */
export interface NoticeSeen {
  seenAt: string | null;
  handled: string[];
}

export type NoticesSeenByTemplate = Record<string, NoticeSeen>;
