/**
 * Reads an HTTP Range request header (RFC 9110 §14) for serving uploads. Browsers fetch audio
 * and video in ranges to seek, and Safari will not play a video whose server ignores them.
 * Only a single range is honoured: a multi-range request is answered with the whole file,
 * which the RFC allows and which spares us multipart/byteranges bodies.
 */
import type { ByteRange } from './storage';

/**
 * - a ByteRange: answer 206 with Content-Range `bytes start-end/size`;
 * - 'unsatisfiable': answer 416 with Content-Range `bytes * /size` (without the space);
 * - null: no usable Range header, answer 200 with the whole file.
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null; // malformed or several ranges: ignored, as the RFC allows
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;

  if (first === '') {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null; // invalid: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
