/**
 * Large uploads sent as real clients send them: a multipart body streamed over a real
 * connection, made as it is sent, so the sender holds almost nothing in memory and the
 * receiving server's memory can be measured (tests/integration/uploadLimits.test.ts,
 * bench/uploadLoad.ts).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

const MB = 1024 * 1024;

/** An MP4 as the sniffer sees one: an ftyp box naming the isom brand, then `size` bytes. */
export function mp4Header(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  return ftyp;
}

export interface StreamedUpload {
  /** The body's length in bytes (Content-Length). */
  length: number;
  contentType: string;
  /** A fresh stream of the body, made as it is read. */
  body(): Readable;
}

/** One file part in a multipart body: `content` yields the file's bytes, `bytes` long. */
function multipartUpload(
  field: string,
  filename: string,
  type: string,
  bytes: number,
  content: () => Iterable<Buffer>,
): StreamedUpload {
  const boundary = `----teamtrail-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  function* parts() {
    yield head;
    yield* content();
    yield tail;
  }
  return {
    length: head.length + bytes + tail.length,
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: () => Readable.from(parts(), { objectMode: false }),
  };
}

/**
 * A multipart body with one MP4 of `bytes`, made as it is sent: the same megabyte of zeros
 * over and over, so the client side holds almost nothing.
 */
export function streamedVideoUpload(bytes: number, field = 'media'): StreamedUpload {
  const zeros = Buffer.alloc(MB);
  const header = mp4Header();
  return multipartUpload(field, 'clip.mp4', 'video/mp4', bytes, function* () {
    yield header;
    let left = bytes - header.length;
    while (left > 0) {
      const size = Math.min(left, zeros.length);
      yield size === zeros.length ? zeros : zeros.subarray(0, size);
      left -= size;
    }
  });
}

/** A multipart body with a file already in memory (one buffer, shared by every send). */
export function fileUpload(
  bytes: Buffer,
  filename: string,
  type: string,
  field = 'media',
): StreamedUpload {
  return multipartUpload(field, filename, type, bytes.length, () => [bytes]);
}

/** POSTs a streamed body over a real connection; resolves with the status and the JSON answer. */
export function postStreamed(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string>,
  upload: StreamedUpload,
): Promise<{ status: number; body: Record<string, unknown>; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${urlPath}`,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': upload.contentType,
          'content-length': String(upload.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
        res.on('error', reject);
      },
    );
    // A refusal may come before the body is sent whole; the server then closes the request.
    req.on('error', reject);
    upload.body().pipe(req);
  });
}
