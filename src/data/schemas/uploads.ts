/**
 * Files picked for a logo or a task's media, kept on the device (as an RxDB attachment) until
 * the upload queue has sent them. The UI previews the local file at once; the asset the server
 * answers replaces the local reference in the template when it arrives.
 */
import type { RxJsonSchema } from 'rxdb';
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
}

export const uploadsSchema: RxJsonSchema<UploadDoc> = {
  title: 'uploads',
  version: 0,
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
