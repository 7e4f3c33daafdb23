/**
 * The real API server (server/server.ts) in a child process, on a free port with its own
 * temporary DATA_DIR (embedded PGlite). It can be stopped and started again on the same port
 * with the same data: that is how the browser tests take the server away, since Playwright's
 * offline switch and request routing do not reach a SharedWorker's requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 90_000;
/** The server's own shutdown grace is 10 s; after that it is killed. */
const STOP_TIMEOUT_MS = 15_000;

export interface ApiServer {
  readonly origin: string;
  readonly port: number;
  readonly dataDir: string;
  readonly running: boolean;
  /** The server process's id while it runs (benchmarks read its CPU time and memory). */
  readonly pid: number | undefined;
  /** Starts it again on the same port and data folder (after stop()). */
  start(): Promise<void>;
  /** Shuts it down gracefully, as a deployment would; the data stays. */
  stop(): Promise<void>;
  /** Stops it and deletes its data folder. */
  dispose(): Promise<void>;
}

export interface ApiServerOptions {
  /** A data folder prepared beforehand (the games benchmark seeds it); a new one by default. */
  dataDir?: string;
  /** More environment for the server (rate limits, …). */
  env?: Record<string, string>;
  /** Node options for the server process (a benchmark's --cpu-prof). */
  nodeArgs?: string[];
  /**
   * The compiled server in dist-server/ as `npm start` runs it (benchmarks measure what
   * production runs; the caller builds it first with `npm run build:server`). By default the
   * TypeScript sources through tsx, which needs no build.
   */
  compiled?: boolean;
}

export async function startApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'teamtrail-e2e-api-'));
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const killOnExit = () => child?.kill('SIGKILL');

  async function start() {
    if (child) return;
    output = '';
    const started = spawn(
      process.execPath,
      [
        ...(options.nodeArgs ?? []),
        ...(options.compiled
          ? ['--enable-source-maps', 'dist-server/server.js']
          : ['--import', 'tsx', 'server/server.ts']),
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: origin,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          // Every request of a test comes from one address; the benchmark sends hundreds a minute.
          RATE_LIMIT_PER_MINUTE: '1000000',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        if (child === started) child = null;
        resolve();
      }),
    );
    process.once('exit', killOnExit);
    await waitForHealth(() => child === started);
  }

  async function waitForHealth(alive: () => boolean) {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!alive()) throw new Error(`The API server exited while starting:\n${output}`);
      try {
        const response = await fetch(`${origin}/v1/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await stop();
    throw new Error(
      `The API server did not answer /v1/health within ${START_TIMEOUT_MS} ms:\n${output}`,
    );
  }

  async function stop() {
    const running = child;
    if (!running) return;
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    process.off('exit', killOnExit);
  }

  await start();
  return {
    origin,
    port,
    dataDir,
    get running() {
      return child !== null;
    },
    get pid() {
      return child?.pid;
    },
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
