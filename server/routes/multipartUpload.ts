/**
 * Reading one uploaded file from a multipart/form-data request, for every upload route (the
 * builder's logo and task media, the players' photos and videos): the text fields sent before
 * the file, then the file, refused as soon as it passes its size cap.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors';

export interface MultipartUpload {
  fields: Record<string, string>;
  bytes: Uint8Array;
  filename: string | undefined;
}

export async function readMultipartUpload(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  tooLarge: () => HttpError,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the file as multipart/form-data in the field "${fileField}".`);
  }
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value).slice(0, 200);
      continue;
    }
    if (part.fieldname !== fileField) {
      part.file.resume();
      throw badRequest(`Send the file in the field "${fileField}".`);
    }
    try {
      const buffer = await part.toBuffer();
      return {
        fields,
        bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
        filename: part.filename,
      };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
  }
  throw badRequest(`Choose a file to upload in the field "${fileField}".`);
}
