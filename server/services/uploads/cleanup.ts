/**
 * Removing uploaded files that nothing uses any more (replaced and deleted files used to stay
 * on disk for ever). Every stored file has a row in `uploads` (save.ts); a file is removed, with
 * its row, once all of these hold:
 *
 * 1. It was uploaded more than the grace period ago. A fresh file is not used yet: the client
 *    puts the asset into its template and syncs that edit afterwards, possibly days later when
 *    it went offline right after the upload (docs/sync.md "Uploads").
 * 2. The template it was uploaded for (`uploads.template_id`) has not changed within the grace
 *    period. A replaced file can come back: "Restore mine" writes a value back that another
 *    device's edit replaced, and a device that was offline may still push a merge that holds it
 *    (docs/sync.md). So a replaced file gets the grace period counted from the replacement too.
 * 3. No template uses it anywhere in its tasks, answers, branding (logo) or thumbnail, whoever
 *    owns it. Copies (library copies, duplicates, restored activities) keep the same URLs, so
 *    references are looked for in every template, not only the one the file was uploaded for.
 *    A deleted template counts until it has been deleted for the grace period: a device may
 *    still restore it as a new activity with the same URLs (docs/sync.md "Deleted on another
 *    device, edited here").
 * 4. No game uses it: games are never deleted, and each plays from a snapshot of its template
 *    (steps, branding, theme), so a game keeps its template's files for good. Nor a team photo
 *    (`teams.photo_key`) or a submitted photo or video (`submissions.media_key`). A team removed
 *    by its organiser takes its photo and answers with it (docs/games.md), so their files go.
 * 5. No AI result waiting for its organiser uses it (`ai_content_requests.result`, a template
 *    with its unlocked tasks replaced, applied by the builder later), nor a theme's preview.
 *
 * Resumable uploads' unfinished bytes (DATA_DIR/upload-sessions) are not files of this table:
 * their own sweep (routes/resumableUploads.ts, hourly) removes them once their session has
 * expired (RESUMABLE_TTL_MS after the last chunk). A finished session remembers its asset for
 * that day so that a client whose answer was lost is told it again; a grace period of a day or
 * more covers that.
 *
 * What can still go wrong is a reference that reaches the server after the grace period (a
 * device offline for longer, or a replaced value restored after it): its file is gone and the
 * image shows as missing. The grace period is the knob (UPLOAD_CLEANUP_GRACE_DAYS).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  aiContentRequests,
  games,
  submissions,
  teams,
  templates,
  themes,
  uploads,
} from '../../db/schema';
import { InvalidStorageKeyError, type FileStorage } from './storage';

const DAY_MS = 24 * 60 * 60_000;

/** Files removed per batch: from storage, then their rows in one DELETE. */
export const CLEANUP_BATCH_SIZE = 500;
/**
 * Batches per run: 10,000 files an hour is far more than replacing files by hand makes; a
 * backlog (the first run after an upgrade) is worked off over the next runs.
 */
export const CLEANUP_MAX_BATCHES = 20;
/** Files removed from storage at once: object storage answers each delete in tens of ms. */
const DELETE_CONCURRENCY = 8;
/** The first run waits this long after start, so that it never slows a start or a restart. */
export const CLEANUP_START_DELAY_MS = 60_000;

/**
 * The first key of the two-key advisory lock a batch is done under on PostgreSQL, the second is
 * CLEANUP_LOCK_ID: any fixed numbers, the same in every instance (see AI_LIMIT_LOCK_SPACE).
 */
const CLEANUP_LOCK_SPACE = 7_420_017;
const CLEANUP_LOCK_ID = 1;

/**
 * A stored file's key as it appears in a URL (`/uploads/{key}`, also inside a longer address or
 * a text). Keys are lower-case letters, digits, `_ . -` and `/` (storage.ts) and end with their
 * extension, so a full stop after a URL in a sentence is not taken in. jsonb's text form never
 * escapes any of these characters.
 */
const UPLOAD_URL_PATTERN = '/uploads/([a-z0-9][a-z0-9_./-]*[a-z0-9])';

