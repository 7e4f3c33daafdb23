import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Each integration test file boots its own server on an in-memory PGlite; two cores here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI also writes a JSON report, which .ci/summarise.mjs adds up into one closing line.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
