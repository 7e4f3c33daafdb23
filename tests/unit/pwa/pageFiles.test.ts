/**
 * The service worker precaches the organiser's app — every chunk, lazy routes and
 * the sync worker's script included — but not what only the phone player or the live screens
 * use.
 */
import { describe, expect, it } from 'vitest';
import { filesOnlyForOtherPages, pageEntries, pageFiles } from '../../../src/pwa/pageFiles';
import { MANIFEST } from './buildManifest.fixture';

describe('the files of a page, from the build manifest', () => {
  it('what "/" boots with: the entry, its static imports, its CSS and the sync worker script', () => {
    expect([...pageFiles(MANIFEST, 'index.html', { lazy: false })].sort()).toEqual([
      'assets/constants-1.js',
      'assets/main-1.css',
      'assets/main-1.js',
      'assets/stepTypes-1.js',
      'assets/sync.worker-1.js',
    ]);
  });

  it('with lazy routes: every screen chunk and what it imports, each once', () => {
    const files = pageFiles(MANIFEST, 'index.html', { lazy: true });
    expect(files).toContain('assets/DashboardPage-1.js');
    expect(files).toContain('assets/ActivityCodeBlock-1.js');
    expect(files).toContain('assets/gameCodes-1.js');
    expect(files).toContain('assets/Page-1.css');
    expect(files).toContain('assets/Table-1.js');
    expect(files).not.toContain('assets/play-1.js');
  });

  it('lists the pages of the build', () => {
    expect(pageEntries(MANIFEST).sort()).toEqual(['index.html', 'live.html', 'play.html']);
  });

  it('an unknown entry is an error, not an empty list', () => {
    expect(() => pageFiles(MANIFEST, 'nope.html', { lazy: false })).toThrow(/nope\.html/);
  });
});

describe('what the organiser service worker leaves out', () => {
  it('only the phone player’s and the live screens’ own files; shared chunks stay', () => {
    expect([...filesOnlyForOtherPages(MANIFEST)].sort()).toEqual([
      'assets/live-1.css',
      'assets/live-1.js',
      'assets/play-1.css',
      'assets/play-1.js',
    ]);
  });
});
