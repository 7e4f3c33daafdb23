/**
 * A second server (or npm run admin) on the same DATA_DIR used to open the same database, and
 * one side's writes were lost silently. With the embedded database, one process at a time holds
 * DATA_DIR (server/db/dataDirLock.ts); a second one stops at once and says who holds it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_DIR_LOCK_FILE,
  DataDirLockedError,
  LOCK_STALE_MS,
  lockDataDir,
} from '../../server/db/dataDirLock';
import { startApiServer, type ApiServer } from '../../e2e/support/apiServer';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
let server: ApiServer | null = null;

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamtrail-lock-'));
  dirs.push(dir);
  return dir;
}

function writeHolder(dir: string, holder: object, ageMs = 0) {
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  writeFileSync(file, JSON.stringify(holder));
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
  return file;
}

/** A process that runs until the test ends: a live holder with another pid. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
    stdio: 'ignore',
  });
  children.push(child);
  return child.pid ?? -1;
}

/** Runs a server script to its end, as an operator would from the shell. */
function runScript(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

afterEach(async () => {
  await server?.dispose();
  server = null;
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the lock of an embedded DATA_DIR', () => {
  it('is refused while a running process on this machine holds it, naming the holder', () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeHolder(dir, { pid, role: 'server', host: hostname(), since: '2026-11-26T10:00:00.000Z' });
    expect(() => lockDataDir(dir, 'server')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'admin')).toThrow(
      new RegExp(
        `A Teamtrail server \\(process ${pid}, since .*Stop the server before running npm run admin`,
      ),
    );
  });

  it('is taken over when its process is gone (a crash or kill -9)', () => {
    const dir = tempDir();
    // Above Linux's largest pid (2^22): no process can have it.
    const file = writeHolder(dir, {
      pid: 2 ** 22 + 7,
      role: 'server',
      host: hostname(),
      since: '',
    });
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('is taken over when it names this very pid (a container restarted as the same pid)', () => {
    const dir = tempDir();
    writeHolder(dir, { pid: process.pid, role: 'server', host: hostname(), since: 'earlier' });
    const lock = lockDataDir(dir, 'server');
    lock.release();
  });

  it('from another machine holds while it is touched, and is stale once nobody has touched it', () => {
    const dir = tempDir();
    const other = { pid: 1, role: 'server', host: 'another-host', since: '' };
    writeHolder(dir, other);
    expect(() => lockDataDir(dir, 'server')).toThrow(/on another-host/);
    writeHolder(dir, other, LOCK_STALE_MS + 1_000);
    lockDataDir(dir, 'server').release();
  });

  it('held by a live pid that stopped touching it (a pid reused after a reboot) is stale', () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeHolder(dir, { pid, role: 'server', host: hostname(), since: '' }, LOCK_STALE_MS + 1_000);
    lockDataDir(dir, 'server').release();
  });

  it('release() leaves a lock that another process has taken since', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir, 'server');
    const file = writeHolder(dir, {
      pid: liveProcess(),
      role: 'server',
      host: hostname(),
      since: 'x',
    });
    lock.release();
    expect(existsSync(file)).toBe(true);
  });
});

describe('a second process on the same DATA_DIR', () => {
  it('a second server exits at once with a clear message, and the first one keeps serving', async () => {
    server = await startApiServer();
    const second = await runScript('server/server.ts', [], server.dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain('Teamtrail did not start: A Teamtrail server (process');
    expect(second.output).toContain('Stop it first, or give this server a DATA_DIR of its own');
    expect((await fetch(`${server.origin}/v1/health`)).ok).toBe(true);
  }, 120_000);

  it('npm run admin says the server must be stopped, and works once it is', async () => {
    server = await startApiServer();
    const refused = await runScript(
      'server/admin.ts',
      ['plan', 'nobody@example.com', 'pro'],
      server.dataDir,
    );
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stop the server before running npm run admin');
    await server.stop();
    const after = await runScript(
      'server/admin.ts',
      ['plan', 'nobody@example.com', 'pro'],
      server.dataDir,
    );
    expect(after.output).not.toContain('embedded database in');
    expect(existsSync(path.join(server.dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
  }, 120_000);
});
