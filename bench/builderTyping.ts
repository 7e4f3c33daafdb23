/**
 * Builder typing (issue 7 "Budgets"): typing in a task field stays responsive with 30 tasks,
 * input-to-paint p99 under 50 ms in Chromium. A guest's 30-task quiz is made through the API
 * (as another device of theirs would) and reaches the builder by sync; the builder's tasks
 * screen types a question into the first task and a name into the last, and the Event Timing
 * API gives each keystroke's time from the key event to the next paint. Once as this machine
 * runs, once with the CPU slowed four times (organisers' laptops are slower than this one),
 * each beside the same typing into a bare textarea, since a shared machine's load moves them all.
 * Uses the build in STATIC_DIR (default dist/), building it first if it is missing. Prints,
 * never asserts.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { build } from 'vite';
import { startApiServer } from '../e2e/support/apiServer';
import { ONBOARDING_DONE_ITEMS } from '../e2e/support/onboarding';
import { ANON_ID_COOKIE, LAST_TEMPLATE_ID_COOKIE } from '../src/domain/constants';
import type { Step } from '../src/domain/schemas';
import { percentile, sampleStep } from './support';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const STATIC_DIR = path.resolve(REPO_ROOT, process.env.STATIC_DIR ?? 'dist');
const TASKS = 30;
/** Issue 7: input-to-paint p99 of typing in a task field. */
const BUDGET_MS = 50;
/** The smallest threshold the Event Timing API allows: shorter keystrokes are not reported. */
const EVENT_THRESHOLD_MS = 16;
/** Between key down and key up, and so roughly between keystrokes: a fast typist. */
const KEY_DELAY_MS = 30;
/**
 * A typist's pause after a comma or a full stop. Longer than the task card's write debounce
 * (300 ms, useStepDraft), so the text is written to the template and the screen re-renders
 * while typing goes on, as it does for an organiser; without pauses nothing would be written
 * until the end and the figure would leave that work out.
 */
const PAUSE_MS = 350;
const LOAD_TIMEOUT_MS = 60_000;
const QUESTION =
  'Our first office opened in 1998 above a bakery on Mill Street, and the smell of fresh bread ' +
  'still comes up in every story about those days. Which neighbouring shop lent the founders ' +
  'the chairs for the very first team meeting?';
const TASK_NAME = 'Borrowed chairs, fresh bread and the Mill Street office';
const KEY_EVENTS = ['keydown', 'keypress', 'input', 'keyup'];

interface TimedEvent {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
}

declare global {
  interface Window {
    __typingBench?: TimedEvent[];
  }
}

/** Installed before the page's own scripts, so no keystroke is missed. */
function observeEventTiming({ names, threshold }: { names: string[]; threshold: number }) {
  const events: TimedEvent[] = [];
  window.__typingBench = events;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!names.includes(entry.name)) continue;
      const { name, interactionId, startTime, duration } = entry;
      events.push({ name, interactionId, startTime, duration });
    }
    // durationThreshold is not in TypeScript's PerformanceObserverInit yet.
  }).observe({
    type: 'event',
    durationThreshold: threshold,
    buffered: true,
  } as PerformanceObserverInit);
}

/** A quiz as organisers make them: multiple choice, free text and photo challenges in turn. */
function quizSteps(count: number): Step[] {
  return Array.from({ length: count }, (_, index) => {
    const step = sampleStep(index + 1);
    switch (index % 3) {
      case 1:
        return {
          ...step,
          type: 'freeText',
          text: `Which year did the team celebrate milestone ${index + 1}?`,
          answers: [{ id: randomUUID(), value: String(2000 + index), correct: true }],
        };
      case 2:
        return {
          ...step,
          type: 'photoChallenge',
          text: `Take a photo of your team recreating moment ${index + 1} of our history.`,
          answers: [],
          points: 30,
        };
      default:
        return step;
    }
  });
}

