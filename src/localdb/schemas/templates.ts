/**
 * Local templates: the organiser's own (and the guest's) whole documents with their sync
 * bookkeeping. The content is what the builder edits; `server` is the last state the server
 * acknowledged, which is both the If-Match revision and the base of three-way merges
 * (docs/sync.md). One document holds both, so an edit and its bookkeeping are one atomic write.
 */
import type { RxJsonSchema } from 'rxdb';
import type { Template } from '../../domain/schemas';
import type { TemplateContent } from '../../domain/templateContent';
import type { FieldStamps } from '../../domain/fieldStamps';

export type LocalSyncState = 'pending' | 'synced' | 'error';

export interface LocalSyncError {
  message: string;
  /** HTTP status, or 0 when the server could not be reached. */
  status: number;
  at: string;
  /** Set when the engine will try again by itself; null when it waits for a new edit. */
  nextAttemptAt: string | null;
}

export interface LocalTemplateDoc {
  id: string;
  /** Whose it is on this device: 'user:{id}' or 'anon:{anonId}'. */
  owner: string;
  content: TemplateContent;
  /** When each field of `content` last changed (src/domain/fieldStamps.ts; merge rule 2). */
  stamps: FieldStamps;
  /** The server's last acknowledged state; null while the template exists only here. */
  server: Template | null;
  /** Moves on with every local edit; pushedVersion says how far the server has it. */
  localVersion: number;
  pushedVersion: number;
  localChangedAt: string;
  /** A deletion made here that has not reached the server yet. */
  deletedLocally: boolean;
  syncState: LocalSyncState;
  lastError: LocalSyncError | null;
  /** When a merge last had to choose between two changes (details in the conflict log). */
  lastConflictAt: string | null;
  /** For ordering lists: the later of the local edit and the server's updatedAt. */
  sortAt: string;
}

export const templatesSchema: RxJsonSchema<LocalTemplateDoc> = {
  title: 'templates',
  // 1: `stamps` (per-field edit stamps); older documents start with none.
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    owner: { type: 'string', maxLength: 100 },
    content: { type: 'object' },
    stamps: { type: 'object' },
    server: { type: ['object', 'null'] },
    localVersion: { type: 'integer', minimum: 0, maximum: 1e15, multipleOf: 1 },
    pushedVersion: { type: 'integer', minimum: 0, maximum: 1e15, multipleOf: 1 },
    localChangedAt: { type: 'string' },
    deletedLocally: { type: 'boolean' },
    syncState: { type: 'string', enum: ['pending', 'synced', 'error'], maxLength: 10 },
    lastError: { type: ['object', 'null'] },
    lastConflictAt: { type: ['string', 'null'] },
    sortAt: { type: 'string', maxLength: 30 },
  },
  required: [
    'id',
    'owner',
    'content',
    'stamps',
    'server',
    'localVersion',
    'pushedVersion',
    'localChangedAt',
    'deletedLocally',
    'syncState',
    'lastError',
    'lastConflictAt',
    'sortAt',
  ],
  indexes: [
    ['owner', 'syncState', 'sortAt'],
    ['owner', 'sortAt'],
  ],
};

/** Schema migrations of local templates, by the version they lead to. */
export const templatesMigrations = {
  1: (doc: Omit<LocalTemplateDoc, 'stamps'>): LocalTemplateDoc => ({ ...doc, stamps: {} }),
};
