/**
 * Durability of the embedded database: "kill -9 during writes with fsync
 * on" loses nothing: a child process writes rows to the embedded database in a loop with
 * PGLITE_DURABILITY=fsync, printing each id once its write is acknowledged; it is killed with
 * SIGKILL in the middle of writing, twice (the second time after a recovery); every id it
 * printed is in the reopened database, and the ids are gap-free (no half-applied transaction).
 *
 * A SIGKILL leaves the operating system's cache intact, so this proves PostgreSQL's crash
 * recovery over this filesystem (with fsync on: WAL replay, then fsync of the whole data
 * directory); that each write is on disk before it is acknowledged, which a power cut needs,
 * is pgliteDurability.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WRITER = 'tests/integration/support/pgliteWriter.ts';
/** Acknowledged writes to wait for before the kill: enough to be well into the loop. */
const ACKS_BEFORE_KILL = 120;

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the writer on `dataDir` until it has acknowledged `acks` more ids, then kills it with
 * SIGKILL while it goes on writing; answers every id it acknowledged.
 */
function writeThenKill(dataDir: string, acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, 'fsync'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const acked: number[] = [];
    let pending = '';
    let stderr = '';
    let killed = false;
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (/^\d+$/.test(line)) acked.push(Number(line));
      if (!killed && acked.length >= acks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.once('exit', (code, signal) => {
      // Whatever it printed before dying was acknowledged (a partial last line was not).
      if (signal === 'SIGKILL' && killed) resolve(acked);
      else reject(new Error(`writer ended by itself (${code ?? signal}): ${stderr}`));
    });
  });
}

async function storedIds(dataDir: string): Promise<number[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir, durability: 'fsync' });
  try {
    const result = await database.db.execute(sql`select id from crash_acked order by id`);
    return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}

describe('the embedded database with PGLITE_DURABILITY=fsync, killed with SIGKILL mid-write', () => {
  it(
    'keeps every acknowledged write, across two kills and recoveries',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'teamtrail-crash-')), 'db');
      dirs.push(path.dirname(dataDir));

      const first = await writeThenKill(dataDir, ACKS_BEFORE_KILL);
      // The second writer recovers the database first, then goes on after the last stored id.
      const second = await writeThenKill(dataDir, ACKS_BEFORE_KILL);
      const acked = [...first, ...second];
      expect(acked.length).toBeGreaterThanOrEqual(2 * ACKS_BEFORE_KILL);

      const stored = await storedIds(dataDir);
      const missing = acked.filter((id) => !stored.includes(id));
      expect(missing).toEqual([]);
      // Gap-free: 1…n, each write whole or not at all (a transaction's two rows together).
      expect(stored).toEqual(stored.map((_, i) => i + 1));
      expect(second[0]).toBeGreaterThan(Math.max(...first));
    },
  );
});
