/**
 * Page budgets: the JavaScript "/" needs before it can show the Dashboard, gzipped, against the
 * 250 KB budget; the phone player's initial JavaScript against its 120 KB budget; and Lighthouse-style figures from Chromium — FCP, LCP and
 * TBT — for "/" and the Template Library (signed in), with a cold cache (a fresh browser profile)
 * and a warm one (a second visit, with the service worker in control). Uses the build in
 * STATIC_DIR (default dist/), building it first if it is missing. Prints, never asserts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import { startApiServer } from '../e2e/support/apiServer';
import { ORGANISER_PAGE, pageFiles, type BuildManifest } from '../src/pwa/pageFiles';
import { percentile } from './support';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const STATIC_DIR = path.resolve(REPO_ROOT, process.env.STATIC_DIR ?? 'dist');
const BUILD_MANIFEST = path.join(STATIC_DIR, '.vite/manifest.json');
/** The initial JavaScript of "/", gzipped. */
const INITIAL_JS_BUDGET_KB = 250;
/** The phone player's initial JavaScript, gzipped: phones on a venue's Wi-Fi load it at once. */
const PLAYER_JS_BUDGET_KB = 120;
const PLAYER_PAGE = 'play.html';
const DASHBOARD_ROUTE = 'src/features/dashboard/DashboardPage.tsx';
const RUNS = 3;
/** Lighthouse's desktop preset: 40 ms round trip, 10 Mbit/s, no CPU slow-down. */
const NETWORK = { latencyMs: 40, bytesPerSecond: (10 * 1024 * 1024) / 8 };
/** Lighthouse counts main-thread time over 50 ms per task as blocking. */
const LONG_TASK_MS = 50;
/** After the screen shows, how long the page must stay without a long task to count as settled. */
const QUIET_MS = 2_000;
const SETTLE_TIMEOUT_MS = 15_000;
/** src/auth/sessionStore.ts keeps the signed-in session under this key. */
const SESSION_KEY = 'teamtrail.session';

const kb = (bytes: number) => bytes / 1024;
const gzipped = (file: string) =>
  gzipSync(readFileSync(path.join(STATIC_DIR, file)), { level: 9 }).length;

if (!existsSync(BUILD_MANIFEST) || !existsSync(path.join(STATIC_DIR, 'sw.js'))) {
  console.log(`No build with a manifest and a service worker in ${STATIC_DIR}: building it.`);
  await build({
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    build: { outDir: STATIC_DIR, emptyOutDir: true },
    logLevel: 'error',
  });
}
const manifest = JSON.parse(readFileSync(BUILD_MANIFEST, 'utf8')) as BuildManifest;

