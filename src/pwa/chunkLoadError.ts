/**
 * Recognises a screen whose code could not be downloaded: a lazy route's `import()` that failed.
 * It happens when the server was updated while a tab without the service worker was open (the
 * old chunk names are gone), or offline before the worker had cached the app. Either way the fix
 * is a reload, not the "It's not you, it's us!" screen: the route error screens show
 * NewVersionScreen for it.
 */

// Each browser words it its own way; Vite's preload helper adds one for a chunk's CSS.
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' && CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(message))
  );
}
