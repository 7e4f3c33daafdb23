/**
 * Which built files belong to which page, read from Vite's build manifest
 * (dist/.vite/manifest.json). Used at build time by vite.config.ts (the service worker precaches
 * the organiser's app, not the phone player's or the live screens' own files) and by
 * bench/pages.ts (the initial JavaScript of "/"). Pure: no Node, no DOM.
 */

/** The part of Vite's `ManifestChunk` read here. */
export interface ManifestChunkLike {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type BuildManifest = Record<string, ManifestChunkLike>;

/** The organiser's app; play.html and live.html are the other two pages (docs/games.md). */
export const ORGANISER_PAGE = 'index.html';

export interface PageFilesOptions {
  /** Follow `import()` too: every lazily loaded route of the page, not only what it boots with. */
  lazy: boolean;
}

/**
 * The files a page's entry needs: its chunk, the chunks it imports (transitively), their CSS and
 * the assets they reference (the sync worker's script is one). With `lazy`, also every chunk
 * reachable through dynamic imports.
 */
export function pageFiles(
  manifest: BuildManifest,
  entry: string,
  { lazy }: PageFilesOptions,
): Set<string> {
  if (!manifest[entry]) throw new Error(`The build manifest has no entry "${entry}".`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of chunk.imports ?? []) visit(next);
    if (lazy) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  visit(entry);
  return files;
}

/** The page entries of a build (its HTML files), e.g. index.html, play.html, live.html. */
export function pageEntries(manifest: BuildManifest): string[] {
  return Object.keys(manifest).filter((key) => key.endsWith('.html'));
}

/**
 * Files that only the other pages use: what the organiser's service worker leaves out. Files
 * shared with the organiser's app stay, and so do files the manifest does not list (the sync
 * worker's own chunks, public assets).
 */
export function filesOnlyForOtherPages(
  manifest: BuildManifest,
  page: string = ORGANISER_PAGE,
): Set<string> {
  const own = pageFiles(manifest, page, { lazy: true });
  const others = new Set<string>();
  for (const entry of pageEntries(manifest)) {
    if (entry === page) continue;
    for (const file of pageFiles(manifest, entry, { lazy: true })) {
      if (!own.has(file)) others.add(file);
    }
  }
  return others;
}