// ── (a) the initial JavaScript of "/" ───────────────────────────────────────────────────────
function reportInitialJavaScript() {
  const isJs = (file: string) => file.endsWith('.js');
  const boot = pageFiles(manifest, ORGANISER_PAGE, { lazy: false });
  // The sync worker's script is an asset of whichever chunk starts it (DataProvider's): it runs
  // in a SharedWorker, off the page's main thread.
  const workerScripts = new Set(
    Object.values(manifest)
      .flatMap((entry) => entry.assets ?? [])
      .filter((file) => file.includes('sync.worker')),
  );
  const shell = [...boot].filter((file) => isJs(file) && !workerScripts.has(file));
  const dashboard = manifest[DASHBOARD_ROUTE]
    ? [...pageFiles(manifest, DASHBOARD_ROUTE, { lazy: false })].filter(
        (file) => isJs(file) && !boot.has(file),
      )
    : [];
  const rows = [
    ...shell.map((file) => ({ file, part: 'entry + static imports' })),
    ...dashboard.map((file) => ({ file, part: 'Dashboard route (lazy)' })),
  ].map((row) => ({ ...row, gzip: gzipped(row.file) }));
  rows.sort((a, b) => b.gzip - a.gzip);

  console.log(`Initial JavaScript of "/" (gzip -9 of the build in ${STATIC_DIR}):`);
  for (const row of rows) {
    console.log(`  ${row.file.padEnd(48)} ${kb(row.gzip).toFixed(1).padStart(7)} KB  ${row.part}`);
  }
  const sum = (part: string) =>
    rows.filter((row) => row.part === part).reduce((total, row) => total + row.gzip, 0);
  const shellKb = kb(sum('entry + static imports'));
  const withDashboardKb = shellKb + kb(sum('Dashboard route (lazy)'));
  const verdict = (value: number) =>
    value <= INITIAL_JS_BUDGET_KB
      ? `within the ${INITIAL_JS_BUDGET_KB} KB budget`
      : `OVER the ${INITIAL_JS_BUDGET_KB} KB budget`;
  console.log(
    `  ${'entry chunk + static imports'.padEnd(48)} ${shellKb.toFixed(1).padStart(7)} KB  ${verdict(shellKb)}`,
  );
  console.log(
    `  ${'… + the Dashboard route, to show "/"'.padEnd(48)} ${withDashboardKb.toFixed(1).padStart(7)} KB  ${verdict(withDashboardKb)}`,
  );
  for (const file of workerScripts) {
    console.log(
      `  ${`sync worker ${file}`.padEnd(48)} ${kb(gzipped(file)).toFixed(1).padStart(7)} KB  off the main thread, not counted`,
    );
  }
  const css = [...boot].filter((file) => file.endsWith('.css'));
  const cssKb = kb(css.reduce((total, file) => total + gzipped(file), 0));
  console.log(`  ${'CSS'.padEnd(48)} ${cssKb.toFixed(1).padStart(7)} KB  not counted`);
}

// ── (a') the phone player's initial JavaScript ───────────────────────────────────────────────
function reportPlayerJavaScript() {
  const files = [...pageFiles(manifest, PLAYER_PAGE, { lazy: false })].filter((file) =>
    file.endsWith('.js'),
  );
  const total = kb(files.reduce((sum, file) => sum + gzipped(file), 0));
  const verdict =
    total <= PLAYER_JS_BUDGET_KB
      ? `within the ${PLAYER_JS_BUDGET_KB} KB budget`
      : `OVER the ${PLAYER_JS_BUDGET_KB} KB budget`;
  console.log(`\nInitial JavaScript of the phone player (/play, gzip -9):`);
  for (const file of files) {
    console.log(`  ${file.padEnd(48)} ${kb(gzipped(file)).toFixed(1).padStart(7)} KB`);
  }
  console.log(
    `  ${'the player, to show its first screen'.padEnd(48)} ${total.toFixed(1).padStart(7)} KB  ${verdict}`,
  );
}

// ── (b) FCP, LCP, TBT in Chromium ───────────────────────────────────────────────────────────
interface PageFigures {
  fcp: number;
  lcp: number;
  tbt: number;
  /** Script bytes that came over the network (0 for what the service worker served). */
  jsNetworkKb: number;
  /** The scripts the page asked for, by path. */
  scripts: string[];
}

declare global {
  interface Window {
    __pageBench?: { lcp: number; longTasks: Array<{ start: number; duration: number }> };
  }
}

/** Observers installed before any of the page's own scripts run. */
function observePerformance() {
  const figures = { lcp: 0, longTasks: [] as Array<{ start: number; duration: number }> };
  window.__pageBench = figures;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      figures.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask' });
}

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latencyMs,
    downloadThroughput: NETWORK.bytesPerSecond,
    uploadThroughput: NETWORK.bytesPerSecond,
  });
}

