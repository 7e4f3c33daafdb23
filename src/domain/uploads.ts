/**
 * SPEC §5 upload rules: which MIME types each upload accepts, the size caps, and the texts that
 * state them. SPEC's own lists use non-standard names (image/svg, audio/mp3, video/mov); browsers
 * and servers report the registered names (image/svg+xml, audio/mpeg, video/quicktime), so each
 * list also accepts the registered alias of the same format. Without the aliases no SVG, MP3 or
 * MOV file picked in a browser would ever be accepted.
 */
import { LOGO_MAX } from './constants';
import type { Dimensions } from './constants';

export const IMAGE_MIME_TYPES = ['image/png', 'image/svg', 'image/svg+xml', 'image/jpeg'] as const;
export const AUDIO_MIME_TYPES = ['audio/mp3', 'audio/mpeg'] as const;
export const VIDEO_MIME_TYPES = ['video/mov', 'video/quicktime', 'video/mp4'] as const;
export const LOGO_MIME_TYPES = ['image/png'] as const;

/** "All supported": the union of the lists above (the logo's PNG is already an image). */
export const ALL_SUPPORTED_MIME_TYPES: readonly string[] = [
  ...new Set<string>([
    ...IMAGE_MIME_TYPES,
    ...AUDIO_MIME_TYPES,
    ...VIDEO_MIME_TYPES,
    ...LOGO_MIME_TYPES,
  ]),
];

/** Step media as SPEC states it to users; MOV is accepted too (the type list includes it). */
export const STEP_MEDIA_FORMATS_TEXT = 'JPEG, PNG, SVG, MP4 and MP3';
export const STEP_MEDIA_ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, SVG, MP4, MOV and MP3';
export const LOGO_FORMATS_TEXT = 'PNG';
/** The styling screen's note under the logo uploader. */
export const LOGO_UPLOAD_NOTE = `Files supported: ${LOGO_FORMATS_TEXT}. Max dimensions: ${LOGO_MAX.width}x${LOGO_MAX.height} pixels`;

/** Value for an <input type="file" accept> attribute. */
export const acceptAttribute = (mimeTypes: readonly string[]): string => mimeTypes.join(',');

// ---------------------------------------------------------------------------------------------
// Sizes (the project's caps; SPEC gives none). 1 MB = 1024 × 1024 bytes.

const MB = 1024 * 1024;
export const LOGO_MAX_BYTES = 2 * MB;
export const IMAGE_MAX_BYTES = 10 * MB;
export const AUDIO_MAX_BYTES = 20 * MB;
export const VIDEO_MAX_BYTES = 100 * MB;

export type MediaKind = 'image' | 'audio' | 'video';

const MAX_BYTES_BY_KIND: Readonly<Record<MediaKind, number>> = {
  image: IMAGE_MAX_BYTES,
  audio: AUDIO_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
};

/** Lower-cased, without parameters ("Image/PNG; x=y" → "image/png"). */
export function normaliseMimeType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

const includes = (list: readonly string[], mimeType: string): boolean =>
  list.includes(normaliseMimeType(mimeType));

/** The kind of a supported step-media type, or null when the type is not supported. */
export function mediaKindOf(mimeType: string): MediaKind | null {
  if (includes(IMAGE_MIME_TYPES, mimeType)) return 'image';
  if (includes(AUDIO_MIME_TYPES, mimeType)) return 'audio';
  if (includes(VIDEO_MIME_TYPES, mimeType)) return 'video';
  return null;
}

export const isSupportedStepMedia = (mimeType: string): boolean => mediaKindOf(mimeType) !== null;
export const isSupportedLogo = (mimeType: string): boolean => includes(LOGO_MIME_TYPES, mimeType);

/** The size cap for a step-media type; null when the type is not supported. */
export function maxStepMediaBytes(mimeType: string): number | null {
  const kind = mediaKindOf(mimeType);
  return kind === null ? null : MAX_BYTES_BY_KIND[kind];
}

/** "2 MB", "100 MB": sizes as the cap messages state them. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/**
 * Whether an image fits the logo's stated maximum of 280x60 pixels. SPEC does not say whether
 * the maximum is enforced; this lets the UI or server decide.
 */
export const fitsLogoMax = ({ width, height }: Dimensions): boolean =>
  width <= LOGO_MAX.width && height <= LOGO_MAX.height;
