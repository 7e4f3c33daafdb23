/**
 * The headers every served upload carries. Uploads come from users, so they are served as
 * inert files: the browser must use exactly our content type (nosniff), show rather than run
 * them, and an SVG opened directly must not be able to run script or load anything even if
 * svgSafety.ts missed something.
 */
import { JPEG, MOV, MP3, MP4, PNG, SVG } from './sniff';

const SERVABLE_TYPES = new Set<string>([
  PNG.mimeType,
  JPEG.mimeType,
  SVG.mimeType,
  MP4.mimeType,
  MOV.mimeType,
  MP3.mimeType,
]);

/** One year, the most caches honour. Upload keys are random and never reused (newUploadKey). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** No script (sandbox), no loads of any kind, only the SVG's own inline styles. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function headersForServedFile(contentType: string): Record<string, string> {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const common = {
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': IMMUTABLE,
  };
  if (!SERVABLE_TYPES.has(type)) {
    // Nothing else should ever be stored; if it is, it is downloaded, never rendered.
    return {
      ...common,
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': 'attachment',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    };
  }
  if (type === SVG.mimeType) {
    return {
      ...common,
      // The charset parameter overrides whatever encoding the file declares (RFC 7303), so the
      // browser reads the same UTF-8 text that svgSafety.ts checked.
      'Content-Type': `${SVG.mimeType}; charset=utf-8`,
      'Content-Disposition': 'inline',
      'Content-Security-Policy': SVG_CONTENT_SECURITY_POLICY,
    };
  }
  return { ...common, 'Content-Type': type, 'Content-Disposition': 'inline' };
}
