/**
 * TEST-ONLY page, never part of the production build (it has its own Vite config and output,
 * test-results/harness-dist). There is no editing UI yet, so this page boots the app's real data
 * layer exactly as src/main.tsx and DataProvider do — the guest's anonymous id, the local
 * database, the template repository, the sync client with its worker — and lets Playwright
 * drive it through `window.harness` (e2e/harness/api.ts).
 */
import { ensureAnonId, storeAnonId } from '../../src/api/anonId';
import { createTeamtrailDatabase, requestPersistentStorage } from '../../src/data/database';
import { browserDevMode } from '../../src/data/devMode';
import { localTemplateView } from '../../src/data/localTemplate';
import { startSyncClient } from '../../src/data/syncClient';
import { createTemplateRepository } from '../../src/data/templateRepository';
import type { Identity, SyncStatus } from '../../workers/syncWorkerApi';
import type { HarnessApi } from './api';
import { harnessContent } from './content';

const anonId = ensureAnonId();
const guest: Identity = { token: null, anonId, userId: null };
const owner = `anon:${anonId}`;

const sync = startSyncClient({ getIdentity: async () => guest, storeAnonId });
let latestStatus: SyncStatus | null = null;
sync.subscribe((status) => {
  latestStatus = status;
});

const db = await createTeamtrailDatabase({ devMode: browserDevMode });
void requestPersistentStorage();
void sync.identityChanged();
const repository = createTemplateRepository(db);

const harness: HarnessApi = {
  anonId,
  get mode() {
    return sync.mode;
  },

  async createTemplate(name, taskCount = 0) {
    return (await repository.create(owner, harnessContent(name, taskCount))).id;
  },

  async rename(id, name) {
    const start = performance.now();
    await repository.update(id, { name });
    return performance.now() - start;
  },

  async readLocal(id) {
    const doc = await db.templates.findOne(id).exec();
    if (!doc) return null;
    const json = doc.toMutableJSON();
    const view = localTemplateView(json);
    return {
      id,
      name: view.name,
      state: view.sync.state,
      allChangesOnServer: view.sync.allChangesOnServer,
      localVersion: json.localVersion,
      pushedVersion: json.pushedVersion,
      revision: view.revision,
    };
  },

  syncStatus: () => latestStatus,
  syncNow: () => sync.syncNow(),

  waitForServerAck(id, timeoutMs = 30_000) {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        subscription.unsubscribe();
        reject(new Error(`template ${id} did not reach the server within ${timeoutMs} ms`));
      }, timeoutMs);
      // The worker's write reaches this tab's database instance like any other tab's would.
      const subscription = db.templates.findOne(id).$.subscribe((doc) => {
        if (!doc || doc.server === null || doc.pushedVersion < doc.localVersion) return;
        clearTimeout(timer);
        queueMicrotask(() => subscription.unsubscribe());
        resolve();
      });
    });
  },
};

window.harness = harness;
document.getElementById('state')!.textContent = 'Ready';
