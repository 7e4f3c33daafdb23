/**
 * Photos from phones carry metadata, GPS position included, and task media and team photos are
 * shown to every player, so it goes before a photo is stored. Both formats are cleaned without
 * re-encoding: the pixels are kept byte for byte, and it takes milliseconds. (Re-encoding a JPEG
 * with sharp took 6–9 s of one core for a 12-megapixel phone photo, which at a live event put
 * every team's photo in a queue.)
 *
 * - JPEG: the segments that only describe the photo (EXIF and XMP in APP1, IPTC in APP13, maker
 *   and other application segments, comments, the multi-picture index and anything after the
 *   end of the image) are dropped. Kept: what decoding needs and what changes how it looks
 *   (JFIF, the ICC colour profile, Adobe's colour transform). The EXIF orientation is kept too,
 *   alone in a new minimal EXIF segment: phones store portrait photos sideways with that tag,
 *   and browsers turn the picture by it.
 * - PNG: metadata chunks (eXIf, tEXt, iTXt, zTXt, tIME and private ones) are dropped.
 */
import { loadSharp } from './sharpModule';

/** For a JPEG whose segments do not hold together: re-encoded, as before (rare; slow). */
const JPEG_QUALITY = 90;

export async function stripPhotoMetadata(jpeg: Uint8Array): Promise<Uint8Array> {
  const stripped = stripJpegMetadata(jpeg);
  if (stripped) return stripped;
  const sharp = await loadSharp();
  // failOn 'error', as the upload's inspection decoded it: harmless warnings are tolerated.
  const output = await sharp(jpeg, { failOn: 'error' })
    .rotate()
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
}

const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const SOS = 0xda;
const EOI = 0xd9;
const ORIENTATION_TAG = 0x0112;

/**
 * The JPEG without its metadata segments, or null when its segment layout does not hold
 * together (the caller then re-encodes it). The entropy-coded data after each start of scan is
 * copied as it is, up to the next marker (a 0xFF not followed by 0x00 or a restart marker).
 */
export function stripJpegMetadata(jpeg: Uint8Array): Uint8Array | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let orientation = 1;
  let offset = 2;
  for (;;) {
    if (offset + 2 > jpeg.length || jpeg[offset] !== 0xff) return null;
    let marker = jpeg[offset + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && offset + 2 < jpeg.length) marker = jpeg[++offset + 1]!;
    if (marker === EOI) {
      kept.push(jpeg.subarray(offset, offset + 2));
      break; // Whatever follows the end of the image (a second picture, maker data) goes.
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(jpeg.subarray(offset, offset + 2)); // Stand-alone markers.
      offset += 2;
      continue;
    }
    if (offset + 4 > jpeg.length) return null;
    const end = offset + 2 + ((jpeg[offset + 2]! << 8) | jpeg[offset + 3]!);
    if (end > jpeg.length || end < offset + 4) return null;
    const segment = jpeg.subarray(offset, end);
    if (marker === SOS) {
      const dataEnd = endOfEntropyCodedData(jpeg, end);
      if (dataEnd < 0) return null;
      kept.push(jpeg.subarray(offset, dataEnd));
      offset = dataEnd;
      continue;
    }
    if (marker === APP1) orientation = exifOrientation(segment) ?? orientation;
    if (keepsSegment(marker, segment)) kept.push(segment);
    offset = end;
  }
  if (orientation !== 1) kept.splice(afterJfif(kept), 0, orientationSegment(orientation));
  return concat(kept);
}

/** Segments that decoding needs or that change how the picture looks. */
function keepsSegment(marker: number, segment: Uint8Array): boolean {
  if (marker < APP0 || (marker > 0xef && marker !== 0xfe)) return true; // tables, frame headers
  if (marker === APP0) return startsWithAscii(segment, 4, 'JFIF\0');
  if (marker === APP2) return startsWithAscii(segment, 4, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWithAscii(segment, 4, 'Adobe');
  return false; // APP1 (EXIF, XMP), APP3–APP13, APP15, COM (0xFE)
}

/** Where the entropy-coded data that starts at `from` ends: at the next real marker. */
function endOfEntropyCodedData(jpeg: Uint8Array, from: number): number {
  let at = jpeg.indexOf(0xff, from);
  while (at >= 0 && at + 1 < jpeg.length) {
    const next = jpeg[at + 1]!;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) return at;
    at = jpeg.indexOf(0xff, at + 1);
  }
  return -1;
}

/** The Orientation tag (1–8) of an EXIF APP1 segment, if it has one. */
function exifOrientation(segment: Uint8Array): number | null {
  if (!startsWithAscii(segment, 4, 'Exif\0\0')) return null;
  const tiff = 10;
  if (segment.length < tiff + 8) return null;
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  const little = segment[tiff] === 0x49; // "II" little-endian, "MM" big-endian
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > segment.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > segment.length) return null;
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** An APP1 segment with an EXIF block holding nothing but the Orientation tag. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // "MM", 42, IFD0 at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ];
  const body = [...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
  const length = body.length + 2;
  return new Uint8Array([0xff, APP1, length >> 8, length & 0xff, ...body]);
}

/** After SOI and a JFIF APP0 segment if there is one (EXIF comes after JFIF by convention). */
function afterJfif(kept: Uint8Array[]): number {
  const first = kept[1];
  return first && first[1] === APP0 ? 2 : 1;
}

function startsWithAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Ancillary chunks that change how the image looks (transparency, colour, animation), kept.
 * Critical chunks (IHDR, PLTE, IDAT, IEND: an upper-case first letter) are always kept; every
 * other ancillary chunk goes: text, EXIF, times, and private chunks that could hide anything.
 */
const PNG_RENDERING_CHUNKS = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'cICP',
  'mDCv',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);

/**
 * The PNG without its metadata chunks; bytes whose chunk layout does not hold together are
 * answered as they are (the upload's inspection has decoded the image already).
 */
export function stripPngMetadata(png: Uint8Array): Uint8Array {
  if (png.length < 8 || PNG_SIGNATURE.some((byte, i) => png[i] !== byte)) return png;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const kept: Uint8Array[] = [png.subarray(0, 8)];
  let dropped = false;
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > png.length) return png;
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const critical = type.charCodeAt(0) >= 0x41 && type.charCodeAt(0) <= 0x5a;
    if (critical || PNG_RENDERING_CHUNKS.has(type)) kept.push(png.subarray(offset, end));
    else dropped = true;
    offset = end;
    if (type === 'IEND') {
      // Bytes after the image's end can carry anything; they go too.
      if (offset < png.length) dropped = true;
      break;
    }
  }
  return dropped ? concat(kept) : png;
}
