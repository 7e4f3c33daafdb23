/**
 * The engine's typed status, streamed to every tab: overall connection and queue state for the
 * sync indicator, and the details the diagnostics panel shows.
 */
/** `outdated`: the server speaks another stream protocol; the stream stopped until a reload. */
export type EventStreamState = 'connected' | 'connecting' | 'outdated' | 'closed';

export interface SyncFailure {
  message: string;
  /** HTTP status, 0 when the server could not be reached, -1 for an error inside the engine. */
  status: number;
  at: string;
  templateId: string | null;
}

/**
 * A transport status as the engine keeps it: in a SyncFailure and in a template's lastError.
 * Both are stored (the status memory, the templates collection) as a number, and the
 * diagnostics read 0 as "no answer"; the transport says null for that.
 */
export const storedStatus = (status: number | null): number => status ?? 0;

export interface SyncStatus {
  /** The engine is running (started, not stopped). */
  running: boolean;
  /** The last request reached the server; false after a network failure until one succeeds. */
  online: boolean;
  /** Local templates with changes that have not reached the server yet. */
  pendingCount: number;
  /** Templates whose last push was refused and which wait for a new edit or "Sync now". */
  errorCount: number;
  /** Files kept on this device, waiting to be uploaded. */
  uploadsQueued: number;
  /** Ids being pushed right now. */
  pushing: string[];
  pulling: boolean;
  lastPushAt: string | null;
  lastPullAt: string | null;
  /** The most recent failures, newest last. */
  recentFailures: SyncFailure[];
  /** When the engine will try again after a failure; null when nothing is waiting. */
  nextRetryAt: string | null;
  eventStream: EventStreamState;
  /** Whose data this device syncs: 'user:{id}' or 'anon:{id}'. */
  owner: string | null;
  /** Server time minus this device's time (ms), for stamping edits on the server's clock
   * (sync/clockOffset.ts); null until the server has answered. */
  clockOffsetMs: number | null;
}

export const INITIAL_STATUS: SyncStatus = {
  running: false,
  online: true,
  pendingCount: 0,
  errorCount: 0,
  uploadsQueued: 0,
  pushing: [],
  pulling: false,
  lastPushAt: null,
  lastPullAt: null,
  recentFailures: [],
  nextRetryAt: null,
  eventStream: 'closed',
  owner: null,
  clockOffsetMs: null,
};

/** Keep a handful: enough to see a pattern, small enough to send to every tab on each change. */
export const RECENT_FAILURES_LIMIT = 20;
