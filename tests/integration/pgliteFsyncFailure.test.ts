/**
 * Durable commits: a failed fsync is never taken for success. Once one fails (a
 * failing or full disk), the call that needed it rejects, and so does every later call, until
 * the server is restarted (server/db/durablePgliteFs.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as NodeFs from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

const disk = vi.hoisted(() => ({ failing: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  return {
    ...fs,
    fsyncSync: (fd: number) => {
      if (disk.failing) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      fs.fsyncSync(fd);
    },
  };
});

const { createPglite } = await import('../../server/db/durablePgliteFs');

const root = mkdtempSync(path.join(tmpdir(), 'teamtrail-fsync-failure-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a failed fsync', () => {
  it('rejects the write that needed it and every later call, until a restart', async () => {
    const dataDir = path.join(root, 'db');
    const pg = createPglite(dataDir, 'fsync');
    await pg.exec('create table acked (id integer primary key)');
    await pg.query('insert into acked values (1)');

    disk.failing = true;
    // PostgreSQL's fsync of the WAL at COMMIT fails: it PANICs, and the write is not acknowledged.
    await expect(pg.query('insert into acked values (2)')).rejects.toThrow();
    disk.failing = false;
    // The disk answers again, but what it dropped is unknown: nothing more is acknowledged, and
    // nothing reaches the panicked PostgreSQL (whose next call would never return).
    await expect(pg.query('insert into acked values (3)')).rejects.toThrow(
      /could not write to disk \(fsync failed: EIO.*restart Teamtrail/,
    );
    await expect(pg.query('select 1')).rejects.toThrow(/could not write to disk/);
    await expect(pg.transaction((tx) => tx.query('select 1'))).rejects.toThrow(
      /could not write to disk/,
    );
    await expect(pg.close()).rejects.toThrow(/could not write to disk/);

    // A restart recovers from the WAL: what was acknowledged is there.
    const restarted = createPglite(dataDir, 'fsync');
    try {
      const { rows } = await restarted.query<{ id: number }>('select id from acked order by id');
      expect(rows.map((row) => row.id)).toContain(1);
      expect(rows.map((row) => row.id)).not.toContain(3);
    } finally {
      await restarted.close();
    }
  });
});
