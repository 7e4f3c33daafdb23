/**
 * Counts that hold across server instances (docs/operations.md "Several machines"): the rate
 * limiter's windows, the failed sign-ins per e-mail address and the open event streams per
 * address, game and owner.
 *
 * Each instance keeps its own counts in memory, exactly, and checks a limit against its own
 * count plus what the other instances last reported: no request ever waits on the database.
 * Every `LIMIT_SYNC_MS` one statement
 *   1. refreshes this instance's heartbeat,
 *   2. writes the keys whose count changed since the last report (a count of 0 deletes the row),
 *      each with its expiry (a rate window's end; none for open streams), and
 *   3. reads the other live instances' counts (heartbeat within SYNC_INTERVALS_ALIVE intervals,
 *      not expired), summed per key.
 * So a limit can be overshot by what the other instances accepted since their last report:
 * limits hold across instances to within about one sync interval. The work per tick is one
 * statement whose writes grow with the keys that changed, never a query per request.
 *
 * Without PostgreSQL (the embedded database, one process) `createLocalCounts` keeps the same
 * counts in memory, writes nothing, and others() is always 0.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { limitCounts, limitInstances } from '../../db/schema';

/**
 * An instance not heard from for this many sync intervals is ignored: long enough that one slow
 * sync does not drop its counts, short enough that a crashed instance's open streams stop
 * counting within seconds.
 */
const SYNC_INTERVALS_ALIVE = 5;
/** Rows of instances silent for this long are deleted, with expired rows, every CLEANUP_EVERY_MS. */
const DEAD_AFTER_MS = 60_000;
const CLEANUP_EVERY_MS = 60_000;
/**
 * After this long without a successful sync, this instance's rows may be about to be deleted as
 * a dead one's (DEAD_AFTER_MS): the next sync writes every count, not only the changed ones.
 */
const RESEND_ALL_AFTER_MS = DEAD_AFTER_MS / 2;
/** A database that stays down is reported once a minute, not at every tick. */
const FAILURE_LOG_EVERY_MS = 60_000;

export interface SharedCounts {
  /**
   * Adds `delta` to this instance's count of `key` and returns it. `expiresAt` (ms since the
   * epoch): when the count stops mattering (a rate window's end); it is then forgotten here and
   * ignored by the other instances. Without it the count lasts until it is brought back to 0.
   */
  add(key: string, delta: number, expiresAt?: number): number;
  /** This instance's own count, exact. */
  local(key: string): number;
  /** The other live instances' counts of `key` at the last sync, summed; 0 for an unknown key. */
  others(key: string): number;
  /** Starts syncing (and forgetting expired counts) every interval. */
  start(): void;
  /** Stops syncing and removes this instance's rows and heartbeat. Counting goes on locally. */
  stop(): Promise<void>;
  /** One sync now (tests): resolves when it is done, failed or not. */
  syncNow(): Promise<void>;
  /** Resolves when a sync that starts after this call has ended, failed or not (tests). */
  nextSync(): Promise<void>;
  /** This instance's random id (tests, logs). */
  readonly instanceId: string;
}

interface Entry {
  count: number;
  expiresAt: number | null;
}

/** The counts in this process's memory: exact, with the keys changed since the last report. */
class LocalTable {
  readonly entries = new Map<string, Entry>();
  /** Keys by their expiry, so that forgetting expired ones touches only those. */
  private readonly byExpiry = new Map<number, Set<string>>();
  /** Changed since the last report (the database's copy differs). */
  changed = new Set<string>();

  add(key: string, delta: number, expiresAt?: number): number {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { count: 0, expiresAt: expiresAt ?? null };
      this.entries.set(key, entry);
      if (expiresAt !== undefined) {
        let keys = this.byExpiry.get(expiresAt);
        if (!keys) this.byExpiry.set(expiresAt, (keys = new Set()));
        keys.add(key);
      }
    }
    entry.count += delta;
    const count = entry.count;
    // A count back at 0 is forgotten here, and its row deleted at the next report.
    if (count <= 0) this.entries.delete(key);
    this.changed.add(key);
    return Math.max(0, count);
  }

  local(key: string): number {
    return this.entries.get(key)?.count ?? 0;
  }

  /** Forgets counts whose time is up; the other instances ignore their rows already. */
  forgetExpired(now: number): void {
    for (const [expiresAt, keys] of this.byExpiry) {
      if (expiresAt > now) continue;
      for (const key of keys) {
        if (this.entries.get(key)?.expiresAt === expiresAt) this.entries.delete(key);
        this.changed.delete(key);
      }
      this.byExpiry.delete(expiresAt);
    }
  }
}

/** Limits counted in this process alone: the embedded database has one server process. */
export function createLocalCounts(options: { syncMs: number }): SharedCounts {
  const table = new LocalTable();
  let timer: NodeJS.Timeout | null = null;
  let waiting: (() => void)[] = [];
  const tick = () => {
    table.forgetExpired(Date.now());
    // Nobody reads what changed: keep the set from growing.
    table.changed.clear();
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) resolve();
  };
  return {
    instanceId: 'local',
    add: (key, delta, expiresAt) => table.add(key, delta, expiresAt),
    local: (key) => table.local(key),
    others: () => 0,
    start() {
      if (timer) return;
      timer = setInterval(tick, options.syncMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      tick();
    },
    async syncNow() {
      tick();
    },
    nextSync: () =>
      new Promise((resolve) => {
        if (timer) waiting.push(resolve);
        else resolve();
      }),
  };
}

interface ChangedRow {
  key: string;
  count: number;
  expires_at: string | null;
}

