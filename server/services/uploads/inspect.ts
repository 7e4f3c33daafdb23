/**
 * Decides whether an uploaded file is accepted, for the branding logo or for a step's media
 * (SPEC §5 "Uploads"). The answer is either the detected type (by content, sniff.ts) or the
 * HTTP status and the errorMessage the builder shows to the organiser as it is (SPEC §8), so
 * every message says what was wrong and what would be accepted.
 *
 * Statuses: 400 for a file whose content is refused (empty, corrupt, unsafe SVG, or an SVG too
 * complex to check within the time limit), 413 for a file over its size cap, 415 for a type that
 * is not accepted for this purpose.
 */
import type { DetectedKind, DetectedMimeType, DetectedType } from './sniff';
import { sniffMediaType, sniffMediaTypeOfFile } from './sniff';
import { readRange, readWhole, type StagedFile } from './stagedFile';
import { CheckTooComplexError, runUploadCheck } from './checkPool';
import { loadSharp } from './sharpModule';
import { createConcurrencyLimit } from '../concurrencyLimit';
import { DEFAULT_UPLOAD_CHECK_LIMITS } from '../../config';
// The size caps are shared with the browser (which refuses a file before uploading it), so they
// live in src/domain; the messages below are built from them.
import {
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  LOGO_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '../../../src/domain/uploads';

const MB = 1024 * 1024;

/**
 * Decoded-size cap for PNG and JPEG. A few megabytes of PNG can hold a 20000x20000 image of one
 * colour that takes gigabytes to decode; 100 megapixels still admits any phone or camera photo.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

export type UploadPurpose = 'logo' | 'media';

export type InspectResult =
  | { ok: true; type: DetectedType; bytes: Uint8Array; width?: number; height?: number }
  | { ok: false; status: 400 | 413 | 415; errorMessage: string };

type Refusal = Extract<InspectResult, { ok: false }>;

const KIND_CAPS: Record<DetectedKind, { bytes: number; label: string }> = {
  image: { bytes: IMAGE_MAX_BYTES, label: 'Images' },
  audio: { bytes: AUDIO_MAX_BYTES, label: 'Audio files' },
  video: { bytes: VIDEO_MAX_BYTES, label: 'Videos' },
};

/** How a detected type is named to people ("This file is a JPEG image."). */
const TYPE_NAMES: Record<DetectedMimeType, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/svg+xml': 'an SVG image',
  'video/mp4': 'an MP4 video',
  'video/quicktime': 'a MOV video',
  'audio/mpeg': 'an MP3 audio file',
};

const MEDIA_TYPES = 'JPEG, PNG, SVG, MP4, MOV or MP3';

/**
 * The most a request may carry for this purpose, for the multipart parser's `fileSize` limit,
 * so that a huge upload is cut off while streaming instead of being buffered whole.
 */
export function maxUploadBytes(purpose: UploadPurpose): number {
  return purpose === 'logo' ? LOGO_MAX_BYTES : VIDEO_MAX_BYTES;
}

/** The refusal for an upload the multipart parser cut off at maxUploadBytes (size unknown). */
export function uploadTooLarge(purpose: UploadPurpose): Refusal {
  return purpose === 'logo'
    ? refuse(413, `Logos can be at most ${formatMegabytes(LOGO_MAX_BYTES)}.`)
    : refuse(
        413,
        `This file is too large. Images can be at most ${formatMegabytes(IMAGE_MAX_BYTES)}, ` +
          `audio ${formatMegabytes(AUDIO_MAX_BYTES)} and videos ${formatMegabytes(VIDEO_MAX_BYTES)}.`,
      );
}

/**
 * The same rules, checked before a resumable upload starts (POST /v1/uploads) from the size and
 * type the client declares, so that a file that can only be refused is not sent first. The
 * declared type is the browser's guess from the file name: a type we know and do not accept is
 * refused, and picks the size cap; an unknown or missing one (some systems report no type for a
 * .mov) is left to the content check on the finished bytes, as in the whole-file routes, under
 * the purpose's largest cap. The finished file is inspected by inspectUpload all the same.
 */
