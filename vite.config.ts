import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The API port the dev proxy forwards /v1 to (the server's own default port). */
const API_PORT = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react()],
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