export interface UploadCleanupDeps {
  db: Database;
  storage: FileStorage;
  /** 'postgres': a run is done under an advisory lock (several instances, one database). */
  dbKind?: 'pglite' | 'postgres';
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface UploadCleanupOptions {
  /** UPLOAD_CLEANUP_GRACE_DAYS; 0 keeps nothing that is unused at `now`. */
  graceDays: number;
  batchSize?: number;
  maxBatches?: number;
  /** Stops after the batch under way (the server is closing). */
  signal?: AbortSignal;
}

export interface UploadCleanupResult {
  /** Files whose row this run removed (each counted by one run only, whatever runs at once). */
  filesRemoved: number;
  bytesFreed: number;
}

interface Candidate {
  key: string;
  bytes: number;
}

/**
 * Removes unused uploaded files as of `now` (rules above): finds at most `batchSize` ×
 * `maxBatches` of them with one query, then removes them `batchSize` at a time; answers what it
 * removed. What is left is for the next run.
 *
 * Crashes: a file is removed from storage before its row. A crash in between leaves a row whose
 * file is gone, which the next run finds unused again and finishes (removing a missing file is
 * not an error); the other order could leave a file that no row points to, which no run would
 * ever find. A file that storage fails to remove keeps its row, and a later run tries again.
 *
 * Several instances: every step is idempotent (a file removed twice is fine; a row is counted
 * by the run whose DELETE removed it), so runs at once are safe. On PostgreSQL a run also holds
 * a transaction-scoped advisory lock (pg_try_advisory_xact_lock), so that one instance works at
 * a time and the others skip their run instead of doing the same reads; its row deletions are
 * committed when it ends (a crash rolls them back, and the next run finishes them as above).
 * PGlite is one process per DATA_DIR (dataDirLock.ts), and a transaction there holds up every
 * other query while files are removed, so it runs without one.
 */
export async function cleanUpUploads(
  deps: UploadCleanupDeps,
  now: Date,
  options: UploadCleanupOptions,
): Promise<UploadCleanupResult> {
  const batchSize = options.batchSize ?? CLEANUP_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? CLEANUP_MAX_BATCHES;
  const cutoff = new Date(now.getTime() - options.graceDays * DAY_MS);
  const outcome = await underCleanupLock(deps, async (db) => {
    const total: UploadCleanupResult = { filesRemoved: 0, bytesFreed: 0 };
    if (options.signal?.aborted) return total;
    const candidates = await unusedUploads(db, cutoff, batchSize * maxBatches);
    for (let i = 0; i < candidates.length && !options.signal?.aborted; i += batchSize) {
      const removable = await removeFiles(deps, candidates.slice(i, i + batchSize));
      if (removable.length === 0) continue;
      const removed = await db
        .delete(uploads)
        .where(inArray(uploads.key, removable))
        .returning({ key: uploads.key, bytes: uploads.bytes });
      total.filesRemoved += removed.length;
      total.bytesFreed += removed.reduce((sum, row) => sum + Number(row.bytes), 0);
    }
    return total;
  });
  // 'busy': another instance is cleaning up right now.
  return outcome === 'busy' ? { filesRemoved: 0, bytesFreed: 0 } : outcome;
}

/**
 * The unused uploads (at most `limit`), in key order.
 *
 * Why one pass over all references rather than looking up each candidate: most old files are
 * in use, so a check per candidate batch (is any of these 500 keys in any template?) would read
 * every template and game once per 500 files in use, every run: the work would grow with the
 * number of files times the number of templates. Here one query reads each template, game, team
 * and submission once, collects every `/uploads/…` key they mention into one set, and returns
 * the files outside it (an anti-join that PostgreSQL runs as a hash anti-join). So a run costs
 * about one read of the templates and games however many files there are, and needs no index.
 *
 * Why text search over the JSON rather than jsonb_path on known fields (`$[*].media.url`,
 * `$.logo.url`): a URL may sit in any field a client writes (a task's text, an answer, a field
 * added later), and missing one would delete a file in use; matching `/uploads/{key}` anywhere
 * in the document errs only towards keeping a file. Both PGlite and PostgreSQL have
 * regexp_matches, and the keys are random UUIDs, so nothing else looks like one.
 */
async function unusedUploads(db: Database, cutoff: Date, limit: number): Promise<Candidate[]> {
  const before = cutoff.toISOString();
  const result = await db.execute(sql`
    with referenced as (
      select m[1] as key
        from ${templates} t
        cross join lateral regexp_matches(
          concat_ws(' ', t.steps::text, t.branding::text, t.thumbnail),
          ${UPLOAD_URL_PATTERN}, 'g') as m
       where t.deleted_at is null or t.deleted_at >= ${before}
      union all
      select m[1]
        from ${games} g
        cross join lateral regexp_matches(g.snapshot::text, ${UPLOAD_URL_PATTERN}, 'g') as m
      union all
      select m[1]
        from ${aiContentRequests} a
        cross join lateral regexp_matches(a.result::text, ${UPLOAD_URL_PATTERN}, 'g') as m
       where a.result is not null
      union all
      select m[1]
        from ${themes} th
        cross join lateral regexp_matches(th.preview_image_url, ${UPLOAD_URL_PATTERN}, 'g') as m
      union all
      select photo_key from ${teams} where photo_key is not null
      union all
      select media_key from ${submissions} where media_key is not null
    )
    select u.key, u.bytes
      from ${uploads} u
      left join ${templates} own on own.id = u.template_id
     where u.created_at < ${before}
       and (own.id is null or own.updated_at < ${before})
       and not exists (select 1 from referenced r where r.key = u.key)
     order by u.key
     limit ${limit}
  `);
  return (result as unknown as { rows: Candidate[] }).rows;
}

/**
 * Removes the candidates' files from storage; answers the keys whose file is gone (or never
 * could be there), whose rows may go. A key whose removal failed keeps its row for a later run.
 */
async function removeFiles(deps: UploadCleanupDeps, candidates: Candidate[]): Promise<string[]> {
  const removed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const { key } = candidates[next++]!;
      try {
        await deps.storage.delete(key);
        removed.push(key);
      } catch (error) {
        if (error instanceof InvalidStorageKeyError) {
          // Storage never holds a file under such a key: only the row is left to remove.
          removed.push(key);
        } else {
          deps.log?.warn({ err: error, key }, 'removing an unused uploaded file failed');
        }
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(DELETE_CONCURRENCY, candidates.length) }, worker),
  );
  return removed;
}