export function checkDeclaredUpload(
  purpose: UploadPurpose,
  declaredMimeType: string,
  size: number,
): Refusal | null {
  if (size === 0) return refuse(400, 'This file is empty.');
  const mimeType = normaliseDeclared(declaredMimeType);
  const unknown = mimeType === '' || mimeType === 'application/octet-stream';
  const known = DECLARED_TYPES[mimeType];
  if (purpose === 'logo') {
    if (!unknown && known?.mimeType !== 'image/png') {
      const found = known ? ` This file is ${TYPE_NAMES[known.mimeType]}.` : '';
      return refuse(415, `Logos must be PNG images.${found}`);
    }
    if (size > LOGO_MAX_BYTES) return refuse(413, sizeMessage('Logos', LOGO_MAX_BYTES, size));
    return null;
  }
  if (unknown) return size > maxUploadBytes(purpose) ? uploadTooLarge(purpose) : null;
  if (!known) return refuse(415, `This file type isn't supported. Use ${MEDIA_TYPES}.`);
  const cap = KIND_CAPS[known.kind];
  return size > cap.bytes ? refuse(413, sizeMessage(cap.label, cap.bytes, size)) : null;
}

/** Declared names (SPEC's own and the registered ones, src/domain/uploads.ts) of our types. */
const DECLARED_TYPES: Record<string, { mimeType: DetectedMimeType; kind: DetectedKind }> = {
  'image/png': { mimeType: 'image/png', kind: 'image' },
  'image/jpeg': { mimeType: 'image/jpeg', kind: 'image' },
  'image/svg+xml': { mimeType: 'image/svg+xml', kind: 'image' },
  'image/svg': { mimeType: 'image/svg+xml', kind: 'image' },
  'video/mp4': { mimeType: 'video/mp4', kind: 'video' },
  'video/quicktime': { mimeType: 'video/quicktime', kind: 'video' },
  'video/mov': { mimeType: 'video/quicktime', kind: 'video' },
  'audio/mpeg': { mimeType: 'audio/mpeg', kind: 'audio' },
  'audio/mp3': { mimeType: 'audio/mpeg', kind: 'audio' },
};

