/**
 * Content sniffing for uploads: the type of a file is decided by its bytes (magic numbers),
 * never by its name or by the Content-Type the client declared, because both are chosen by
 * the sender. An HTML page renamed logo.png is still an HTML page and must not be stored as
 * an image. Only the types SPEC §5 accepts are recognised; everything else is null.
 */

import type { fileTypeFromBuffer as FileTypeFromBuffer } from 'file-type';

export type DetectedMimeType =
  'image/png' | 'image/jpeg' | 'image/svg+xml' | 'video/mp4' | 'video/quicktime' | 'audio/mpeg';

export type DetectedKind = 'image' | 'video' | 'audio';

export type DetectedExtension = 'png' | 'jpg' | 'svg' | 'mp4' | 'mov' | 'mp3';

export interface DetectedType {
  mimeType: DetectedMimeType;
  kind: DetectedKind;
  extension: DetectedExtension;
}

export const PNG: DetectedType = { mimeType: 'image/png', kind: 'image', extension: 'png' };
export const JPEG: DetectedType = { mimeType: 'image/jpeg', kind: 'image', extension: 'jpg' };
export const SVG: DetectedType = { mimeType: 'image/svg+xml', kind: 'image', extension: 'svg' };
export const MP4: DetectedType = { mimeType: 'video/mp4', kind: 'video', extension: 'mp4' };
export const MOV: DetectedType = { mimeType: 'video/quicktime', kind: 'video', extension: 'mov' };
export const MP3: DetectedType = { mimeType: 'audio/mpeg', kind: 'audio', extension: 'mp3' };

/**
 * file-type (a maintained magic-number library) tells JPEG, ISO base media and MP3 files apart;
 * our own checks stay where it does not do the job or is looser than our rule, each said below.
 * It is loaded at the first upload, not with the server: an idle server does not need it.
 */
let fileTypeLoading: Promise<typeof FileTypeFromBuffer> | null = null;

function loadFileType(): Promise<typeof FileTypeFromBuffer> {
  fileTypeLoading ??= import('file-type').then((module) => module.fileTypeFromBuffer);
  return fileTypeLoading;
}

