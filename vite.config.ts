import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// `.js` on the project's own imports: Vite's config loader wants file extensions.
import type { BuildManifest } from './src/pwa/pageFiles.js';
import {
  NAVIGATION_DENYLIST,
  PRECACHE_GLOB_IGNORES,
  PRECACHE_GLOB_PATTERNS,
  SERVICE_WORKER_FILE,
  organiserPrecacheOnly,
} from './src/pwa/serviceWorkerConfig.js';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The API port the dev proxy forwards /v1 to (the server's own default port). */
const API_PORT = Number(process.env.PORT ?? 8080);

const APP_ROOT = fileURLToPath(new URL('.', import.meta.url));
/** Where `build.manifest: true` writes it, inside the output folder. */
const BUILD_MANIFEST = '.vite/manifest.json';

/**
 * The organiser's offline shell (docs/offline-app.md): a generated Workbox service worker that
 * precaches the app and answers its navigations with index.html. Registered by the app itself
 * (src/pwa/registerServiceWorker.ts) in production builds only, and updated only when the
 * user says so (`registerType: 'prompt'`). Built for this folder's pages only: dev (`vite`) gets
 * none, nor does a config that extends this one with another root (the e2e harness).
 */
function offlineShell(): Plugin[] {
  let outDir = path.join(APP_ROOT, 'dist');
  const readManifest = () =>
    JSON.parse(readFileSync(path.join(outDir, BUILD_MANIFEST), 'utf8')) as BuildManifest;
  const outDirOf: Plugin = {
    name: 'teamtrail:offline-shell-out-dir',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  const pwa = VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    // No install prompt: organisers use the app in the browser; phones use the player page.
    manifest: false,
    filename: SERVICE_WORKER_FILE,
    workbox: {
      globPatterns: PRECACHE_GLOB_PATTERNS,
      globIgnores: PRECACHE_GLOB_IGNORES,
      manifestTransforms: [organiserPrecacheOnly(readManifest)],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NAVIGATION_DENYLIST,
      // The first worker takes the page it was installed from, so its lazy routes come from the
      // cache at once. Updates still wait for the user's Reload (no skipWaiting).
      clientsClaim: true,
      cleanupOutdatedCaches: true,
    },
  });
  return [outDirOf, ...pwa].map((plugin) => ({
    ...plugin,
    apply: (config, env) =>
      env.command === 'build' &&
      path.resolve(config.root ?? APP_ROOT) === path.resolve(APP_ROOT) &&
      (plugin.apply === undefined ||
        (typeof plugin.apply === 'function'
          ? plugin.apply(config, env)
          : plugin.apply === env.command)),
  }));
}

/**
 * Brotli and gzip copies of the text files of the build, written beside them: the server sends
 * the smallest one the browser accepts (@fastify/static `preCompressed`), so a first visit loads
 * about a quarter of the bytes, without compressing on every request. Source maps are left out:
 * only developers fetch them.
 */
function precompressed(): Plugin {
  const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const MIN_BYTES = 1024;
  let outDir = path.join(APP_ROOT, 'dist');
  return {
    name: 'teamtrail:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After the service worker's files are written, so they get their copies too.
      order: 'post',
      sequential: true,
      handler() {
        for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
          if (!TEXT.test(file)) continue;
          const full = path.join(outDir, file);
          const content = readFileSync(full);
          if (content.length < MIN_BYTES) continue;
          writeFileSync(
            `${full}.br`,
            brotliCompressSync(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), offlineShell(), precompressed()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  worker: {
    format: 'es',
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: `http://localhost:${API_PORT}`, changeOrigin: false },
      '/uploads': { target: `http://localhost:${API_PORT}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Read by the service worker's precache filter and by bench/pages.ts (src/pwa/pageFiles.ts).
    manifest: true,
    // Three pages with their own bundles: the organiser's app, the phone player (small, for weak
    // connections) and the live screens (docs/games.md). The server serves each for its routes.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        play: fileURLToPath(new URL('./play.html', import.meta.url)),
        live: fileURLToPath(new URL('./live.html', import.meta.url)),
      },
    },
  },
});
