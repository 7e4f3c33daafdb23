/**
 * A JPEG's metadata goes without re-encoding (server/services/uploads/metadata.ts).
 * Players' photos and task media are shown to everyone, so GPS, camera and editing data must go;
 * the pixels are kept byte for byte, and the orientation phones rely on is kept on its own.
 */
import { describe, expect, it } from 'vitest';
import sharp, { type Sharp } from 'sharp';
import { stripJpegMetadata, stripPhotoMetadata } from '../../../server/services/uploads/metadata';

/** A 64x48 JPEG of a gradient, with whatever metadata `decorate` adds. */
async function jpeg(decorate: (image: Sharp) => Sharp = (image) => image) {
  const pixels = Buffer.alloc(64 * 48 * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7) % 256;
  const image = sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } });
  return new Uint8Array(await decorate(image).jpeg({ quality: 85 }).toBuffer());
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** A JPEG segment: marker, length, payload. */
function segment(marker: number, payload: string): Uint8Array {
  const body = Buffer.from(payload, 'latin1');
  const length = body.length + 2;
  return new Uint8Array([0xff, marker, length >> 8, length & 0xff, ...body]);
}

/** The JPEG with `segments` put right after its start-of-image marker. */
function withSegments(image: Uint8Array, ...segments: Uint8Array[]): Uint8Array {
  return new Uint8Array(
    Buffer.concat(
      [image.subarray(0, 2), ...segments, image.subarray(2)].map((p) => Buffer.from(p)),
    ),
  );
}

const rawPixels = async (image: Uint8Array) => sharp(image).raw().toBuffer();

describe('stripping a JPEG’s metadata', () => {
  it('removes EXIF with the GPS position and the camera, and keeps the pixels exactly', async () => {
    const original = await jpeg((image) =>
      image.withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      }),
    );
    expect(latin1(original)).toContain('PhoneMaker');

    const stripped = stripJpegMetadata(original)!;
    expect(stripped).not.toBeNull();
    expect(latin1(stripped)).not.toContain('PhoneMaker');
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(await rawPixels(stripped)).toEqual(await rawPixels(original));
  });

  it('removes XMP, IPTC (APP13), other application segments and comments', async () => {
    const original = withSegments(
      await jpeg((image) =>
        image.withXmp('<x:xmpmeta><rdf:Description Creator="Ada"/></x:xmpmeta>'),
      ),
      segment(0xed, 'Photoshop 3.0\0IPTC-City:London'),
      segment(0xe5, 'MakerNotes:serial-123'),
      segment(0xfe, 'taken at 10 Downing Street'),
    );
    const stripped = stripJpegMetadata(original)!;
    const text = latin1(stripped);
    for (const hidden of ['Creator="Ada"', 'London', 'serial-123', 'Downing Street']) {
      expect(text).not.toContain(hidden);
    }
    expect(await rawPixels(stripped)).toEqual(await rawPixels(original));
  });

  it('keeps the orientation (and nothing else of the EXIF), so a portrait photo stays upright', async () => {
    const original = await jpeg((image) =>
      image.withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Make: 'PhoneMaker' } }),
    );
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const stripped = stripJpegMetadata(original)!;
    const metadata = await sharp(stripped).metadata();
    expect(metadata.orientation).toBe(6);
    expect(latin1(stripped)).not.toContain('PhoneMaker');
    // Turned by its orientation, it is 48 wide and 64 high, as the phone showed it.
    const upright = await sharp(stripped).rotate().toBuffer({ resolveWithObject: true });
    expect([upright.info.width, upright.info.height]).toEqual([48, 64]);
  });

  it('keeps the ICC colour profile, which changes how the photo looks', async () => {
    const original = await jpeg((image) => image.withIccProfile('p3'));
    expect((await sharp(original).metadata()).icc).toBeDefined();
    const stripped = stripJpegMetadata(original)!;
    expect((await sharp(stripped).metadata()).icc).toEqual((await sharp(original).metadata()).icc);
  });

  it('drops whatever follows the end of the image (a hidden second file)', async () => {
    const image = await jpeg();
    const original = new Uint8Array([...image, ...Buffer.from('PK\x03\x04secret.txt', 'latin1')]);
    const stripped = stripJpegMetadata(original)!;
    expect(latin1(stripped)).not.toContain('secret.txt');
    expect(stripped.subarray(-2)).toEqual(new Uint8Array([0xff, 0xd9]));
  });

  it('keeps a progressive JPEG’s scans (and the tables between them) intact', async () => {
    const pixels = Buffer.alloc(64 * 48 * 3, 90);
    const original = new Uint8Array(
      await sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } })
        .withExif({ IFD0: { Make: 'PhoneMaker' } })
        .jpeg({ progressive: true })
        .toBuffer(),
    );
    const stripped = stripJpegMetadata(original)!;
    expect(latin1(stripped)).not.toContain('PhoneMaker');
    expect(await rawPixels(stripped)).toEqual(await rawPixels(original));
  });

  it('answers null for a JPEG whose segments do not hold together, and stripPhotoMetadata then re-encodes it without metadata', async () => {
    const original = await jpeg((image) => image.withExif({ IFD0: { Make: 'PhoneMaker' } }));
    // Stray bytes where a marker should be: decoders skip them with a warning.
    const broken = withSegments(original, new Uint8Array([0x00, 0x11, 0x22]));
    expect(stripJpegMetadata(broken)).toBeNull();
    const cleaned = await stripPhotoMetadata(broken);
    expect(latin1(cleaned)).not.toContain('PhoneMaker');
    expect((await sharp(cleaned).metadata()).width).toBe(64);
  });
});