/**
 * Runs a cleanup under its advisory lock on PostgreSQL ('busy' when another instance holds it);
 * on PGlite straight away (see cleanUpUploads).
 */
async function underCleanupLock<T>(
  deps: UploadCleanupDeps,
  fn: (db: Database) => Promise<T>,
): Promise<T | 'busy'> {
  if (deps.dbKind !== 'postgres') return fn(deps.db);
  return deps.db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK_SPACE}, ${CLEANUP_LOCK_ID}) as locked`,
    );
    const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return 'busy' as const;
    return fn(tx);
  });
}

// ---------------------------------------------------------------------------------------------
// The periodic job

export interface UploadCleanupJob {
  /** Schedules the first run after the start delay, then one every interval. */
  start(): void;
  /** Stops scheduling, asks a run under way to stop after its batch, and waits for it. */
  stop(): Promise<void>;
  /** Runs now (unless a run is under way or the job has stopped); null when it did not run. */
  runNow(): Promise<UploadCleanupResult | null>;
}

export interface UploadCleanupJobOptions {
  run(now: Date, signal: AbortSignal): Promise<UploadCleanupResult>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs: number;
  startDelayMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * Runs the cleanup now and then, one run at a time: the next is scheduled when one ends, so a
 * slow run never overlaps the next. Timers are unref'd (they never keep the process alive), a
 * failed run is logged and the next one tried at its time; nothing is left running after stop().
 */
export function createUploadCleanupJob(options: UploadCleanupJobOptions): UploadCleanupJob {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const controller = new AbortController();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<UploadCleanupResult | null> | null = null;

  async function runOnce(): Promise<UploadCleanupResult | null> {
    if (stopped || running) return null;
    running = (async () => {
      const startedAt = performance.now();
      try {
        const result = await options.run(now(), controller.signal);
        if (result.filesRemoved > 0) {
          log.info(
            { ...result, ms: Math.round(performance.now() - startedAt) },
            'removed uploaded files that nothing uses',
          );
        }
        return result;
      } catch (error) {
        log.error({ err: error }, 'removing unused uploaded files failed');
        return null;
      }
    })();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void runOnce().finally(() => schedule(options.intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(options.startDelayMs ?? CLEANUP_START_DELAY_MS);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      controller.abort();
      await running;
    },
    runNow: runOnce,
  };
}

/**
 * The job of a server (app.ts): configured by UPLOAD_CLEANUP_INTERVAL_MINUTES and
 * UPLOAD_CLEANUP_GRACE_DAYS, started when the server is ready and stopped when it closes.
 */
export function attachUploadCleanup(app: FastifyInstance): UploadCleanupJob {
  const log = app.log.child({ component: 'upload-cleanup' });
  const { intervalMinutes, graceDays } = app.config.uploadCleanup;
  const job = createUploadCleanupJob({
    log,
    intervalMs: intervalMinutes * 60_000,
    run: (now, signal) =>
      cleanUpUploads({ db: app.db, storage: app.storage, dbKind: app.dbKind, log }, now, {
        graceDays,
        signal,
      }),
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  return job;
}
