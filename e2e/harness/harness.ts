/**
 * TEST-ONLY page, never part of the production build (it has its own Vite config and output,
 * test-results/harness-dist). Without the screens around it, this page boots the app's real data
 * layer exactly as src/main.tsx and DataProvider do — the guest's anonymous id, the local
 * database, the template repository, the sync client with its worker — and lets Playwright
 * drive it through `window.harness` (e2e/harness/api.ts).
 */
import { storeAnonId } from '../../src/api/anonId';
import { resolveGuestId } from '../../src/localdb/guestIdentity';
import { databaseNameFor } from '../../src/localdb/owner';
import { createTeamtrailDatabase, requestPersistentStorage } from '../../src/localdb/database';
import { browserDevMode } from '../../src/localdb/devMode';
import { localTemplateView } from '../../src/localdb/localTemplate';
import { startSyncClient } from '../../src/localdb/syncClient';
import { createTemplateRepository } from '../../src/localdb/templateRepository';
import { createUploadRepository } from '../../src/localdb/uploadRepository';
import type { Identity, SyncStatus } from '../../workers/syncWorkerApi';
import type { HarnessApi } from './api';
import { harnessContent } from './content';

const anonId = await resolveGuestId();
const guest: Identity = { token: null, anonId, userId: null };
const owner = `anon:${anonId}`;

const sync = startSyncClient({ getIdentity: async () => guest, storeAnonId });
let latestStatus: SyncStatus | null = null;
sync.subscribe((status) => {
  latestStatus = status;
});

const db = await createTeamtrailDatabase({
  name: await databaseNameFor(owner),
  devMode: browserDevMode,
});
void requestPersistentStorage();
void sync.identityChanged();
const repository = createTemplateRepository(db);
const uploads = createUploadRepository(db);

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

  async queueUpload(templateId, file) {
    const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
    const queued = await uploads.queue({
      owner,
      templateId,
      stepId: file.stepId,
      purpose: file.purpose,
      file: new Blob([bytes], { type: file.mimeType }),
      filename: file.filename,
    });
    return queued.id;
  },

  async readUpload(id) {
    const doc = await db.uploads.findOne(id).exec();
    if (!doc) return null;
    const { status, attempts, nextAttemptAt, errorMessage } = doc.toMutableJSON();
    return { status, attempts, nextAttemptAt, errorMessage };
  },
};

window.harness = harness;
document.getElementById('state')!.textContent = 'Ready';
