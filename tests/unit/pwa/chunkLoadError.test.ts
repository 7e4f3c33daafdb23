/**
 * A lazy route chunk that fails to load (a new version deployed under a tab without
 * the service worker) offers a reload instead of the fallback error screen.
 */
import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../../src/pwa/chunkLoadError';

describe('a screen whose code could not be downloaded', () => {
  it.each([
    // Chromium
    new TypeError(
      'Failed to fetch dynamically imported module: http://127.0.0.1:8080/assets/TemplateLibraryPage-CYVH428x.js',
    ),
    // Firefox
    new TypeError('error loading dynamically imported module: http://x/assets/A.js'),
    // Safari
    new TypeError('Importing a module script failed.'),
    // Vite's preload helper, for a chunk's CSS
    new Error('Unable to preload CSS for /assets/SelectionCard-D_yQoccw.css'),
  ])('is recognised: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new TypeError("Cannot read properties of undefined (reading 'name')"),
    new Error('Failed to fetch'),
    'Failed to fetch dynamically imported module',
    null,
    undefined,
    { status: 404 },
  ])('other errors are not: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
