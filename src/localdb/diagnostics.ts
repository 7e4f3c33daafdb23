/**
 * What the diagnostics panel shows and exports: every local document's sync bookkeeping, the
 * upload queue, storage, and the engine's status and conflict log. The export is for support:
 * it never contains tokens or file contents.
 */
import type { TeamtrailDatabase } from './database';
import type { LocalSyncError, LocalTemplateDoc } from './schemas/templates';
import type { UploadDoc } from './schemas/uploads';
import { documentSyncState, type DocumentSyncState } from './localTemplate';
import type { ConflictEntry, SyncStatus } from '../../workers/syncWorkerApi';

export interface DocumentDiagnostics {
  id: string;
  name: string;
  owner: string;
  state: DocumentSyncState;
  localVersion: number;
  pushedVersion: number;
  serverRevision: number | null;
  deletedLocally: boolean;
  localChangedAt: string;
  lastError: LocalSyncError | null;
  lastConflictAt: string | null;
}

export type UploadDiagnostics = Omit<UploadDoc, 'asset'> & { assetUrl: string | null };

export interface StorageDiagnostics {
  usageBytes: number | null;
  quotaBytes: number | null;
  persistent: boolean | null;
}

export function describeDocument(doc: LocalTemplateDoc): DocumentDiagnostics {
  return {
    id: doc.id,
    name: doc.content.name,
    owner: doc.owner,
    state: documentSyncState(doc),
    localVersion: doc.localVersion,
    pushedVersion: doc.pushedVersion,
    serverRevision: doc.server?.revision ?? null,
    deletedLocally: doc.deletedLocally,
    localChangedAt: doc.localChangedAt,
    lastError: doc.lastError,
    lastConflictAt: doc.lastConflictAt,
  };
}

export function describeUpload(doc: UploadDoc): UploadDiagnostics {
  const { asset, ...rest } = doc;
  return { ...rest, assetUrl: asset?.url ?? null };
}

export async function readStorageDiagnostics(): Promise<StorageDiagnostics> {
  if (typeof navigator === 'undefined' || !navigator.storage) {
    return { usageBytes: null, quotaBytes: null, persistent: null };
  }
  const [estimate, persistent] = await Promise.all([
    navigator.storage.estimate?.().catch(() => null) ?? null,
    navigator.storage.persisted?.().catch(() => null) ?? null,
  ]);
  return { usageBytes: estimate?.usage ?? null, quotaBytes: estimate?.quota ?? null, persistent };
}

/** Local changes that would be lost by deleting the local database. */
export async function countUnsynced(
  db: TeamtrailDatabase,
): Promise<{ templates: number; uploads: number }> {
  const templates = await db.templates.find().exec();
  const uploads = await db.uploads.find().exec();
  return {
    templates: templates.filter(
      (d) => d.localVersion > d.pushedVersion || d.server === null || d.deletedLocally,
    ).length,
    uploads: uploads.filter((d) => d.status !== 'done' && d.status !== 'failed').length,
  };
}

export interface DiagnosticsExport {
  exportedAt: string;
  appVersion: string;
  userAgent: string;
  worker: string;
  status: SyncStatus | null;
  storage: StorageDiagnostics;
  documents: DocumentDiagnostics[];
  uploads: UploadDiagnostics[];
  conflicts: ConflictEntry[];
}

export async function buildDiagnosticsExport(input: {
  db: TeamtrailDatabase;
  status: SyncStatus | null;
  conflicts: ConflictEntry[];
  appVersion: string;
  worker: string;
  userAgent: string;
  now?: Date;
}): Promise<DiagnosticsExport> {
  const [templates, uploads, storage] = await Promise.all([
    input.db.templates.find().exec(),
    input.db.uploads.find().exec(),
    readStorageDiagnostics(),
  ]);
  return {
    exportedAt: (input.now ?? new Date()).toISOString(),
    appVersion: input.appVersion,
    userAgent: input.userAgent,
    worker: input.worker,
    status: input.status,
    storage,
    documents: templates.map((d) => describeDocument(d.toMutableJSON())),
    // Metadata only: the files themselves stay on the device.
    uploads: uploads.map((d) => describeUpload(d.toMutableJSON())),
    conflicts: input.conflicts,
  };
}
