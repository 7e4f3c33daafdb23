/**
 * Upload fixtures built in code, so the tests carry no binary files and each fixture shows
 * exactly which bytes make it what it is.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

export const MB = 1024 * 1024;

export async function makePng(
  width: number,
  height: number,
  background = { r: 0, g: 0, b: 0, alpha: 0 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}

export async function makeJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();
}

/** A PNG of random pixels: big enough, and incompressible, for truncation to cut image data. */
export async function makeNoisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** An ISO BMFF `ftyp` box: size, "ftyp", major brand, minor version, compatible brands. */
export function ftypBox(majorBrand: string, compatibleBrands: string[] = []): Uint8Array {
  const size = 16 + 4 * compatibleBrands.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(majorBrand, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  compatibleBrands.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
}

/** An ftyp box followed by an empty `mdat` box, the smallest thing that looks like a movie. */
export function isoMedia(majorBrand: string, compatibleBrands: string[] = []): Uint8Array {
  const mdat = Buffer.from([0, 0, 0, 8, 0x6d, 0x64, 0x61, 0x74]);
  return Buffer.concat([ftypBox(majorBrand, compatibleBrands), mdat]);
}

/** An ID3v2.4 tag of `bodySize` zero bytes (a syncsafe size). */
export function id3Tag(bodySize = 20): Uint8Array {
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    4,
    0,
    0,
    (bodySize >> 21) & 0x7f,
    (bodySize >> 14) & 0x7f,
    (bodySize >> 7) & 0x7f,
    bodySize & 0x7f,
  ]);
  return Buffer.concat([header, Buffer.alloc(bodySize)]);
}

/**
 * MPEG-1 layer III frames at 128 kbit/s and 44.1 kHz: header FF FB 90 00, and
 * floor(144 * 128000 / 44100) = 417 bytes per frame.
 */
export function mp3Frames(count = 2): Uint8Array {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

export const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Exported by a drawing tool -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 100 40">
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#ff6800"/><stop offset="1" stop-color="#fcb900"/></linearGradient>
    <style>.t { font: bold 12px sans-serif; fill: url(#g); }</style>
  </defs>
  <rect width="100" height="40" rx="6" fill="url(#g)" style="stroke: #000; stroke-width: 1"/>
  <use xlink:href="#g"/>
  <text x="10" y="25" class="t">Teamtrail &amp; friends &lt;3</text>
  <image width="4" height="4" href="data:image/png;base64,iVBORw0KGgo="/>
</svg>
`;

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** `prefix` followed by zeros up to `size` bytes: passes sniffing, exercises size caps. */
export function padded(prefix: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(prefix);
  return bytes;
}

/**
 * A PNG whose header claims width x height, with an empty IDAT chunk (libpng reports the header
 * only once it meets IDAT). The size check must refuse it from the header alone, as it would a
 * decompression bomb, without ever decoding pixels.
 */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
