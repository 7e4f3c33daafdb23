/**
 * What the organiser's service worker precaches and which navigations it answers with the app
 * shell (docs/offline-app.md). Read by vite.config.ts at build time (vite-plugin-pwa's
 * generateSW); kept here, apart from the config, so that the rules are unit-tested.
 */
import type { ManifestTransform } from 'workbox-build';
// `.js`: vite.config.ts loads this file, and Vite's config loader wants file extensions.
import { filesOnlyForOtherPages, type BuildManifest } from './pageFiles.js';

export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The app shell, every JS and CSS chunk (lazy routes and the sync worker's script included, so a
 * screen never opened still opens offline) and the small public images: thumbnails, theme
 * images, icons. Videos (public/video/*.mp4) are big and streamed: never precached.
 */
export const PRECACHE_GLOB_PATTERNS = ['**/*.{html,js,css,svg,png,jpg,jpeg,webp,gif,ico,woff2}'];

/**
 * The phone player and the live screens are pages of their own, opened from the network (phones
 * do not run this worker: it would download the organiser's whole app onto a weak connection).
 */
export const PRECACHE_GLOB_IGNORES = [
  '**/*.map',
  'play.html',
  'live.html',
  'video/**',
  '.vite/**',
  // The browser fetches the worker's script itself, on every update check.
  SERVICE_WORKER_FILE,
];

/**
 * Navigations that must never get the organiser's index.html from the cache: the API, uploaded
 * files, videos, and the other two pages (the server answers /play… with play.html and /live…
 * with live.html, server/app.ts pageFor). Workbox tests these against path and query.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/v1(?:[/?]|$)/,
  /^\/uploads(?:[/?]|$)/,
  /^\/video(?:[/?]|$)/,
  /^\/(?:play|live)(?:[/?]|$)/,
];

/** True when the service worker answers a navigation to `pathAndQuery` with the app shell. */
export function servesAppShell(pathAndQuery: string): boolean {
  return !NAVIGATION_DENYLIST.some((rule) => rule.test(pathAndQuery));
}

/**
 * Drops from the precache the files only the phone player and the live screens use, by the build
 * manifest. `readManifest` is called when the worker is generated, after the build has written
 * the manifest.
 */
export function organiserPrecacheOnly(readManifest: () => BuildManifest): ManifestTransform {
  return (entries) => {
    const excluded = filesOnlyForOtherPages(readManifest());
    return { manifest: entries.filter((entry) => !excluded.has(entry.url)), warnings: [] };
  };
}
