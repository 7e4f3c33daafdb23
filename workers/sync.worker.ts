/**
 * The sync worker. As a SharedWorker (one per browser profile) it serves every tab over its
 * own port. Where SharedWorker is missing (Chrome on Android, for one), each tab starts this
 * file as a dedicated worker; the tabs elect a leader (Web Locks) and only the leader's worker
 * is started, so exactly one replication runs (src/localdb/syncClient.ts).
 */
/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { createSyncHost } from './syncHost';
import { browserDevMode } from '../src/localdb/devMode';

const devMode = browserDevMode;
const scope = self as unknown as { onconnect?: unknown; postMessage?: unknown };

if (
  'onconnect' in scope &&
  typeof SharedWorkerGlobalScope !== 'undefined' &&
  self instanceof SharedWorkerGlobalScope
) {
  const host = createSyncHost('shared-worker', devMode);
  (self as unknown as SharedWorkerGlobalScope).onconnect = (event: MessageEvent) => {
    const port = event.ports[0];
    if (port) Comlink.expose(host, port);
  };
} else {
  Comlink.expose(createSyncHost('dedicated-worker', devMode));
}
