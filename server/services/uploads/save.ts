/**
 * Keeping a checked upload: photo metadata (GPS) removed, stored under a server-made key in its
 * owner's folder (templates/{id} or games/{id}), and recorded in the uploads table so every file
 * can be traced to its template.
 */
import type { Database } from '../../db/client';
import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import type { DetectedType } from './sniff';
import { stripPhotoMetadata, stripPngMetadata } from './metadata';
import { newUploadKey, type FileStorage } from './storage';
import { streamOf, type StagedFile } from './stagedFile';

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
  /** Images come in memory (they were decoded to check them); audio and video staged on disk. */
  file: { content: Uint8Array | StagedFile; type: DetectedType },
  record: UploadRecord,
): Promise<{ key: string; mimeType: string }> {
  const { type } = file;
  const content = !(file.content instanceof Uint8Array)
    ? file.content
    : type.mimeType === 'image/jpeg'
      ? await stripPhotoMetadata(file.content)
      : type.mimeType === 'image/png'
        ? stripPngMetadata(file.content)
        : file.content;
  const key = newUploadKey(record.folder, type.extension);
  const staged = !(content instanceof Uint8Array);
  // The row first, then the file: a crash between the two leaves a row whose file is missing,
  // which the cleanup (cleanup.ts) finds and removes once nothing uses it; the other order
  // would leave a file no row points to, which nothing would ever find.
  await deps.db.insert(uploads).values({
    key,
    templateId: record.templateId,
    stepId: record.stepId ?? null,
    purpose: record.purpose,
    mimeType: type.mimeType,
    bytes: staged ? content.size : content.byteLength,
    originalName: record.originalName ?? null,
  });
  try {
    await deps.storage.put(key, staged ? streamOf(content) : content, type.mimeType);
  } catch (error) {
    await deps.db.delete(uploads).where(eq(uploads.key, key));
    throw error;
  }
  return { key, mimeType: type.mimeType };
}