/** Counts shared with the other instances on the same PostgreSQL database. */
export function createSharedCounts(options: {
  db: Database;
  syncMs: number;
  log: FastifyBaseLogger;
  /** Tests: a fixed id instead of a random one. */
  instanceId?: string;
}): SharedCounts {
  const { db, syncMs, log } = options;
  const instanceId = options.instanceId ?? randomUUID();
  const aliveSeconds = (SYNC_INTERVALS_ALIVE * syncMs) / 1000;
  const table = new LocalTable();
  let othersByKey = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  let lastSuccess = 0;
  let lastCleanup = 0;
  let lastFailureLogged = 0;
  let failing = false;

  const sync = async () => {
    const now = Date.now();
    table.forgetExpired(now);
    const resendAll = now - lastSuccess >= RESEND_ALL_AFTER_MS;
    const keys = resendAll ? new Set([...table.changed, ...table.entries.keys()]) : table.changed;
    // Taken now: counts that change while the statement runs are reported next time.
    table.changed = new Set();
    const rows: ChangedRow[] = [];
    for (const key of keys) {
      const entry = table.entries.get(key);
      rows.push({
        key,
        count: entry?.count ?? 0,
        expires_at: entry?.expiresAt != null ? new Date(entry.expiresAt).toISOString() : null,
      });
    }
    try {
      // One statement: heartbeat, this instance's changes (0 deletes), the others' sums. The
      // data-modifying parts run whatever the final select reads; the select sees the rows as
      // they were when the statement began, which is all it wants (other instances' rows).
      const result = await db.execute(sql`
        with beat as (
          insert into ${limitInstances} (instance_id, seen_at) values (${instanceId}, now())
          on conflict (instance_id) do update set seen_at = excluded.seen_at
        ),
        changed as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(key text, count integer, expires_at timestamptz)
        ),
        gone as (
          delete from ${limitCounts} c using changed
           where c.instance_id = ${instanceId} and c.key = changed.key and changed.count = 0
        ),
        kept as (
          insert into ${limitCounts} (instance_id, key, count, expires_at)
          select ${instanceId}, key, count, expires_at from changed where count <> 0
          on conflict (instance_id, key)
            do update set count = excluded.count, expires_at = excluded.expires_at
        )
        select c.key, sum(c.count)::integer as count
          from ${limitCounts} c
          join ${limitInstances} i on i.instance_id = c.instance_id
         where c.instance_id <> ${instanceId}
           and i.seen_at > now() - make_interval(secs => ${aliveSeconds})
           and (c.expires_at is null or c.expires_at > now())
         group by c.key
      `);
      const next = new Map<string, number>();
      for (const row of (result as unknown as { rows: { key: string; count: number }[] }).rows) {
        if (row.count > 0) next.set(row.key, row.count);
      }
      othersByKey = next;
      lastSuccess = now;
      if (failing) log.info('limits are shared with the other instances again');
      failing = false;
    } catch (error) {
      // Reported again at the next tick (merged with whatever changes meanwhile).
      for (const key of keys) table.changed.add(key);
      if (!failing || now - lastFailureLogged >= FAILURE_LOG_EVERY_MS) {
        log.warn(
          { err: error },
          'could not share limit counts with the other instances; retrying at the next sync',
        );
        lastFailureLogged = now;
      }
      failing = true;
      return;
    }
    if (now - lastCleanup >= CLEANUP_EVERY_MS) {
      lastCleanup = now;
      await cleanUp().catch((error: unknown) =>
        log.warn({ err: error }, 'could not remove old limit counts; retrying later'),
      );
    }
  };

  /** Rows of instances gone silent (crashed, killed) and rows whose window has ended. */
  const cleanUp = async () => {
    const deadSeconds = DEAD_AFTER_MS / 1000;
    await db.execute(sql`
      with dead as (
        delete from ${limitInstances}
         where seen_at < now() - make_interval(secs => ${deadSeconds})
        returning instance_id
      )
      delete from ${limitCounts} c
       where c.expires_at < now()
          or c.instance_id in (select instance_id from dead)
          or not exists (select 1 from ${limitInstances} i where i.instance_id = c.instance_id)
    `);
  };

  /** Waiting for the next sync to start and end (nextSync). */
  let waiting: (() => void)[] = [];
  const runSync = (): Promise<void> => {
    // Never two at once: a slow database makes ticks queue behind one statement, not pile up.
    running ??= (async () => {
      const wake = waiting;
      waiting = [];
      try {
        await sync();
      } finally {
        running = null;
        for (const resolve of wake) resolve();
      }
    })();
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runSync().finally(schedule);
    }, syncMs);
    timer.unref();
  };

  return {
    instanceId,
    add: (key, delta, expiresAt) => table.add(key, delta, expiresAt),
    local: (key) => table.local(key),
    others: (key) => othersByKey.get(key) ?? 0,
    start() {
      if (started || stopped) return;
      started = true;
      // The first sync at once: an instance that starts knows the others' counts straight away.
      void runSync().finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      for (const resolve of waiting.splice(0)) resolve();
      othersByKey = new Map();
      try {
        await db.execute(sql`
          with counts as (delete from ${limitCounts} where instance_id = ${instanceId})
          delete from ${limitInstances} where instance_id = ${instanceId}
        `);
      } catch (error) {
        // Its rows stop counting once its heartbeat is old (SYNC_INTERVALS_ALIVE intervals).
        log.warn({ err: error }, 'could not remove this instance’s limit counts');
      }
    },
    async syncNow() {
      if (stopped) return;
      // One that began before this call may have missed the latest counts: the next one.
      await running;
      await runSync();
    },
    nextSync: () =>
      new Promise((resolve) => {
        if (stopped || !started) resolve();
        else waiting.push(resolve);
      }),
  };
}
