/**
 * Playwright fixtures for the browser sync journeys: each test gets its own API server (fresh
 * data, stoppable), a shell server in front of it that serves the harness build, and a network
 * between the browser and the shell server that the test can cut (`network.origin`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { startApiServer, type ApiServer } from './apiServer';
import { startNetworkCut, type NetworkCut } from './networkCut';
import { HARNESS_DIST } from './harnessPage';
import { startShellServer, type ShellServer } from './shellServer';

export const test = base.extend<{ api: ApiServer; shell: ShellServer; network: NetworkCut }>({
  // Playwright reads the fixtures a fixture needs from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  api: async ({}, use) => {
    const api = await startApiServer();
    try {
      await use(api);
    } finally {
      await api.dispose();
    }
  },
  shell: async ({ api }, use) => {
    if (!existsSync(path.join(HARNESS_DIST, 'index.html'))) {
      throw new Error(
        'The sync harness is not built: run `npx vite build -c e2e/harness/vite.config.ts` (npm run test:e2e does).',
      );
    }
    const shell = await startShellServer({ root: HARNESS_DIST, apiOrigin: api.origin });
    try {
      await use(shell);
    } finally {
      await shell.close();
    }
  },
  network: async ({ shell }, use) => {
    const network = await startNetworkCut(shell.origin);
    try {
      await use(network);
    } finally {
      await network.close();
    }
  },
});

export { expect } from '@playwright/test';
