/**
 * One process at a time on an embedded database. PGlite has no lock of its own: a
 * second server, or `npm run admin`, opened on the same DATA_DIR runs its own copy of PostgreSQL
 * over the same files, and one side's writes are silently lost. So a process that opens the
 * embedded database first creates `DATA_DIR/teamtrail.lock` (exclusively: `wx`), naming itself;
 * a second one finds it and stops at once with a message that says who holds it.
 *
 * A lock whose process is gone (a crash, kill -9, a power cut) is taken over. The holder touches
 * the file every LOCK_REFRESH_MS, so a lock is stale when its pid no longer runs on this machine,
 * when it names this very pid (a container restarted as pid 1 again), or when nobody has touched
 * it for LOCK_STALE_MS (its pid reused by an unrelated process, or a holder on another machine
 * that shares DATA_DIR and is gone). PostgreSQL (DATABASE_URL) needs none of this: several
 * instances sharing one database is how Teamtrail scales.
 */
import { hostname } from 'node:os';
import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export const DATA_DIR_LOCK_FILE = 'teamtrail.lock';
/** How often the holder touches its lock file. */
export const LOCK_REFRESH_MS = 10_000;
/** A lock nobody has touched for this long belongs to no running process. */
export const LOCK_STALE_MS = 35_000;

export type LockHolderRole = 'server' | 'admin';

interface LockContent {
  pid: number;
  role: LockHolderRole;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file, if it is still this process's. Safe to call twice. */
  release(): void;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs as another user). */
function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : null;
  } catch {
    return null; // unreadable or half-written: a process died while creating it
  }
}

/** Creates the lock file if there is none; answers false when one exists. */
function tryCreate(file: string, content: LockContent): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(content));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Milliseconds since the lock file was last touched; Infinity when it is gone. */
function lockAge(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Whether the lock's holder may still be running (see the rules at the top). */
function holderAlive(file: string, holder: LockContent | null): boolean {
  // An empty file seconds old is a lock being written right now; older, a crash while writing.
  if (!holder) return lockAge(file) < 2_000;
  if (holder.pid === process.pid) return false;
  if (lockAge(file) > LOCK_STALE_MS) return false;
  const sameHost = !holder.host || holder.host === hostname();
  return !sameHost || processRuns(holder.pid);
}

function lockedMessage(role: LockHolderRole, holder: LockContent | null, file: string): string {
  const who = holder
    ? `${holder.role === 'admin' ? 'An admin command' : 'A Teamtrail server'} (process ${holder.pid}` +
      `${holder.host && holder.host !== hostname() ? ` on ${holder.host}` : ''}, since ${holder.since})`
    : 'Another Teamtrail process';
  const advice =
    role === 'admin'
      ? 'Stop the server before running npm run admin on the embedded database, or use PostgreSQL (DATABASE_URL), where both can run at once.'
      : 'Stop it first, or give this server a DATA_DIR of its own. To run several servers on one database, use PostgreSQL (DATABASE_URL).';
  return (
    `${who} is using the embedded database in ${path.dirname(file)}. ${advice} ` +
    `If no Teamtrail process is running there, delete ${file}.`
  );
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirLockedError with a message for
 * the person who started it. The lock goes with release() or, after a crash, with the process.
 */
export function lockDataDir(dataDir: string, role: LockHolderRole): DataDirLock {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const content: LockContent = {
    pid: process.pid,
    role,
    host: hostname(),
    since: new Date().toISOString(),
  };
  // Two rounds: the second after moving a dead process's lock out of the way.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (tryCreate(file, content)) {
      let released = false;
      // Touched while held, so that a lock left by a holder that is gone goes stale.
      const refresh = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(file, now, now);
        } catch {
          // Removed by hand, or the disk is gone: the next start decides afresh.
        }
      }, LOCK_REFRESH_MS);
      refresh.unref();
      return {
        file,
        release() {
          if (released) return;
          released = true;
          clearInterval(refresh);
          const current = readLock(file);
          if (current?.pid === content.pid && current.since === content.since)
            rmSync(file, { force: true });
        },
      };
    }
    const holder = readLock(file);
    if (holderAlive(file, holder)) throw new DataDirLockedError(lockedMessage(role, holder, file));
    // Stale (its process is gone, or the file is unreadable). A rename is atomic: of two
    // processes taking over at once, one moves it and the other finds the winner's lock.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(lockedMessage(role, readLock(file), file));
}
