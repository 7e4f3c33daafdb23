/**
 * Photos from phones carry EXIF metadata, GPS position included. Task media is shown to every
 * player, so JPEGs are re-encoded without it, turned upright first (EXIF orientation would be
 * lost with the rest of the metadata).
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
