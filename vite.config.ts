import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API port the dev proxy forwards /v1 to (the server's own default port). */
const API_PORT = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react()],
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
  },
});
