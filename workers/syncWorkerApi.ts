/**
 * The typed boundary between the tabs and the sync worker. The UI imports only these types
 * (`import type`), never the engine; Comlink carries the calls (STYLE.md: Squoosh's bridge).
 */
import type { EngineNotice } from '../sync/engine';
import type { SyncStatus } from '../sync/status';
import type { ConflictEntry } from '../sync/conflictLog';
import type { Identity } from '../sync/transport';

/** What a tab offers the worker: who is signed in, and where to keep a new anonymous id. */
export interface PageBridge {
  getIdentity(): Promise<Identity>;
  storeAnonId(anonId: string): void;
}

export interface SyncWorkerApi {
  /** Registers a tab; the first one starts the engine. */
  connect(page: PageBridge): Promise<void>;
  notify(notice: EngineNotice): Promise<void>;
  syncNow(): Promise<void>;
  identityChanged(): Promise<void>;
  /** Calls back with every status change; answers a function that stops it. */
  subscribe(listener: (status: SyncStatus) => void): Promise<() => void>;
  getStatus(): Promise<SyncStatus>;
  conflictLog(): Promise<ConflictEntry[]>;
  /**
   * Stops the engine and deletes this profile's local database (the diagnostics panel's
   * "Reset local data"). Tabs reload afterwards; the next connect starts afresh.
   */
  resetLocalData(): Promise<void>;
  /** Where the engine runs: a SharedWorker for all tabs, or the elected tab's dedicated worker. */
  host(): Promise<'shared-worker' | 'dedicated-worker'>;
}

export type { EngineNotice, SyncStatus, ConflictEntry, Identity };