/** The type of an upload held in memory: sniffMediaTypeOfFile, reading from the bytes. */
export function sniffMediaType(bytes: Uint8Array): Promise<DetectedType | null> {
  return sniffMediaTypeOfFile(
    (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
    bytes.length,
  );
}

/** Reads up to `length` bytes of a file from `offset` (fewer at its end). */
export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

/**
 * How much of a file sniffMediaTypeOfFile reads first: enough for every check but the ID3 tags
 * in front of an MP3, which may hold megabytes of cover art and are stepped over.
 */
const HEAD_BYTES = 64 * 1024;
/**
 * What file-type is shown: its own sample size (what its stream API reads), enough for every
 * answer we take from it. It also bounds its work on a hostile file: it inflates a gzip stream to
 * look inside, and 64 KB of gzipped zeros kept the main thread for about 15 ms, 4 KB for 3.
 */
const FILE_TYPE_SAMPLE_BYTES = 4100;
/**
 * The longest MP3 frame is 1441 bytes (MPEG-1 layer III at 320 kbit/s and 32 kHz, padded), so
 * this window after the tags holds the first frame header and the next.
 */
const MP3_FRAMES_WINDOW = 4096;

/**
 * The type of a file that may not be in memory (a staged upload of up to 100 MB), reading a few
 * kilobytes of it; sniffMediaType is the same for bytes in memory.
 */
export async function sniffMediaTypeOfFile(
  read: ReadRange,
  size: number,
): Promise<DetectedType | null> {
  const head = await read(0, HEAD_BYTES);
  // Ours, not file-type's: file-type also wants a 13-byte IHDR chunk first and answers nothing
  // without it. A file with the PNG signature is a PNG to us, damaged or not, so that the size
  // caps apply to it and the decoder (inspect.ts) answers "damaged" (400), not "a type we do
  // not take" (415).
  if (startsWith(head, PNG_SIGNATURE)) return PNG;

  const fileTypeFromBuffer = await loadFileType();
  const found = await fileTypeFromBuffer(head.subarray(0, FILE_TYPE_SAMPLE_BYTES));
  // file-type steps over a UTF-8 byte order mark and ID3 tags before it looks, so "jpg" may be
  // the bytes behind them. Decoders and browsers read an image from byte 0.
  if (found?.ext === 'jpg' && !startsWith(head, UTF8_BOM) && !startsWith(head, ID3_MAGIC)) {
    return JPEG;
  }
  // file-type's video answers are looser than our rule: it calls any unknown major brand MP4,
  // and a file with "free", "mdat", "moov" or "wide" at byte 4 QuickTime (an HTML page that
  // starts `<!--free` is a "MOV" to it). Our rule (sniffIsoBmff) decides from the ftyp box.
  if (found?.mime.startsWith('video/')) {
    const video = sniffIsoBmff(head);
    if (video !== undefined) return video;
  }
  // file-type takes a lone ID3 header whose size runs past the end, or one frame sync with a
  // reserved bitrate, for MP3, and misses an MP3 with zero padding after its tag: our check of
  // the frame headers behind the tags decides, for what file-type calls MP3 and for any file
  // that starts with an ID3 tag.
  if (found?.ext === 'mp3' || startsWith(head, ID3_MAGIC)) {
    if (await isMp3File(read, size)) return MP3;
  }
  // SVG is XML text, which file-type does not tell apart: our check of the root element.
  if (isSvg(head)) return SVG;
  return null;
}

/**
 * The file is an optional run of ID3v2 tags (and the zero padding encoders put after them)
 * followed by MPEG audio layer III frames; the tags are stepped over by reading, not loading.
 */
async function isMp3File(read: ReadRange, size: number): Promise<boolean> {
  let offset = 0;
  let tags = 0;
  for (;;) {
    const header = await read(offset, 10);
    if (!isId3v2Header(header, 0)) break;
    if (++tags > MAX_ID3_TAGS) return false;
    offset += id3v2TagLength(header, 0);
    offset = await skipZerosInFile(read, size, offset);
  }
  return hasMp3Frames(await read(offset, MP3_FRAMES_WINDOW));
}

async function skipZerosInFile(read: ReadRange, size: number, offset: number): Promise<number> {
  let at = offset;
  while (at < size) {
    const block = await read(at, ZERO_BLOCK.length);
    if (block.length === 0) break;
    const nonZero = skipZeros(block, 0);
    if (nonZero < block.length) return at + nonZero;
    at += block.length;
  }
  return Math.min(at, size);
}

// ---------------------------------------------------------------------------------------------
// Signatures

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const ID3_MAGIC = [0x49, 0x44, 0x33]; // "ID3"

// ---------------------------------------------------------------------------------------------
// MP4 and MOV: an ISO base media file starts with an `ftyp` box naming its brands.

/** Brands that mean "QuickTime movie". */
const QUICKTIME_BRANDS = new Set(['qt  ']);

/** Brands of MP4 files that carry video (or may: isom/mp42 are generic containers). */
const MP4_VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
]);

/**
 * Major brands that say what the file is even though it lists isom/mp42 among its compatible
 * brands: audio-only MPEG-4 (M4A, audiobooks, Flash audio) and HEIF/AVIF still images. They are
 * not the video SPEC §5 accepts.
 */
const NOT_VIDEO_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'M4P ',
  'F4A ',
  'F4B ',
  'mif1',
  'msf1',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'avif',
  'avis',
  'crx ',
  'jp2 ',
]);

/**
 * How much of an ftyp box we read. Real ones list a handful of brands (tens of bytes); without a
 * cap, a 100 MB upload whose box claims to be 100 MB long had its 25 million "brands" read one by
 * one on the server's main thread (15 s during which nothing else was answered).
 */
