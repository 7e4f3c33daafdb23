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

async function loadHost(href) {
  if (!/\.[cm]?ts$/.test(new URL(href).pathname)) return import(href);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(href, import.meta.url);
}

const { servePglite } = await loadHost(workerData.hostModule);
await servePglite(parentPort, workerData.options);
