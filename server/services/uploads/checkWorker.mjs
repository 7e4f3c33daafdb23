/**
 * The entry of an upload-check worker thread (checkPool.ts). Plain JavaScript on purpose: a
 * worker thread starts a fresh module loader (Vitest compiles on the fly with its own loader,
 * which worker threads do not share), so Node must be able to load this file as it is: from the
 * sources under tsx or Vitest, and next to the compiled server (dist-server/) under plain node.
 *
 * The checks module it is given is either compiled JavaScript (the compiled server's checks.js),
 * imported as it is, or TypeScript (the server run from its sources by tsx, Vitest), which it
 * loads through tsx's scoped import API. tsx is imported only then, so the compiled server never
 * loads a TypeScript compiler.
 *
 * Protocol: once the checks are loaded the worker posts {ready: true}; it then answers each
 * {id, name, input} with {id, result} or {id, error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadWorkerModule } from '../../loadWorkerModule.mjs';

// The checks module, compiled or not (see the top of this file).
const loaded = await loadWorkerModule(workerData.checksModule, import.meta.url);
const checks = loaded[workerData.exportName];
if (!checks) throw new Error(`${workerData.checksModule} exports no "${workerData.exportName}"`);

parentPort.on('message', (job) => {
  let answer;
  try {
    const check = checks[job.name];
    if (typeof check !== 'function') throw new Error(`There is no upload check "${job.name}".`);
    answer = { id: job.id, result: check(job.input) };
  } catch (error) {
    answer = {
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort.postMessage(answer);
});
parentPort.postMessage({ ready: true });
