/**
 * Fits a branding logo into the 280x60 box SPEC §9 states to organisers. SPEC leaves open
 * whether the limit is enforced; we enforce it by scaling down rather than refusing, because
 * the organiser's intent (show my logo in the header) is clear and a refusal would only send
 * them to an image editor. The logo is never cropped (a cut-off wordmark is worse than a small
 * one) and never enlarged (upscaling only blurs it).
 */
import { loadSharp } from './sharpModule';
import { LOGO_MAX } from '../../../src/domain/constants';
import { fitsLogoMax } from '../../../src/domain/uploads';
import { MAX_IMAGE_PIXELS } from './inspect';

export interface FittedLogo {
  bytes: Uint8Array;
  width: number;
  height: number;
  /** False when the logo already fitted and `bytes` is the input, untouched. */
  resized: boolean;
}

/** Expects a PNG that inspectUpload accepted for the purpose 'logo'. */
export async function fitLogo(png: Uint8Array): Promise<FittedLogo> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(png, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  if (!width || !height) throw new Error('fitLogo: the image has no dimensions');

  // A logo that fits is kept byte for byte: re-encoding would change nothing visible and
  // could only lose something (colour profile, palette, the organiser's own optimisation).
  if (fitsLogoMax({ width, height })) {
    return { bytes: png, width, height, resized: false };
  }

  // Our own arithmetic rather than sharp's fit: 'inside', so the result is exact and testable
  // (1000x100 -> 280x28): the constraining side hits the box, the other keeps the ratio.
  const scale = Math.min(LOGO_MAX.width / width, LOGO_MAX.height / height);
  const target = {
    width: Math.max(1, Math.min(LOGO_MAX.width, Math.round(width * scale))),
    height: Math.max(1, Math.min(LOGO_MAX.height, Math.round(height * scale))),
  };
  // sharp writes no metadata (EXIF, XMP, text chunks) unless asked to keep it, so re-encoding
  // strips it. The alpha channel is kept as it is; sharp resizes with premultiplied alpha so
  // transparent edges don't pick up a dark fringe.
  const resized = await sharp(png, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize(target.width, target.height, { fit: 'fill' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { bytes: resized, ...target, resized: true };
}
