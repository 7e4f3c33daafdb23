/**
 * What the UI sees of a local template: the server's fields where known, the local content on
 * top (local edits always show), and the document's sync state.
 */
import type { Template } from '../domain/schemas';
import { computeStepValidationErrors } from '../domain/validation/template';
import type { LocalSyncError, LocalTemplateDoc } from './schemas/templates';

export type DocumentSyncState = 'local-only' | 'pending' | 'synced' | 'error';

export interface LocalTemplate extends Template {
  sync: {
    state: DocumentSyncState;
    /** Every edit made here has reached the server (SPEC's "no unsaved changes", docs/sync.md). */
    allChangesOnServer: boolean;
    lastError: LocalSyncError | null;
    lastConflictAt: string | null;
    localChangedAt: string;
  };
}

export function documentSyncState(doc: LocalTemplateDoc): DocumentSyncState {
  if (doc.syncState === 'error') return 'error';
  if (doc.server === null) return 'local-only';
  return doc.localVersion > doc.pushedVersion ? 'pending' : 'synced';
}

export function localTemplateView(doc: LocalTemplateDoc): LocalTemplate {
  const server = doc.server;
  const content = doc.content;
  return {
    id: doc.id,
    revision: server?.revision ?? 0,
    createdAt: server?.createdAt ?? doc.localChangedAt,
    updatedAt: server?.updatedAt ?? doc.localChangedAt,
    master: false,
    thumbnail: server?.thumbnail ?? null,
    comingSoon: false,
    theme: server && server.selectedThemeId === content.selectedThemeId ? server.theme : null,
    ...content,
    stepValidationErrors: computeStepValidationErrors(content.steps),
    sync: {
      state: documentSyncState(doc),
      allChangesOnServer:
        server !== null && doc.localVersion <= doc.pushedVersion && !doc.deletedLocally,
      lastError: doc.lastError,
      lastConflictAt: doc.lastConflictAt,
      localChangedAt: doc.localChangedAt,
    },
  };
}
