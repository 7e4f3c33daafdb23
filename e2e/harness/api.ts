/**
 * What the test-only harness page (e2e/harness) offers Playwright on `window.harness`. Shared by
 * the page, the specs and the browser benchmark, so that both sides agree on it.
 */
import type { DocumentSyncState } from '../../src/localdb/localTemplate';
import type { UploadStatus } from '../../src/localdb/schemas/uploads';
import type { SyncClient } from '../../src/localdb/syncClient';
import type { SyncStatus } from '../../workers/syncWorkerApi';

/** A local template as the harness reports it: what a test needs to see, nothing more. */
export interface HarnessDocument {
  id: string;
  name: string;
  state: DocumentSyncState;
  /** Every edit made on this device has reached the server (docs/sync.md). */
  allChangesOnServer: boolean;
  localVersion: number;
  pushedVersion: number;
  /** The server's revision the document last saw; 0 while it exists only here. */
  revision: number;
}

/** A file to pick, as a spec hands it to the page (bytes as base64). */
export interface HarnessFile {
  purpose: 'logo' | 'media';
  /** The task, for media; null for the logo. */
  stepId: string | null;
  filename: string;
  mimeType: string;
  base64: string;
}

/** An upload record as the harness reports it. */
export interface HarnessUpload {
  status: UploadStatus;
  attempts: number;
  nextAttemptAt: string | null;
  errorMessage: string | null;
}

export interface HarnessApi {
  /** The guest's anonymous id (cookie wgAnonId), as the server knows the owner. */
  readonly anonId: string;
  /** The sync client's mode in this tab; changes when a follower becomes the leader. */
  readonly mode: SyncClient['mode'];
  /** A new template made on this device (with that many tasks); answers its id. */
  createTemplate(name: string, taskCount?: number): Promise<string>;
  /** Renames through the repository; answers the milliseconds until the durable local write. */
  rename(id: string, name: string): Promise<number>;
  readLocal(id: string): Promise<HarnessDocument | null>;
  /** The latest status the sync worker sent to this tab (a follower hears it from the leader). */
  syncStatus(): SyncStatus | null;
  /** "Sync now", as the diagnostics panel's button (a follower asks the leading tab). */
  syncNow(): Promise<void>;
  /** Resolves once the server has every edit of the document made so far (fails after timeoutMs). */
  waitForServerAck(id: string, timeoutMs?: number): Promise<void>;
  /** Picks a file for the template through the upload repository, as the widgets do; answers
   * the upload's id. */
  queueUpload(templateId: string, file: HarnessFile): Promise<string>;
  /** The upload record, or null once it is gone (sent and applied, or removed). */
  readUpload(id: string): Promise<HarnessUpload | null>;
}

declare global {
  interface Window {
    /** Set by e2e/harness/harness.ts once the database is open. */
    harness?: HarnessApi;
  }
}
