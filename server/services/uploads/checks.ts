/**
 * The upload checks that run in a worker thread (checkPool.ts) rather than on the server's main
 * thread, because their time grows with what the uploader chose to put in the file: an SVG of
 * millions of tags or attributes takes seconds to check, and while the main thread checks, no
 * other request (a player's answer, /v1/health) is answered. Inputs and results are plain data,
 * copied between threads.
 */
import { checkSvgSafety } from './svgSafety';

export const SVG_NOT_UTF8 = "This SVG isn't valid UTF-8 text and can't be used.";

export const uploadChecks = {
  /** Why the SVG is refused (not UTF-8, or unsafe: svgSafety.ts), or null when it is accepted. */
  svg(bytes: Uint8Array): string | null {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return SVG_NOT_UTF8;
    }
    return checkSvgSafety(text);
  },
};

export type UploadChecks = typeof uploadChecks;
