/**
 * The checks a picked logo goes through before it is queued (SPEC §2.8 Branding, §5 uploads):
 * PNG only and the logo's size cap are refused; an image over the stated 280x60 pixels is only
 * warned about, because SPEC states that maximum without enforcing it (the server fits the
 * logo into it).
 */
import type { Dimensions } from '../../../domain/constants';
import { LOGO_MAX } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import {
  fitsLogoMax,
  formatBytes,
  isSupportedLogo,
  LOGO_FORMATS_TEXT,
  LOGO_MAX_BYTES,
} from '../../../domain/uploads';

export type LogoCheck = { ok: true; warning: string | null } | { ok: false; error: string };

export const logoTooLargeWarning = ({ width, height }: Dimensions): string =>
  `This image is ${width}x${height} pixels, larger than the maximum of ${LOGO_MAX.width}x${LOGO_MAX.height}. It will be scaled down to fit the activity screen.`;

/** The picked file's width and height in pixels, or null when it cannot be decoded. */
export async function measureImage(file: Blob): Promise<Dimensions | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Fall through to <img>, which some browsers decode where createImageBitmap refuses.
    }
  }
  if (typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<Dimensions | null>((resolve) => {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => resolve(null);
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Why a file cannot be the logo by its type or size, or null when it may be. */
export function logoFileRefusal(file: { type: string; size: number }): string | null {
  if (!isSupportedLogo(file.type))
    return MESSAGES.upload.unsupportedType(file.type, LOGO_FORMATS_TEXT);
  if (file.size > LOGO_MAX_BYTES) return MESSAGES.upload.tooLarge(formatBytes(LOGO_MAX_BYTES));
  return null;
}

export async function checkLogoFile(
  file: File,
  measure: (file: Blob) => Promise<Dimensions | null> = measureImage,
): Promise<LogoCheck> {
  const refusal = logoFileRefusal(file);
  if (refusal !== null) return { ok: false, error: refusal };
  const size = await measure(file);
  if (size === null)
    return { ok: false, error: 'This file could not be read as a PNG image. Choose another file.' };
  return { ok: true, warning: fitsLogoMax(size) ? null : logoTooLargeWarning(size) };
}
