/**
 * The entry of the embedded database's worker thread (pgliteThread.ts). Plain JavaScript for the
 * reason checkWorker.mjs gives: a worker thread starts a fresh module loader, so Node must load
 * this file as it is, from the sources (tsx, Vitest) and next to the compiled server alike.
 *
 * The host module is either compiled JavaScript (dist-server/pgliteThreadHost.js), imported as it
 * is, or TypeScript (the server run from its sources), loaded through tsx's scoped import API;
 * tsx is imported only then, so the compiled server never loads a TypeScript compiler.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadWorkerModule } from '../loadWorkerModule.mjs';

const { servePglite } = await loadWorkerModule(workerData.hostModule, import.meta.url);
await servePglite(parentPort, workerData.options);
