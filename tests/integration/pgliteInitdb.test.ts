/**
 * A new embedded database is created in a child process (server/db/pgliteInitdb.ts), so the
 * server never holds initdb's memory. Its creation is covered wherever a test starts a server on
 * a new DATA_DIR (compiledServer.test.ts, dataDirLock.test.ts); here, what the server says when
 * the child cannot create it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { needsInitdb, runInitdbApart } from '../../server/db/pgliteInitdb';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamtrail-initdb-'));
  dirs.push(dir);
  return dir;
}

describe('creating the embedded database in a child process', () => {
  it('knows a folder without a database from one with it', () => {
    const dir = tempDir();
    expect(needsInitdb(dir)).toBe(true);
    writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    expect(needsInitdb(dir)).toBe(false);
  });

  it("rejects with the folder and the child's own error when it cannot create the database", async () => {
    // A file where the database's folder should be: nothing can be created under it.
    const blocker = path.join(tempDir(), 'not-a-folder');
    writeFileSync(blocker, '');
    const dataDir = path.join(blocker, 'db');
    const error = await runInitdbApart(dataDir, 'relaxed').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      `The embedded database could not be created in ${dataDir} (exit code 1)`,
    );
    expect((error as Error).message).toMatch(/ENOTDIR|not a directory/i);
  }, 60_000);
});
