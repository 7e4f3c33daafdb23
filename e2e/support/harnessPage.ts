/**
 * The specs' side of the test-only harness page (e2e/harness): opens it and calls its
 * `window.harness` API, typed, so that a spec reads as the journey it checks.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { HarnessApi, HarnessDocument, HarnessFile, HarnessUpload } from '../harness/api';
import type { SyncStatus } from '../../workers/syncWorkerApi';

/** The built harness (`vite build -c e2e/harness/vite.config.ts`). */
export const HARNESS_DIST = fileURLToPath(
  new URL('../../test-results/harness-dist', import.meta.url),
);

export interface HarnessPage {
  readonly page: Page;
  anonId(): Promise<string>;
  mode(): Promise<HarnessApi['mode']>;
  createTemplate(name: string, taskCount?: number): Promise<string>;
  rename(id: string, name: string): Promise<number>;
  readLocal(id: string): Promise<HarnessDocument | null>;
  syncStatus(): Promise<SyncStatus | null>;
  syncNow(): Promise<void>;
  waitForServerAck(id: string, timeoutMs?: number): Promise<void>;
  queueUpload(templateId: string, file: HarnessFile): Promise<string>;
  readUpload(id: string): Promise<HarnessUpload | null>;
  /** What the page itself believes about the network (navigator.onLine). */
  online(): Promise<boolean>;
}

/** Wraps a page that shows (or will show) the harness. */
export function harnessOf(page: Page): HarnessPage {
  return {
    page,
    anonId: () => page.evaluate(() => window.harness!.anonId),
    mode: () => page.evaluate(() => window.harness!.mode),
    createTemplate: (name, taskCount) =>
      page.evaluate(([n, t]) => window.harness!.createTemplate(n, t), [name, taskCount] as const),
    rename: (id, name) =>
      page.evaluate(([i, n]) => window.harness!.rename(i, n), [id, name] as const),
    readLocal: (id) => page.evaluate((i) => window.harness!.readLocal(i), id),
    syncStatus: () => page.evaluate(() => window.harness!.syncStatus()),
    syncNow: () => page.evaluate(() => window.harness!.syncNow()),
    waitForServerAck: (id, timeoutMs) =>
      page.evaluate(([i, t]) => window.harness!.waitForServerAck(i, t), [id, timeoutMs] as const),
    queueUpload: (templateId, file) =>
      page.evaluate(([t, f]) => window.harness!.queueUpload(t, f), [templateId, file] as const),
    readUpload: (id) => page.evaluate((i) => window.harness!.readUpload(i), id),
    online: () => page.evaluate(() => navigator.onLine),
  };
}

/** Opens the harness at `origin` in `page` and waits until its database is open. */
export async function openHarness(page: Page, origin: string): Promise<HarnessPage> {
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => window.harness !== undefined);
  return harnessOf(page);
}