async function createGuestQuiz(origin: string, anonId: string, name: string): Promise<string> {
  const response = await fetch(`${origin}/v1/templates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', AnonId: anonId },
    body: JSON.stringify({ name, steps: quizSteps(TASKS), duration: 30 }),
  });
  if (!response.ok) {
    throw new Error(`Creating the quiz failed: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
}

/** Types `text` a phrase at a time and answers the keystrokes typed and the typing's time span. */
async function typePhrases(page: Page, text: string) {
  const start = await page.evaluate(() => performance.now());
  for (const phrase of text.split(/(?<=[,.?] )/)) {
    await page.keyboard.type(phrase, { delay: KEY_DELAY_MS });
    await page.waitForTimeout(PAUSE_MS);
  }
  // Event Timing entries are reported after their paint; give the last ones time to arrive.
  await page.waitForTimeout(500);
  const end = await page.evaluate(() => performance.now());
  return { keystrokes: text.length, start, end };
}

interface Typing {
  field: string;
  keystrokes: number;
  /** Input-to-paint per interaction, for those at or over the threshold. */
  reported: number[];
}

async function interactionsBetween(page: Page, start: number, end: number): Promise<number[]> {
  const events = await page.evaluate(() => window.__typingBench ?? []);
  // keydown, keypress and keyup of one keystroke share an interactionId; the keystroke waited as
  // long as the slowest of them. An 'input' event without an id ran inside its keydown's task
  // and ends at the same paint, so it never holds a keystroke longer.
  const byInteraction = new Map<number, number>();
  for (const event of events) {
    if (event.interactionId === 0 || event.startTime < start || event.startTime > end) continue;
    byInteraction.set(
      event.interactionId,
      Math.max(byInteraction.get(event.interactionId) ?? 0, event.duration),
    );
  }
  return [...byInteraction.values()];
}

async function typeInto(page: Page, field: string, input: Locator, text: string): Promise<Typing> {
  await input.fill('');
  await input.click();
  await page.waitForTimeout(PAUSE_MS * 2); // the emptied field is written first
  const { keystrokes, start, end } = await typePhrases(page, text);
  if ((await input.inputValue()) !== text) throw new Error(`${field}: the text did not arrive.`);
  return { field, keystrokes, reported: await interactionsBetween(page, start, end) };
}

async function slowCpu(page: Page, cpuSlowdown: number) {
  if (cpuSlowdown === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * The same typing into a bare textarea on an empty page: what this browser on this machine takes
 * at the least (a headless frame every 16.7 ms; other processes' load), to read the figures by.
 */
async function measureFloor(browser: Browser, cpuSlowdown: number): Promise<Typing> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.setContent('<textarea aria-label="Floor" rows="4" cols="80"></textarea>');
    await page.evaluate(observeEventTiming, { names: KEY_EVENTS, threshold: EVENT_THRESHOLD_MS });
    await slowCpu(page, cpuSlowdown);
    return await typeInto(page, 'bare textarea (floor)', page.getByLabel('Floor'), QUESTION);
  } finally {
    await page.close();
  }
}

async function measureTyping(
  browser: Browser,
  origin: string,
  anonId: string,
  cpuSlowdown: number,
): Promise<Typing[]> {
  const templateId = await createGuestQuiz(
    origin,
    anonId,
    `Company history quiz (x${cpuSlowdown})`,
  );
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    // The builder's tutorial video and tours would cover the tasks screen.
    storageState: { cookies: [], origins: [{ origin, localStorage: [...ONBOARDING_DONE_ITEMS] }] },
  });
  try {
    await context.addCookies([
      { name: ANON_ID_COOKIE.name, value: anonId, url: origin },
      { name: LAST_TEMPLATE_ID_COOKIE.name, value: templateId, url: origin },
    ]);
    await context.addInitScript(observeEventTiming, {
      names: KEY_EVENTS,
      threshold: EVENT_THRESHOLD_MS,
    });
    const page = await context.newPage();
    // The quiz is not on this new device yet: the builder opens it as soon as sync brings it.
    await page.goto(`${origin}/builder/${templateId}/tasks`);
    const cards = page.getByTestId('task-card');
    await cards.nth(TASKS - 1).waitFor({ timeout: LOAD_TIMEOUT_MS });
    if ((await cards.count()) !== TASKS) throw new Error(`Expected ${TASKS} task cards.`);

    await slowCpu(page, cpuSlowdown);

    const first = cards.first();
    await first.locator('[aria-expanded]').click();
    const question = await typeInto(
      page,
      'question, task 1',
      first.getByLabel('Question', { exact: true }),
      QUESTION,
    );

    const last = cards.nth(TASKS - 1);
    await last.locator('[aria-expanded="false"]').click();
    const name = await typeInto(
      page,
      `task name, task ${TASKS}`,
      last.getByLabel('Task name'),
      TASK_NAME,
    );
    return [question, name];
  } finally {
    await context.close();
  }
}

/** One line per figure: keystrokes under the threshold were not reported, and count as under it. */
function report(label: string, typings: readonly Typing[]) {
  const keystrokes = typings.reduce((total, typing) => total + typing.keystrokes, 0);
  const reported = typings.flatMap((typing) => typing.reported);
  const unreported = Math.max(0, keystrokes - reported.length);
  const sorted = [...Array<number>(unreported).fill(0), ...reported].sort((a, b) => a - b);
  const ms = (value: number) =>
    (value < EVENT_THRESHOLD_MS ? `<${EVENT_THRESHOLD_MS} ms` : `${value.toFixed(0)} ms`).padStart(
      7,
    );
  const p99 = percentile(sorted, 99);
  console.log(
    `${label.padEnd(46)} p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  ` +
      `p99 ${ms(p99)}  max ${ms(sorted.at(-1) ?? 0)}  (${keystrokes} keystrokes, ` +
      `${reported.length} at ${EVENT_THRESHOLD_MS} ms or more)  ` +
      `p99 ${p99 < BUDGET_MS ? 'under' : 'OVER'} ${BUDGET_MS} ms`,
  );
}

if (!existsSync(path.join(STATIC_DIR, 'index.html'))) {
  console.log(`No build in ${STATIC_DIR}: building it.`);
  await build({
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    build: { outDir: STATIC_DIR, emptyOutDir: true },
    logLevel: 'error',
  });
}

const api = await startApiServer({ env: { STATIC_DIR } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const anonId = randomUUID();
  console.log(
    `Builder typing in Chromium ${browser.version()}, 1440x900, a guest's ${TASKS}-task quiz: ` +
      `input-to-paint per keystroke (Event Timing), ${KEY_DELAY_MS} ms key delay, ` +
      `${PAUSE_MS} ms pauses at commas and full stops.`,
  );
  for (const cpuSlowdown of [1, 4]) {
    const typings = await measureTyping(browser, api.origin, anonId, cpuSlowdown);
    const label =
      cpuSlowdown === 1 ? 'typing, no CPU slow-down' : `typing, CPU slowed x${cpuSlowdown}`;
    report(label, typings);
    for (const typing of typings) report(`  ${typing.field}`, [typing]);
    const floor = await measureFloor(browser, cpuSlowdown);
    report(`  ${floor.field}`, [floor]);
  }
} finally {
  await browser.close();
  await api.dispose();
}