async function measure(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<PageFigures> {
  const page = await context.newPage();
  try {
    await throttle(page);
    await page.goto(url, { waitUntil: 'load' });
    await ready(page);
    // Settled: no long task for QUIET_MS (Lighthouse's TBT window ends at "time to interactive").
    await page.waitForFunction(
      (quietMs) => {
        const tasks = window.__pageBench?.longTasks ?? [];
        const last = tasks.at(-1);
        return performance.now() - (last ? last.start + last.duration : 0) >= quietMs;
      },
      QUIET_MS,
      { timeout: SETTLE_TIMEOUT_MS, polling: 250 },
    );
    return await page.evaluate((longTaskMs) => {
      const figures = window.__pageBench!;
      const fcp =
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const tbt = figures.longTasks
        .filter((task) => task.start + task.duration > fcp)
        .reduce((total, task) => total + Math.max(0, task.duration - longTaskMs), 0);
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .filter((entry) => new URL(entry.name).origin === location.origin);
      return {
        fcp,
        lcp: figures.lcp,
        tbt,
        jsNetworkKb: scripts.reduce((total, entry) => total + entry.transferSize, 0) / 1024,
        scripts: scripts.map((entry) => new URL(entry.name).pathname),
      };
    }, LONG_TASK_MS);
  } finally {
    await page.close();
  }
}

async function waitForServiceWorker(context: BrowserContext, origin: string) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/diagnostics`);
    await page.waitForFunction(
      () => navigator.serviceWorker.controller?.state === 'activated',
      null,
      {
        timeout: 30_000,
      },
    );
  } finally {
    await page.close();
  }
}

interface Scenario {
  label: string;
  path: string;
  session: string | null;
  ready: (page: Page) => Promise<void>;
}

async function newContext(browser: Browser, session: string | null) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(observePerformance);
  if (session) {
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: SESSION_KEY,
      value: session,
    });
  }
  return context;
}

async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'correct horse battery staple',
      name: 'Bench Organiser',
    }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  return JSON.stringify({ token, user });
}

reportInitialJavaScript();
reportPlayerJavaScript();

const api = await startApiServer({ env: { STATIC_DIR } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const session = await signUp(api.origin);
  const heading = (name: string) => async (page: Page) =>
    page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: SETTLE_TIMEOUT_MS });
  const scenarios: Scenario[] = [
    { label: '/ (guest)', path: '/', session: null, ready: heading('Welcome to Teamtrail') },
    {
      label: '/templates (signed in)',
      path: '/templates',
      session,
      ready: heading('Template Library'),
    },
  ];

  console.log(
    `\nPage loads in Chromium ${browser.version()}, 1440x900, network like Lighthouse desktop ` +
      `(${NETWORK.latencyMs} ms RTT, 10 Mbit/s), no CPU slow-down; median of ${RUNS} runs.`,
  );
  console.log(
    `  ${'page'.padEnd(24)} ${'cache'.padEnd(20)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)}  JS over network`,
  );
  let coldScripts: string[] = [];
  for (const scenario of scenarios) {
    const cold: PageFigures[] = [];
    const warm: PageFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await newContext(browser, scenario.session);
      try {
        cold.push(await measure(context, `${api.origin}${scenario.path}`, scenario.ready));
        await waitForServiceWorker(context, api.origin);
        warm.push(await measure(context, `${api.origin}${scenario.path}`, scenario.ready));
      } finally {
        await context.close();
      }
    }
    if (scenario.path === '/') coldScripts = cold[0]?.scripts ?? [];
    for (const [cache, runs] of [
      ['cold (new profile)', cold],
      ['warm (service worker)', warm],
    ] as const) {
      const median = (pick: (figures: PageFigures) => number) =>
        percentile(
          runs.map(pick).sort((a, b) => a - b),
          50,
        );
      const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
      console.log(
        `  ${scenario.label.padEnd(24)} ${cache.padEnd(20)} ${ms(median((f) => f.fcp))} ${ms(median((f) => f.lcp))} ${ms(median((f) => f.tbt))}  ${median((f) => f.jsNetworkKb).toFixed(0)} KB`,
      );
    }
  }

  // The same figure as (a), seen from the page: what it asked for before the Dashboard showed.
  const seen = coldScripts
    .map((pathname) => pathname.replace(/^\//, ''))
    .filter((file) => existsSync(path.join(STATIC_DIR, file)) && !file.includes('sync.worker'));
  const seenKb = kb(seen.reduce((total, file) => total + gzipped(file), 0));
  console.log(
    `\nScripts "/" loaded on its first visit until the Dashboard settled: ${seen.length} files, ` +
      `${seenKb.toFixed(1)} KB gzipped (the sync worker's script apart).`,
  );
} finally {
  await browser.close();
  await api.dispose();
}
