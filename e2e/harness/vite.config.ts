/**
 * Builds the test-only sync harness (e2e/harness) into test-results/harness-dist, apart from the
 * app's dist/ so that it never ships. Everything else — plugins, the worker format, the
 * __APP_VERSION__ define — comes from the app's own vite.config.ts, so the worker is bundled
 * the same way as in production.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, loadConfigFromFile, mergeConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig(async (env) => {
  const app = await loadConfigFromFile(env, here('../../vite.config.ts'));
  if (!app) throw new Error('vite.config.ts not found');
  // The app builds three pages (index, play, live); the harness is one page of its own.
  const { rollupOptions: _pages, ...appBuild } = app.config.build ?? {};
  return mergeConfig(
    { ...app.config, build: appBuild },
    {
      root: here('.'),
      envDir: here('../..'),
      publicDir: false,
      build: { outDir: here('../../test-results/harness-dist'), emptyOutDir: true },
    },
  );
});
