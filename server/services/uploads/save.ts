/**
 * Keeping a checked upload: photo metadata (GPS) removed, stored under a server-made key in its
 * owner's folder (templates/{id} or games/{id}), and recorded in the uploads table so every file
 * can be traced to its template.
 */
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { DetectedType } from './sniff';
import { stripPhotoMetadata, stripPngMetadata } from './metadata';
import { newUploadKey, type FileStorage } from './storage';

export interface UploadRecord {
  folder: string;
  templateId: string;
  stepId?: string | null;
  /** 'logo', 'media', 'answer', 'team-photo'. */
  purpose: string;
  originalName?: string | null;
}

export async function saveUpload(
  deps: { db: Database; storage: FileStorage },
  file: { bytes: Uint8Array; type: DetectedType },
  record: UploadRecord,
): Promise<{ key: string; mimeType: string }> {
  const { type } = file;
  const content =
    type.mimeType === 'image/jpeg'
      ? await stripPhotoMetadata(file.bytes)
      : type.mimeType === 'image/png'
        ? stripPngMetadata(file.bytes)
        : file.bytes;
  const key = newUploadKey(record.folder, type.extension);
  await deps.storage.put(key, content, type.mimeType);
  await deps.db.insert(uploads).values({
    key,
    templateId: record.templateId,
    stepId: record.stepId ?? null,
    purpose: record.purpose,
    mimeType: type.mimeType,
    bytes: content.byteLength,
    originalName: record.originalName ?? null,
  });
  return { key, mimeType: type.mimeType };
}
