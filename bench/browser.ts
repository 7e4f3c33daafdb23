/**
 * Sync figures in Chromium, on the app's real data layer through the test-only harness
 * (e2e/harness): time from an edit to the durable local write (IndexedDB with strict durability,
 * so a disk flush), and from an edit to the server's acknowledgement when online (the push
 * debounce, the PATCH, and the worker's write reaching the tab). The API server and the shell
 * server run on loopback, as in the e2e tests. Builds the harness first.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { startApiServer } from '../e2e/support/apiServer';
import { HARNESS_DIST } from '../e2e/support/harnessPage';
import { startShellServer } from '../e2e/support/shellServer';
import { reportLatency } from './support';

const LOCAL_EDITS = 300;
const ACKED_EDITS = 50;
const WARM_UP_EDITS = 5;
/**
 * A pause between acknowledged edits, as an organiser's, so each edit finds the engine idle. Made
 * back to back, an edit lands while the pull prompted by the previous push's poke is running and
 * is pushed right after it, skipping the 150 ms debounce: a faster figure that is not the usual case.
 */
const PAUSE_MS = 500;
const STEPS = 20;

await build({
  configFile: fileURLToPath(new URL('../e2e/harness/vite.config.ts', import.meta.url)),
  logLevel: 'error',
});
const api = await startApiServer();
const shell = await startShellServer({ root: HARNESS_DIST, apiOrigin: api.origin });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

try {
  console.log(
    `Sync benchmark in Chromium ${browser.version()} (harness page, SharedWorker, server on loopback, ${STEPS}-task templates)\n`,
  );
  const page = await browser.newPage();
  await page.goto(`${shell.origin}/`);
  await page.waitForFunction(() => window.harness !== undefined);

  const id = await page.evaluate(async (steps) => {
    const harness = window.harness!;
    const created = await harness.createTemplate('Bench', steps);
    await harness.waitForServerAck(created);
    return created;
  }, STEPS);

  // Each edit is timed inside the page, so no Playwright round trip is counted.
  const localWrites = await page.evaluate(
    async ({ id, edits, warmUp }) => {
      const samples: number[] = [];
      for (let i = 0; i < warmUp + edits; i += 1) {
        const ms = await window.harness!.rename(id, `Bench ${i}`);
        if (i >= warmUp) samples.push(ms);
      }
      return samples;
    },
    { id, edits: LOCAL_EDITS, warmUp: WARM_UP_EDITS },
  );
  reportLatency('edit → durable local write', localWrites);

  const serverAcks = await page.evaluate(
    async ({ id, edits, warmUp, pauseMs }) => {
      const harness = window.harness!;
      await harness.waitForServerAck(id); // the burst above has settled
      const samples: number[] = [];
      for (let i = 0; i < warmUp + edits; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const start = performance.now();
        await harness.rename(id, `Acknowledged ${i}`);
        await harness.waitForServerAck(id);
        if (i >= warmUp) samples.push(performance.now() - start);
      }
      return samples;
    },
    { id, edits: ACKED_EDITS, warmUp: WARM_UP_EDITS, pauseMs: PAUSE_MS },
  );
  reportLatency('edit → server acknowledgement (online)', serverAcks);
} finally {
  await browser.close();
  await shell.close();
  await api.dispose();
}
