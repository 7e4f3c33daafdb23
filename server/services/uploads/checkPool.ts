/**
 * A small pool of worker threads for upload checks whose cost the uploader controls (checks.ts):
 * the server's main thread only hands the bytes over and waits, so one hostile upload cannot
 * stall every game (a 9 MB SVG held the main thread for up to 10 s, /v1/health
 * unanswered meanwhile).
 *
 * - At most `workers` checks run at once; more wait in line, first come first served.
 * - A check that runs longer than `timeoutMs` is refused (CheckTooComplexError) and its worker
 *   is terminated: JavaScript cannot be interrupted from outside, so the thread is the unit we
 *   can stop. The next check starts a fresh worker. So does a check that outgrows the worker's
 *   memory limit, which ends the worker the same way.
 * - Workers start on first use and stay for the next check; an idle worker does not keep the
 *   process alive.
 *
 * Hand-written rather than piscina or tinypool: the pool is small, and the part that needs care
 * (a time limit that terminates and replaces the worker, in-flight checks refused in plain words)
 * is the part those libraries leave to the caller. The worker entry is plain JavaScript that loads
 * the checks, compiled or through tsx (checkWorker.mjs says why).
 */
import { existsSync } from 'node:fs';
import { Worker, type TransferListItem } from 'node:worker_threads';
import { DEFAULT_UPLOAD_CHECK_LIMITS, type UploadCheckLimits } from '../../config';

/** The pool's part of the upload-check settings (image decodes are limited in inspect.ts). */
type WorkerLimits = Pick<UploadCheckLimits, 'timeoutMs' | 'workers'>;
import type { UploadChecks } from './checks';

/**
 * The heap a check may use. A 10 MB SVG of millions of attributes, the worst we found, peaks
 * well below this; the limit stops a check we did not foresee from taking the server's memory.
 */
const WORKER_HEAP_MB = 512;

/** A worker that has not loaded its checks by then is taken as broken (tsx starts it in ~1 s). */
const WORKER_START_LIMIT_MS = 30_000;

const WORKER_ENTRY = new URL('./checkWorker.mjs', import.meta.url);

/** A check refused because it needed more time (or memory) than a check may have. */
export class CheckTooComplexError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(`The upload check ran over its ${limit} limit.`);
    this.name = 'CheckTooComplexError';
  }
}

type CheckSet = Record<string, (input: never) => unknown>;

export interface CheckPool<C extends CheckSet> {
  /**
   * Runs `name` on `input` in a worker. Inputs are copied to the worker unless their buffers are
   * listed in `transfer` (they are then moved, and unusable here). Rejects with
   * CheckTooComplexError over the limits, and with an Error when the check throws.
   */
  run<N extends keyof C & string>(
    name: N,
    input: Parameters<C[N]>[0],
    transfer?: TransferListItem[],
  ): Promise<Awaited<ReturnType<C[N]>>>;
  /** New limits apply to the checks that start after the change. */
  setLimits(limits: WorkerLimits): void;
  /** How many worker threads were started so far (a replaced worker counts again). */
  readonly workersStarted: number;
  /** Ends every worker; checks still waiting or running are rejected. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  name: string;
  input: unknown;
  transfer: TransferListItem[];
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** True once the worker has loaded the checks. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The error the worker ended with, if any (reported by 'error' just before 'exit'). */
  failure: (Error & { code?: string }) | null;
}

type WorkerMessage =
  { ready: true } | { id: number; result: unknown } | { id: number; error: string };

