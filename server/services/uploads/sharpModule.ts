/**
 * sharp (libvips), loaded when the first image is checked or re-encoded rather than when the
 * server starts: about 10 MB of native library an idle server does not need. The
 * module is loaded once; every caller awaits the same promise.
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
