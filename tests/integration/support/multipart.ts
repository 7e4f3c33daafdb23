/**
 * multipart/form-data bodies built by hand for inject(): one file part (and optional text
 * fields), so each test shows exactly what the browser would send.
 */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

export function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): MultipartBody {
  const boundary = `----teamtrail-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\n` +
          `Content-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The one-file form the upload calls of SPEC §7 send. */
export const filePart = (
  field: string,
  filename: string,
  contentType: string,
  bytes: Uint8Array,
): MultipartBody => multipartBody([{ field, filename, contentType, bytes }]);
