/**
 * Files picked for a logo or a task's media. They are stored on the device at once (as an
 * attachment of an uploads document), previewed from there, and sent by the sync worker's
 * upload queue when the template exists on the server. Removing one cancels it.
 */
import type { TeamtrailDatabase } from './database';
import type { UploadDoc } from './schemas/uploads';
import { newId } from './templateRepository';

export const UPLOAD_ATTACHMENT_ID = 'file';

export interface QueueUploadInput {
  owner: string;
  templateId: string;
  stepId: string | null;
  purpose: 'logo' | 'media';
  file: Blob;
  filename: string;
}

export interface UploadRepository {
  queue(input: QueueUploadInput): Promise<UploadDoc>;
  /** The file as stored on the device, for an immediate preview; null once it is gone. */
  localFile(uploadId: string): Promise<Blob | null>;
  /** Cancels a queued upload, or dismisses a failed or finished one. */
  remove(uploadId: string): Promise<void>;
}

export function createUploadRepository(db: TeamtrailDatabase): UploadRepository {
  return {
    async queue(input) {
      // A new file for the same place replaces one that has not been sent yet.
      const previous = await db.uploads
        .find({ selector: { templateId: input.templateId, owner: input.owner } })
        .exec();
      for (const doc of previous) {
        if (doc.stepId === input.stepId && doc.purpose === input.purpose && doc.status !== 'done')
          await doc.remove();
      }
      const doc = await db.uploads.insert({
        id: newId(),
        owner: input.owner,
        templateId: input.templateId,
        stepId: input.stepId,
        purpose: input.purpose,
        filename: input.filename,
        mimeType: input.file.type || 'application/octet-stream',
        size: input.file.size,
        // Not yet visible to the upload queue: the file is written next, then it is queued.
        status: 'preparing',
        attempts: 0,
        nextAttemptAt: null,
        errorMessage: null,
        asset: null,
        createdAt: new Date().toISOString(),
        uploadId: null,
        uploadedBytes: 0,
      });
      await doc.putAttachment({
        id: UPLOAD_ATTACHMENT_ID,
        data: input.file,
        type: input.file.type || 'application/octet-stream',
      });
      const queued = await doc.incrementalPatch({ status: 'queued' });
      return queued.toMutableJSON();
    },

    async localFile(uploadId) {
      const doc = await db.uploads.findOne(uploadId).exec();
      const attachment = doc?.getAttachment(UPLOAD_ATTACHMENT_ID);
      return attachment ? attachment.getData() : null;
    },

    async remove(uploadId) {
      const doc = await db.uploads.findOne(uploadId).exec();
      if (doc) await doc.incrementalRemove(); // the write of the file may still be settling
    },
  };
}
