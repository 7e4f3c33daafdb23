/**
 * The entry of an upload-check worker thread (checkPool.ts). Plain JavaScript on purpose: a
 * worker thread starts a fresh module loader, and the server's code is TypeScript run without a
 * build step (`npm start` runs server/server.ts through tsx; Vitest compiles on the fly with its
 * own loader, which worker threads do not share). Node loads this file as it is, and it loads the
 * TypeScript checks itself through tsx's scoped import API (tsx is a runtime dependency), so the
 * same worker starts under tsx, under Vitest and under plain node.
 *
 * Protocol: once the checks are loaded the worker posts {ready: true}; it then answers each
 * {id, name, input} with {id, result} or {id, error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const loaded = await tsImport(workerData.checksModule, import.meta.url);
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
