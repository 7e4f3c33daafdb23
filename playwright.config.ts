/**
 * e2e: Playwright in Debian's Chromium (no browser download) against the built app served by
 * the real server on a temporary data folder. `npm run test:e2e` builds first.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { onboardingDoneState } from './e2e/support/onboarding';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'teamtrail-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read the config; keep one folder per run

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // The builder's tutorial and tours are seen once; only their own journey starts without this.
    storageState: onboardingDoneState(`http://127.0.0.1:${E2E_PORT}`),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'npx tsx server/server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATABASE_URL: '',
      // A build elsewhere than ./dist (two checkouts or sessions testing side by side).
      STATIC_DIR: process.env.STATIC_DIR ?? './dist',
    },
  },
});
