import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Each integration test file boots its own server on an in-memory PGlite; two cores here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