function normaliseDeclared(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

export async function inspectUpload(
  bytes: Uint8Array,
  purpose: UploadPurpose,
): Promise<InspectResult> {
  if (bytes.length === 0) return refuse(400, 'This file is empty.');
  const type = await sniffMediaType(bytes);
  const refusal = refuseTypeOrSize(type, bytes.length, purpose);
  if (refusal) return refusal;
  return inspectContent(bytes, type!);
}

export type StagedInspectResult =
  { ok: true; type: DetectedType; content: Uint8Array | StagedFile } | Refusal;

/**
 * inspectUpload for a file staged on disk (stagedFile.ts). Only images are read whole (at most
 * IMAGE_MAX_BYTES, and they are decoded or parsed in any case); audio and video are told by
 * their first bytes and stay on disk, so a 100 MB video never sits in memory.
 */
export async function inspectStagedUpload(
  file: StagedFile,
  purpose: UploadPurpose,
): Promise<StagedInspectResult> {
  if (file.size === 0) return refuse(400, 'This file is empty.');
  const type = await sniffMediaTypeOfFile(
    (offset, length) => readRange(file, offset, length),
    file.size,
  );
  const refusal = refuseTypeOrSize(type, file.size, purpose);
  if (refusal) return refusal;
  if (type!.kind !== 'image') return { ok: true, type: type!, content: file };
  const inspected = await inspectContent(await readWhole(file), type!);
  return inspected.ok ? { ok: true, type: inspected.type, content: inspected.bytes } : inspected;
}

/** The purpose's rules on the detected type and the size; null when both pass. */
function refuseTypeOrSize(
  type: DetectedType | null,
  size: number,
  purpose: UploadPurpose,
): Refusal | null {
  if (purpose === 'logo') {
    if (type?.mimeType !== 'image/png') {
      const found = type ? ` This file is ${TYPE_NAMES[type.mimeType]}.` : '';
      return refuse(415, `Logos must be PNG images.${found}`);
    }
    if (size > LOGO_MAX_BYTES) return refuse(413, sizeMessage('Logos', LOGO_MAX_BYTES, size));
    return null;
  }
  if (!type) return refuse(415, `This file type isn't supported. Use ${MEDIA_TYPES}.`);
  const cap = KIND_CAPS[type.kind];
  return size > cap.bytes ? refuse(413, sizeMessage(cap.label, cap.bytes, size)) : null;
}

/** The checks of the content itself, by type. */
function inspectContent(bytes: Uint8Array, type: DetectedType): Promise<InspectResult> {
  switch (type.mimeType) {
    case 'image/png':
    case 'image/jpeg':
      return inspectRasterImage(bytes, type);
    case 'image/svg+xml':
      return inspectSvg(bytes, type);
    default:
      // MP4, MOV and MP3 are stored as they are: we never decode them on the server, and
      // browsers play them in a sandboxed media element.
      return Promise.resolve({ ok: true, type, bytes });
  }
}

/**
 * Photos decoded at once (IMAGE_CHECKS_AT_ONCE, set by configureImageDecodes): each decode of a
 * large photo takes seconds and hundreds of megabytes, so the rest wait in line.
 */
const imageDecodes = createConcurrencyLimit(DEFAULT_UPLOAD_CHECK_LIMITS.imageDecodes);

export function configureImageDecodes(limit: number): void {
  imageDecodes.setLimit(limit);
}

/** Decodes the whole image, so a truncated or corrupt PNG/JPEG is refused, not just a bad header. */
function inspectRasterImage(bytes: Uint8Array, type: DetectedType): Promise<InspectResult> {
  return imageDecodes.run(() => decodeRasterImage(bytes, type));
}

async function decodeRasterImage(bytes: Uint8Array, type: DetectedType): Promise<InspectResult> {
  const name = type.mimeType === 'image/png' ? 'PNG' : 'JPEG';
  const corrupt = refuse(400, `This ${name} image is damaged or incomplete and can't be opened.`);
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    // The header alone gives the size; checking it before decoding keeps a decompression bomb
    // from ever being decoded.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return corrupt;
    width = metadata.width;
    height = metadata.height;
  } catch {
    return corrupt;
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    return refuse(
      413,
      `Images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. ` +
        `This image is ${width}x${height} pixels.`,
    );
  }
  try {
    // Decoding to a tiny output still reads every byte of the compressed data. failOn 'error'
    // refuses truncation and corruption but tolerates the harmless warnings many cameras
    // produce (the default, 'warning', would refuse those photos).
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(8, 8, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch {
    return corrupt;
  }
  return { ok: true, type, bytes, width, height };
}

/** The answer to an SVG whose check ran over its time (or memory) limit (checkPool.ts). */
export const SVG_TOO_COMPLEX = 'This SVG is too complex to check. Simplify it or export it as PNG.';

/**
 * The safety check (svgSafety.ts, and the UTF-8 check before it) runs in a worker thread: its
 * time grows with the file's tags and attributes, and on the main thread a hostile 9 MB SVG kept
 * every other request waiting for seconds.
 */
async function inspectSvg(bytes: Uint8Array, type: DetectedType): Promise<InspectResult> {
  // A copy is moved to the worker: the caller keeps `bytes` to store them.
  const copy = bytes.slice();
  let unsafe: string | null;
  try {
    unsafe = await runUploadCheck('svg', copy, [copy.buffer]);
  } catch (error) {
    if (error instanceof CheckTooComplexError) return refuse(400, SVG_TOO_COMPLEX);
    throw error;
  }
  if (unsafe) return refuse(400, unsafe);
  return { ok: true, type, bytes };
}

function refuse(status: Refusal['status'], errorMessage: string): Refusal {
  return { ok: false, status, errorMessage };
}

function sizeMessage(label: string, cap: number, size: number): string {
  return `${label} can be at most ${formatMegabytes(cap)}. This file is ${formatMegabytes(size, 'up')}.`;
}

/**
 * "10 MB", "12.4 MB". Sizes over a cap round up, so a file 1 byte over 2 MB reads "2.1 MB"
 * rather than a confusing "2 MB".
 */
function formatMegabytes(bytes: number, round: 'nearest' | 'up' = 'nearest'): string {
  const tenths = (round === 'up' ? Math.ceil : Math.round)((bytes / MB) * 10) / 10;
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)} MB`;
}