export function createCheckPool<C extends CheckSet>(options: {
  /** The module the worker loads (TypeScript or JavaScript), and the export holding the checks. */
  checksModule: URL;
  exportName: string;
  limits: WorkerLimits;
  workerHeapMb?: number;
}): CheckPool<C> {
  let limits = { ...options.limits };
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let started = 0;
  let closed = false;

  function spawn(): void {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { checksModule: options.checksModule.href, exportName: options.exportName },
      resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? WORKER_HEAP_MB },
    });
    started++;
    const slot: Slot = { worker, ready: false, job: null, timer: null, failure: null };
    slots.push(slot);
    // Referenced only while it works on a check (see start), so an idle pool never holds the
    // process open.
    worker.unref();
    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error) => {
      slot.failure = error;
    });
    worker.on('exit', () => {
      clearTimeout(startLimit);
      onExit(slot);
    });
    const startLimit = setTimeout(() => {
      if (slot.ready || !remove(slot)) return;
      void worker.terminate();
      failStart(new Error(`it did not start within ${WORKER_START_LIMIT_MS / 1000} s`));
    }, WORKER_START_LIMIT_MS);
    startLimit.unref();
    worker.once('message', () => clearTimeout(startLimit));
  }

  /**
   * A worker that could not even load the checks: every check waiting would fail the same way,
   * and starting workers over and over would not help.
   */
  function failStart(cause: Error | null): void {
    const error = new Error(
      `The upload check worker could not start: ${cause?.message ?? 'it exited'}`,
    );
    for (const waiting of queue.splice(0)) waiting.reject(error);
    pump();
  }

  /** Takes the slot out of the pool; false when it was already out. */
  function remove(slot: Slot): boolean {
    const index = slots.indexOf(slot);
    if (index < 0) return false;
    slots.splice(index, 1);
    return true;
  }

  /** Ends the slot's current job (not the worker). */
  function release(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    return job;
  }

  function start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    // The time limit counts the check alone: time spent in line or starting a worker is not the
    // uploaded file's fault.
    slot.timer = setTimeout(() => {
      release(slot);
      remove(slot);
      void slot.worker.terminate();
      job.reject(new CheckTooComplexError('time'));
      pump();
    }, limits.timeoutMs);
    slot.worker.postMessage({ id: job.id, name: job.name, input: job.input }, job.transfer);
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    if (!slots.includes(slot)) return;
    if ('ready' in message) {
      slot.ready = true;
    } else if (slot.job?.id === message.id) {
      const job = release(slot)!;
      if ('error' in message)
        job.reject(new Error(`Upload check "${job.name}" failed: ${message.error}`));
      else job.resolve(message.result);
    }
    pump();
  }

  function onExit(slot: Slot): void {
    // A worker we terminated (time limit, close) is already out of the pool.
    if (!remove(slot)) return;
    const failure = slot.failure;
    const job = release(slot);
    if (job) {
      job.reject(
        failure?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new CheckTooComplexError('memory')
          : new Error(`The upload check worker stopped: ${failure?.message ?? 'it exited'}`),
      );
    } else if (!slot.ready) {
      failStart(failure);
      return;
    }
    pump();
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.ready && !slot.job) start(slot, queue.shift()!);
    }
    // After setLimits made the pool smaller, idle workers beyond the size leave.
    for (const slot of [...slots]) {
      if (slots.length <= limits.workers) break;
      if (!slot.job) {
        remove(slot);
        void slot.worker.terminate();
      }
    }
    const starting = slots.filter((slot) => !slot.ready).length;
    const wanted = Math.min(queue.length - starting, limits.workers - slots.length);
    for (let i = 0; i < wanted; i++) spawn();
  }

  return {
    run(name, input, transfer = []) {
      if (closed) return Promise.reject(new Error('The upload check pool is closed.'));
      return new Promise((resolve, reject) => {
        queue.push({
          id: nextId++,
          name,
          input,
          transfer,
          resolve: resolve as (result: unknown) => void,
          reject,
        });
        pump();
      });
    },
    setLimits(next) {
      limits = { ...next };
      pump();
    },
    get workersStarted() {
      return started;
    },
    async close() {
      closed = true;
      const error = new Error('The upload check pool was closed.');
      for (const waiting of queue.splice(0)) waiting.reject(error);
      const ending = slots.splice(0);
      for (const slot of ending) release(slot)?.reject(error);
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The server's pool

let serverPool: CheckPool<UploadChecks> | null = null;
let serverLimits: WorkerLimits = DEFAULT_UPLOAD_CHECK_LIMITS;

/**
 * checks.ts, or in the compiled server (scripts/build-server.mjs) the checks.js compiled beside
 * the bundle: there is no TypeScript to load at run time, and no loader to load it with.
 */
function serverChecksModule(): URL {
  const compiled = new URL('./checks.js', import.meta.url);
  return existsSync(compiled) ? compiled : new URL('./checks.ts', import.meta.url);
}

function uploadCheckPool(): CheckPool<UploadChecks> {
  serverPool ??= createCheckPool<UploadChecks>({
    checksModule: serverChecksModule(),
    exportName: 'uploadChecks',
    limits: serverLimits,
  });
  return serverPool;
}

/** The limits from the server's configuration (buildApp); the defaults until then. */
export function configureUploadChecks(limits: WorkerLimits): void {
  serverLimits = { ...limits };
  serverPool?.setLimits(serverLimits);
}

/** Runs one of checks.ts's checks in the server's pool of upload-check workers. */
export function runUploadCheck<N extends keyof UploadChecks>(
  name: N,
  input: Parameters<UploadChecks[N]>[0],
  transfer?: TransferListItem[],
): Promise<ReturnType<UploadChecks[N]>> {
  return uploadCheckPool().run(name, input, transfer);
}
