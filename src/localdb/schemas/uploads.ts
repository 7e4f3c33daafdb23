/**
 * Files picked for a logo or a task's media, kept on the device (as an RxDB attachment) until
 * the upload queue has sent them. The UI previews the local file at once; the asset the server
 * answers replaces the local reference in the template when it arrives.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { Asset } from '../../domain/schemas';

/** 'preparing': the document exists but its file is still being written next to it. */
export type UploadStatus = 'preparing' | 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadDoc {
  id: string;
  owner: string;
  templateId: string;
  /** Null for the logo. */
  stepId: string | null;
  purpose: 'logo' | 'media';
  filename: string;
  mimeType: string;
  size: number;
  status: UploadStatus;
  attempts: number;
  nextAttemptAt: string | null;
  /** The server's errorMessage for a refused file (SPEC §8), or the last network problem. */
  errorMessage: string | null;
  asset: Asset | null;
  createdAt: string;
  /**
   * The server's resumable upload this file is being sent through (docs/sync.md "Uploads"):
   * kept across reloads, crashes and worker restarts so that the next attempt asks the server
   * how far it got and goes on from there. Null (or absent, in records made before it existed)
   * until the first attempt starts one.
   */
  uploadId?: string | null;
  /**
   * Bytes the server acknowledged: the upload's progress for the sync indicator. The server's
   * own offset is asked again before sending on, so this may lag behind it, never run ahead.
   */
  uploadedBytes?: number;
}

export const uploadsSchema: RxJsonSchema<UploadDoc> = {
  title: 'uploads',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    owner: { type: 'string', maxLength: 100 },
    templateId: { type: 'string', maxLength: 64 },
    stepId: { type: ['string', 'null'] },
    purpose: { type: 'string', enum: ['logo', 'media'] },
    filename: { type: 'string' },
    mimeType: { type: 'string' },
    size: { type: 'integer', minimum: 0 },
    status: {
      type: 'string',
      enum: ['preparing', 'queued', 'uploading', 'done', 'failed'],
      maxLength: 10,
    },
    attempts: { type: 'integer', minimum: 0 },
    nextAttemptAt: { type: ['string', 'null'] },
    errorMessage: { type: ['string', 'null'] },
    asset: { type: ['object', 'null'] },
    createdAt: { type: 'string', maxLength: 30 },
    // Not required: records written by older code (and tests) without them read as "not started".
    uploadId: { type: ['string', 'null'] },
    uploadedBytes: { type: 'integer', minimum: 0 },
  },
  required: [
    'id',
    'owner',
    'templateId',
    'stepId',
    'purpose',
    'filename',
    'mimeType',
    'size',
    'status',
    'attempts',
    'nextAttemptAt',
    'errorMessage',
    'asset',
    'createdAt',
  ],
  indexes: ['status', 'templateId', 'createdAt'],
  attachments: {},
};

/**
 * Version 1 added the resumable upload's id and progress. A record from before has not started
 * one: it starts from byte 0, as it would have. The file (an attachment) is carried over by RxDB.
 */
export const uploadsMigrationStrategies: MigrationStrategies<UploadDoc> = {
  1: (old: UploadDoc) => ({ ...old, uploadId: null, uploadedBytes: 0 }),
};
