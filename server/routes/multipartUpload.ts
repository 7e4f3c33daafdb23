/**
 * Reading one uploaded file from a multipart/form-data request, for every upload route (the
 * builder's logo and task media, the players' photos and videos): the text fields sent before
 * the file, then the file, streamed to a staging file on disk (never buffered whole) and
 * refused as soon as it passes its size cap.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors';
import { TooLargeError, type StagedFile } from '../services/uploads/stagedFile';

export interface MultipartUpload {
  fields: Record<string, string>;
  file: StagedFile;
  filename: string | undefined;
}

/**
 * Runs `use` with the request's file staged on disk, and removes the staging file afterwards,
 * whatever `use` did with it (storage keeps its own copy).
 */
export async function withMultipartUpload<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  tooLarge: () => HttpError,
  use: (upload: MultipartUpload) => Promise<T>,
): Promise<T> {
  const upload = await readMultipartUpload(app, request, fileField, maxBytes, tooLarge);
  try {
    return await use(upload);
  } finally {
    await app.uploadStaging.discard(upload.file);
  }
}

async function readMultipartUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  tooLarge: () => HttpError,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the file as multipart/form-data in the field "${fileField}".`);
  }
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value).slice(0, 200);
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw badRequest(`Send the file in the field "${fileField}".`);
      }
      const file = await app.uploadStaging.stage(part.file, () => part.file.truncated);
      return { fields, file, filename: part.filename };
    }
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  throw badRequest(`Choose a file to upload in the field "${fileField}".`);
}
