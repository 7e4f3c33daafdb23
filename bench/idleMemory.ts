/**
 * Idle memory of the server (part of `npm run bench`): the compiled server as
 * `npm start` runs it, and the same server through tsx (`npm run dev`) for comparison. Printed,
 * never asserted.
 *
 * Each server starts on a new temporary DATA_DIR with the embedded database (a first start, which
 * creates the database), then again on the same folder (a restart, the usual case). It is
 * measured 5 s after it first answers /v1/health and again after a minute of idle: V8 gives back
 * the garbage of the start only after 20–50 s without work, so the minute is what a quiet server
 * holds. Resident memory (RSS) and the V8 heap in use are read in the server itself
 * (memoryProbe.mjs). Several servers start at once, each on its own folder and port; each figure
 * is the median over them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/freePort';
import { buildCompiledServer, percentile } from './support';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROBE = new URL('./memoryProbe.mjs', import.meta.url).href;
const STARTS = 3;
const FIRST_SAMPLE_MS = 5_000;
const IDLE_MS = 60_000;
/** Three first starts at once on two cores: each creates its database (initdb). */
const START_TIMEOUT_MS = 180_000;
/** The server's own shutdown grace is 10 s. */
const STOP_TIMEOUT_MS = 15_000;
const MB = 1024 * 1024;

const MODES = [
  { label: 'compiled (npm start)', args: ['--enable-source-maps', 'dist-server/server.js'] },
  { label: 'tsx (npm run dev)', args: ['--import', 'tsx', 'server/server.ts'] },
];

interface Memory {
  rss: number;
  heapUsed: number;
}

interface Sample {
  early: Memory;
  idle: Memory;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts one server and resolves once it answers /v1/health. */
async function start(args: readonly string[], dataDir: string): Promise<ChildProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', PROBE, ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const response = await fetch(`${origin}/v1/health`).catch(() => null);
    if (response?.ok) return child;
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`The server (${args.join(' ')}) did not start:\n${output}`);
}

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (memory) => resolve(memory as Memory));
    child.send('memory');
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** One server's figures: started, measured early and after the idle minute, stopped. */
async function measure(args: readonly string[], dataDir: string): Promise<Sample> {
  const child = await start(args, dataDir);
  try {
    await sleep(FIRST_SAMPLE_MS);
    const early = await memoryOf(child);
    await sleep(IDLE_MS - FIRST_SAMPLE_MS);
    return { early, idle: await memoryOf(child) };
  } finally {
    await stop(child);
  }
}

const medianMb = (values: number[]) =>
  `${Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    ) / MB,
  )} MB`.padStart(7);

function report(label: string, samples: readonly Sample[]): void {
  console.log(
    `${label.padEnd(52)} RSS ${medianMb(samples.map((s) => s.early.rss))} at 5 s, ` +
      `${medianMb(samples.map((s) => s.idle.rss))} at 60 s   heap used ` +
      `${medianMb(samples.map((s) => s.idle.heapUsed))}   (median of ${samples.length})`,
  );
}

buildCompiledServer();
console.log(
  `Idle memory of the server on the embedded database (${STARTS} servers at once per line)` +
    (existsSync(path.join(REPO_ROOT, 'dist', 'index.html'))
      ? '\n'
      : ';\nthe web app is not built, so it is not served: `npm run build` first for the figures of npm start\n'),
);
for (const mode of MODES) {
  const dataDirs = Array.from({ length: STARTS }, () =>
    mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-memory-')),
  );
  try {
    for (const phase of ['first start, new DATA_DIR', 'restart on the same DATA_DIR']) {
      const samples = await Promise.all(dataDirs.map((dataDir) => measure(mode.args, dataDir)));
      report(`${mode.label}, ${phase}`, samples);
    }
  } finally {
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}
