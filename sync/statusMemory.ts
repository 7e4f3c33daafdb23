/**
 * What the diagnostics panel must not forget when the sync worker restarts (a reload, the last
 * tab closing, the browser ending an idle SharedWorker): when this device last pushed and
 * pulled, and the recent failures. The rest of the status (online, queues, the event stream)
 * describes the present and is rebuilt by the engine as it starts.
 *
 * Kept in one local document of the RxDB database, beside the conflict log. Writes follow the
 * status as it changes, but only when a remembered field changed, and a burst of changes makes
 * at most one write in flight plus one with the latest values. Remembering is best effort: a
 * write that fails is reported to `onError` and never reaches the engine, so a full or broken
 * storage cannot stop syncing. Nothing stored is written over by a status that did not know
 * it: values are combined (the later push and pull, the failures of both, oldest first), so a
 * status published before the engine loaded the memory loses nothing of the last session.
 */
import type { TeamtrailDatabase } from '../src/localdb/database';
import { RECENT_FAILURES_LIMIT, type SyncFailure, type SyncStatus } from './status';

export const STATUS_MEMORY_DOC = 'sync-status-memory';

/** The part of the status that outlives the worker. */
export type RememberedStatus = Pick<SyncStatus, 'lastPushAt' | 'lastPullAt' | 'recentFailures'>;

/** The stored document: the remembered fields and when they were last written (for support
 * reading the database by hand: when the previous session last changed anything). */
interface StoredStatus extends RememberedStatus {
  savedAt: string;
}

const NOTHING: RememberedStatus = { lastPushAt: null, lastPullAt: null, recentFailures: [] };

export interface StatusMemory {
  /** The remembered fields, or nothing when there are none (a new device) or they cannot be
   * read. Never rejects. */
  load(): Promise<Partial<SyncStatus>>;
  /** Called with every status the engine publishes; writes when a remembered field changed.
   * Never throws. */
  remember(status: SyncStatus): void;
  /** Resolves once the latest remembered values are written (or their write failed). */
  flush(): Promise<void>;
}

export interface StatusMemoryOptions {
  /** A write or read that failed; by default a console warning. */
  onError?: (error: unknown) => void;
  now?: () => Date;
}

export function createStatusMemory(
  db: TeamtrailDatabase,
  options: StatusMemoryOptions = {},
): StatusMemory {
  const onError =
    options.onError ??
    ((error: unknown) => console.warn('Teamtrail: sync diagnostics were not saved', error));
  const now = options.now ?? (() => new Date());

  /** Everything remembered so far, the stored document included once it has been read. */
  let known: RememberedStatus = NOTHING;
  /** Reads the stored document once; whatever was remembered meanwhile is combined with it. */
  let reading: Promise<void> | null = null;
  /** There is something newer than the stored document to write. */
  let dirty = false;
  let writing: Promise<void> | null = null;

  const report = (error: unknown) => {
    try {
      onError(error);
    } catch {
      // A reporter that throws must not break the engine either.
    }
  };

  const readStored = () =>
    (reading ??= (async () => {
      try {
        const doc = await db.getLocal<StoredStatus>(STATUS_MEMORY_DOC);
        const stored = doc ? parseStored(doc.toJSON().data) : null;
        if (stored) known = combine(stored, known);
      } catch (error) {
        report(error);
      }
    })());

  async function writeAll(): Promise<void> {
    // A status remembered before the engine loaded (it knew nothing of the last session yet)
    // must not overwrite what the last session stored.
    await readStored();
    while (dirty) {
      dirty = false;
      try {
        await db.upsertLocal<StoredStatus>(STATUS_MEMORY_DOC, {
          ...known,
          savedAt: now().toISOString(),
        });
      } catch (error) {
        report(error);
      }
    }
    writing = null;
  }

  return {
    async load() {
      await readStored();
      return sameRemembered(known, NOTHING) ? {} : { ...known };
    },

    remember(status) {
      try {
        const next = combine(known, pickRemembered(status));
        if (sameRemembered(known, next)) return;
        known = next;
        dirty = true;
        writing ??= writeAll();
      } catch (error) {
        report(error);
      }
    },

    async flush() {
      while (writing) await writing;
    },
  };
}

/** The later of two times, either of which may be missing. */
function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * What two memories know together: the later push and pull, and the failures of `a` followed
 * by those of `b` it does not hold yet, keeping the newest RECENT_FAILURES_LIMIT. The engine's
 * list grows at its end (and loses its oldest), so `b` usually starts with the end of `a`: that
 * overlap is counted once. Equal failures are not merged otherwise: one pass can fail several
 * requests with the same message in the same millisecond.
 */
function combine(a: RememberedStatus, b: RememberedStatus): RememberedStatus {
  return {
    lastPushAt: later(a.lastPushAt, b.lastPushAt),
    lastPullAt: later(a.lastPullAt, b.lastPullAt),
    recentFailures: [...a.recentFailures, ...b.recentFailures.slice(overlap(a, b))].slice(
      -RECENT_FAILURES_LIMIT,
    ),
  };
}

/** How many failures at the start of `b` are the last ones of `a`. */
function overlap(a: RememberedStatus, b: RememberedStatus): number {
  const first = a.recentFailures;
  const second = b.recentFailures;
  for (let k = Math.min(first.length, second.length); k > 0; k -= 1) {
    let same = true;
    for (let i = 0; i < k && same; i += 1) {
      same = sameFailure(first[first.length - k + i]!, second[i]!);
    }
    if (same) return k;
  }
  return 0;
}

function pickRemembered(status: SyncStatus): RememberedStatus {
  return {
    lastPushAt: status.lastPushAt,
    lastPullAt: status.lastPullAt,
    recentFailures: status.recentFailures.slice(-RECENT_FAILURES_LIMIT),
  };
}

function sameFailure(a: SyncFailure, b: SyncFailure): boolean {
  return (
    a.at === b.at &&
    a.status === b.status &&
    a.message === b.message &&
    a.templateId === b.templateId
  );
}

function sameRemembered(a: RememberedStatus, b: RememberedStatus): boolean {
  return (
    a.lastPushAt === b.lastPushAt &&
    a.lastPullAt === b.lastPullAt &&
    a.recentFailures.length === b.recentFailures.length &&
    a.recentFailures.every((failure, i) => sameFailure(failure, b.recentFailures[i]!))
  );
}

const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

function parseFailure(value: unknown): SyncFailure | null {
  if (!value || typeof value !== 'object') return null;
  const { message, status, at, templateId } = value as Record<string, unknown>;
  if (typeof message !== 'string' || typeof status !== 'number' || !isTime(at)) return null;
  return {
    message,
    status,
    at,
    templateId: typeof templateId === 'string' ? templateId : null,
  };
}

/** What was stored, checked field by field: a document from an older or broken build keeps
 * what is still valid rather than putting nonsense on the panel. */
function parseStored(data: unknown): RememberedStatus | null {
  if (!data || typeof data !== 'object') return null;
  const { lastPushAt, lastPullAt, recentFailures } = data as Record<string, unknown>;
  return {
    lastPushAt: isTime(lastPushAt) ? lastPushAt : null,
    lastPullAt: isTime(lastPullAt) ? lastPullAt : null,
    recentFailures: Array.isArray(recentFailures)
      ? recentFailures
          .map(parseFailure)
          .filter((failure): failure is SyncFailure => failure !== null)
          .slice(-RECENT_FAILURES_LIMIT)
      : [],
  };
}
