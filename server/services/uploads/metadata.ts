/**
 * Photos from phones carry EXIF metadata, GPS position included. Task media is shown to every
 * player, so JPEGs are re-encoded without it, turned upright first (EXIF orientation would be
 * lost with the rest of the metadata). PNGs (screenshots, team photos from some phones) carry it
 * in chunks of their own (eXIf, tEXt, iTXt, zTXt, tIME): those are dropped without re-encoding.
 */
import sharp from 'sharp';

/** High enough that re-encoding is not visible on a phone screen. */
const JPEG_QUALITY = 90;

export async function stripPhotoMetadata(jpeg: Uint8Array): Promise<Uint8Array> {
  const output = await sharp(jpeg)
    .rotate()
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
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
    if (type === 'IEND') break;
  }
  if (!dropped) return png;
  const out = new Uint8Array(kept.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
