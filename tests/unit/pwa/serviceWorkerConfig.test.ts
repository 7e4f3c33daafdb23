/**
 * After one visit the app shell opens offline on any organiser route (navigation
 * fallback to index.html), but never for /v1, /uploads, /video, /play or /live, which the server
 * answers itself (the phone player and the live screens are pages of their own).
 */
import { describe, expect, it } from 'vitest';
import {
  PRECACHE_GLOB_IGNORES,
  PRECACHE_GLOB_PATTERNS,
  organiserPrecacheOnly,
  servesAppShell,
} from '../../../src/pwa/serviceWorkerConfig';
import { MANIFEST } from './buildManifest.fixture';

describe('navigations answered with the app shell', () => {
  it.each([
    '/',
    '/templates',
    '/activities',
    '/games',
    '/activity/type',
    '/activity/demo/status?id=1',
    '/builder/3f1c2d0e-1111-4a4a-9999-000000000000',
    '/diagnostics',
    '/sign-in?from=%2Ftemplates',
    // Not the player: the server gives these index.html too (server/app.ts pageFor).
    '/playground',
    '/lively',
  ])('%s gets index.html', (path) => {
    expect(servesAppShell(path)).toBe(true);
  });

  it.each([
    '/v1',
    '/v1/templates',
    '/v1/games/ABC/qr.svg',
    '/uploads/logo.png',
    '/video/intro.mp4',
    '/play',
    '/play/',
    '/play?code=AB12CD',
    '/play/AB12CD',
    '/live',
    '/live/3f1c2d0e/scoreboard',
    '/live?game=1',
  ])('%s goes to the network', (path) => {
    expect(servesAppShell(path)).toBe(false);
  });
});

describe('the precache', () => {
  it('takes scripts, styles, the shell and small images, never videos or source maps', () => {
    const [pattern] = PRECACHE_GLOB_PATTERNS;
    for (const kind of ['html', 'js', 'css', 'svg', 'png', 'webp']) {
      expect(pattern).toMatch(new RegExp(`[{,]${kind}[,}]`));
    }
    expect(pattern).not.toMatch(/mp4|webm|map/);
    expect(PRECACHE_GLOB_IGNORES).toEqual(
      expect.arrayContaining(['**/*.map', 'video/**', 'play.html', 'live.html']),
    );
  });

  it('drops the files only the phone player and the live screens use', async () => {
    const entry = (url: string) => ({ url, revision: null, size: 1 });
    const transform = organiserPrecacheOnly(() => MANIFEST);
    const result = await transform([
      entry('index.html'),
      entry('assets/main-1.js'),
      entry('assets/sync.worker-1.js'),
      // A chunk of the sync worker's own build: not in the manifest, so it stays.
      entry('assets/validate-ajv-2.js'),
      entry('assets/gameCodes-1.js'),
      entry('assets/play-1.js'),
      entry('assets/live-1.css'),
      entry('thumbnails/blank.svg'),
    ]);
    expect(result.manifest.map((e) => e.url)).toEqual([
      'index.html',
      'assets/main-1.js',
      'assets/sync.worker-1.js',
      'assets/validate-ajv-2.js',
      'assets/gameCodes-1.js',
      'thumbnails/blank.svg',
    ]);
  });
});