const FTYP_READ_LIMIT = 4096;

/**
 * undefined: not an ISO base media file, keep looking.
 * null: an ISO base media file that is not an accepted video (e.g. M4A): stop, it is refused.
 */
function sniffIsoBmff(bytes: Uint8Array): DetectedType | null | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  // Box size (big-endian) covers size, type, major brand, minor version and the compatible
  // brands. 16 is the smallest ftyp box; we cap the brand list at what we actually hold, and at
  // FTYP_READ_LIMIT.
  const boxSize = readUint32BE(bytes, 0);
  if (boxSize < 16) return null;
  const end = Math.min(boxSize, bytes.length, FTYP_READ_LIMIT);

  const major = ascii(bytes, 8, 12);
  if (QUICKTIME_BRANDS.has(major)) return MOV;
  if (MP4_VIDEO_BRANDS.has(major)) return MP4;
  if (NOT_VIDEO_BRANDS.has(major)) return null;

  // An unknown major brand (a camera maker's own, e.g. Sony's XAVC) is accepted when the file
  // declares itself compatible with a known video brand.
  let mp4 = false;
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    const brand = ascii(bytes, offset, offset + 4);
    if (NOT_VIDEO_BRANDS.has(brand)) return null;
    if (QUICKTIME_BRANDS.has(brand)) return MOV;
    if (MP4_VIDEO_BRANDS.has(brand)) mp4 = true;
  }
  return mp4 ? MP4 : null;
}

// ---------------------------------------------------------------------------------------------
// MP3

/** How many ID3v2 tags in a row we skip (some taggers prepend a second one). */
const MAX_ID3_TAGS = 4;

/**
 * A tag on its own proves little (ID3 is also put in front of AAC and FLAC), so after the tags we
 * require a valid layer III frame header. When a second frame fits in the window it must be valid
 * too: two consistent headers make a chance match in random binary data very unlikely. A window
 * cut short by the end of the file is the end.
 */
function hasMp3Frames(bytes: Uint8Array): boolean {
  const first = parseMp3FrameHeader(bytes, 0);
  if (!first) return false;
  const next = first.frameLength;
  if (next + 4 > bytes.length) return true;
  const second = parseMp3FrameHeader(bytes, next);
  return second !== null && second.versionBits === first.versionBits;
}

function isId3v2Header(bytes: Uint8Array, offset: number): boolean {
  if (offset + 10 > bytes.length || ascii(bytes, offset, offset + 3) !== 'ID3') return false;
  const major = bytes[offset + 3]!;
  const revision = bytes[offset + 4]!;
  if (major < 2 || major > 4 || revision === 0xff) return false;
  // The size is "syncsafe": four 7-bit bytes, so no byte may have its top bit set.
  for (let i = 6; i < 10; i++) if (bytes[offset + i]! & 0x80) return false;
  return true;
}

const ZERO_BLOCK = new Uint8Array(64 * 1024);

/**
 * The index of the first non-zero byte from `offset` (or the length). Whole blocks are compared
 * natively: a byte-by-byte loop over an upload of 100 MB of zeros held the main thread for
 * about half a second.
 */
function skipZeros(bytes: Uint8Array, offset: number): number {
  let i = offset;
  const block = ZERO_BLOCK.length;
  while (
    i + block <= bytes.length &&
    Buffer.compare(bytes.subarray(i, i + block), ZERO_BLOCK) === 0
  ) {
    i += block;
  }
  while (i < bytes.length && bytes[i] === 0) i++;
  return i;
}

function id3v2TagLength(bytes: Uint8Array, offset: number): number {
  const size =
    (bytes[offset + 6]! << 21) |
    (bytes[offset + 7]! << 14) |
    (bytes[offset + 8]! << 7) |
    bytes[offset + 9]!;
  const hasFooter = (bytes[offset + 5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

// Bitrates in kbit/s by [MPEG-1 | MPEG-2/2.5] for layer III; index 0 (free format) and 15
// (bad) are refused.
const LAYER3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const LAYER3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
// Sample rates in Hz by version bits: 0b00 MPEG-2.5, 0b10 MPEG-2, 0b11 MPEG-1 (0b01 reserved).
const SAMPLE_RATES: Record<number, readonly number[]> = {
  0b00: [11025, 12000, 8000],
  0b10: [22050, 24000, 16000],
  0b11: [44100, 48000, 32000],
};

interface Mp3FrameHeader {
  versionBits: number;
  frameLength: number;
}

function parseMp3FrameHeader(bytes: Uint8Array, offset: number): Mp3FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  // 11 bits of frame sync (0xFFE); 0xFFF is the same sync with the MPEG-1/2 version bit set.
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0b11;
  const layerBits = (b1 >> 1) & 0b11;
  if (versionBits === 0b01 || layerBits !== 0b01) return null; // reserved version; not layer III
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return null;
  const mpeg1 = versionBits === 0b11;
  const bitrate = (mpeg1 ? LAYER3_BITRATES_V1 : LAYER3_BITRATES_V2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[versionBits]![sampleRateIndex]!;
  const padding = (b2 >> 1) & 1;
  const frameLength = Math.floor(((mpeg1 ? 144 : 72) * bitrate) / sampleRate) + padding;
  return { versionBits, frameLength };
}

// ---------------------------------------------------------------------------------------------
// SVG

/**
 * How much of the file we read to find the root element. The prolog (XML declaration,
 * comments, DOCTYPE) of a real SVG is far shorter; a file whose root is further in is refused.
 */
const SVG_PROLOG_LIMIT = 64 * 1024;

/**
 * SVG is text, so it is recognised by its root element: after an optional UTF-8 byte order
 * mark, whitespace, an XML declaration, processing instructions, comments and a DOCTYPE, the
 * first element must be `<svg`. Only UTF-8 is accepted (UTF-16 SVGs are vanishingly rare and
 * every later check assumes UTF-8 text). Whether the SVG is *safe* is svgSafety.ts's job.
 */
function isSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    // `stream: true` keeps a multi-byte character cut at the end of the prefix from counting
    // as invalid UTF-8; `fatal` makes binary data fail fast.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(
      bytes.subarray(0, SVG_PROLOG_LIMIT),
      { stream: true },
    );
  } catch {
    return false;
  }
  let i = 0;
  for (;;) {
    i = skipXmlWhitespace(text, i);
    if (text.startsWith('<?', i)) {
      const close = text.indexOf('?>', i + 2);
      if (close < 0) return false;
      i = close + 2;
    } else if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return false;
      i = close + 3;
    } else if (text.startsWith('<!DOCTYPE', i)) {
      const close = endOfDoctype(text, i);
      if (close < 0) return false;
      i = close;
    } else {
      break;
    }
  }
  return /^<svg[\s/>]/.test(text.slice(i, i + 5));
}

function skipXmlWhitespace(text: string, i: number): number {
  while (i < text.length && /[ \t\r\n]/.test(text[i]!)) i++;
  return i;
}

/**
 * The index just past a DOCTYPE's closing `>`, stepping over its internal subset `[...]` and
 * quoted identifiers, whose content may hold `>`. -1 when it does not end.
 */
function endOfDoctype(text: string, start: number): number {
  let quote: string | null = null;
  let inSubset = false;
  for (let i = start + '<!DOCTYPE'.length; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[') {
      inSubset = true;
    } else if (c === ']') {
      inSubset = false;
    } else if (c === '>' && !inSubset) {
      return i + 1;
    }
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function readUint32BE(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 24) >>> 0) +
    (bytes[offset + 1]! << 16) +
    (bytes[offset + 2]! << 8) +
    bytes[offset + 3]!
  );
}
