/**
 * Helpers for the Activity Builder journeys in the built app: a test of its own with an API
 * server that can be stopped (the only "offline" a SharedWorker's requests obey) behind a shell
 * server for the build, PNG files made in the test, the task card's fields, and the server's
 * copy of a guest's template read with the page's own identity.
 */
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Template } from '../../src/domain/schemas';
import { stepTypeLabel } from '../../src/domain/stepTypes';
import { challengeResponseLine } from '../../src/domain/taskPreview';
import { STEP_TYPE_SELECTOR_LABELS } from '../../src/domain/taskTypeChange';
import { test as serverTest } from './fixtures';
import { onboardingDoneState } from './onboarding';
import { startShellServer } from './shellServer';

/** The build under test (`STATIC_DIR`, as the Playwright config serves it). */
export const BUILT_APP = path.resolve(process.env.STATIC_DIR ?? 'dist');

/**
 * Each test gets its own API server and a shell server serving the built app in front of it; the
 * page's origin is the shell's, with the builder's onboarding already seen.
 */
export const builderTest = serverTest.extend({
  // The sync journeys' fixture serves the harness; the builder journeys serve the app itself.
  shell: async ({ api }, use) => {
    const shell = await startShellServer({ root: BUILT_APP, apiOrigin: api.origin });
    try {
      await use(shell);
    } finally {
      await shell.close();
    }
  },
  baseURL: async ({ shell }, use) => use(shell.origin),
  storageState: async ({ shell }, use) => use(onboardingDoneState(shell.origin)),
});

// ---------------------------------------------------------------------------------------------
// PNG files

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = readonly [number, number, number];

/**
 * An RGB PNG of `width`x`height`: `left` on the left half and `right` on the right, so a broken
 * or stretched rendering is visible in a screenshot.
 */
export function pngBuffer(width: number, height: number, left: Rgb, right: Rgb = left): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(x < width / 2 ? left : right, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngFile = (name: string, width: number, height: number, left: Rgb, right?: Rgb) => ({
  name,
  mimeType: 'image/png',
  buffer: pngBuffer(width, height, left, right),
});

// ---------------------------------------------------------------------------------------------
// Tasks

export type JourneyTask =
  | { type: 'freeText'; name: string; text: string; answer: string; points: number }
  | {
      type: 'multipleChoice';
      name: string;
      text: string;
      answers: readonly string[];
      /** Index of the correct answer in `answers`. */
      correct: number;
      points: number;
    }
  | { type: 'photoChallenge' | 'videoChallenge'; name: string; text: string; points: number };

/** The collapsed card's overview line: the type's label and the Response line (SPEC §4). */
export function overviewLine(task: JourneyTask): string {
  const response =
    task.type === 'freeText'
      ? task.answer
      : task.type === 'multipleChoice'
        ? (task.answers[task.correct] ?? '')
        : challengeResponseLine(task.type);
  return `${stepTypeLabel(task.type)} · Response: ${response}`;
}

export const taskCards = (page: Page) => page.getByTestId('task-card');

/**
 * Dispatches `beforeunload` as the browser would on leaving: does the page ask to stay? It does
 * exactly while a typed value is not in IndexedDB yet (the builder's leave-page guard).
 */
export function leavingIsWarned(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    return leaving.defaultPrevented;
  });
}

/** The first task card, expanded (cards open collapsed after a reload). */
export async function firstTask(page: Page): Promise<Locator> {
  const card = taskCards(page).first();
  const header = card.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  return card;
}

/** Fills an expanded task card's fields, the type first (a type change resets the answers). */
export async function fillTaskCard(card: Locator, task: JourneyTask) {
  await card.getByLabel('Task name').fill(task.name);
  await card.getByLabel('Task type').selectOption({ label: STEP_TYPE_SELECTOR_LABELS[task.type] });
  const challenge = task.type === 'photoChallenge' || task.type === 'videoChallenge';
  await card.getByLabel(challenge ? 'Challenge' : 'Question', { exact: true }).fill(task.text);
  if (task.type === 'freeText') {
    await card.getByLabel('Answer', { exact: true }).fill(task.answer);
  } else if (task.type === 'multipleChoice') {
    for (const [i, value] of task.answers.entries()) {
      await card.getByLabel(`Answer ${i + 1}`, { exact: true }).fill(value);
    }
    await card.getByLabel(`Answer ${task.correct + 1} is the correct answer`).check();
  }
  const points = card.getByLabel('Points');
  await points.fill(String(task.points));
  await points.blur();
  await expect(points).toHaveValue(String(task.points));
}

/** Checks an expanded card shows what `fillTaskCard` typed. */
export async function expectTaskCard(card: Locator, task: JourneyTask) {
  await expect(card.getByLabel('Task name')).toHaveValue(task.name);
  await expect(card.getByLabel('Task type')).toHaveValue(task.type);
  const challenge = task.type === 'photoChallenge' || task.type === 'videoChallenge';
  await expect(card.getByLabel(challenge ? 'Challenge' : 'Question', { exact: true })).toHaveValue(
    task.text,
  );
  if (task.type === 'freeText') {
    await expect(card.getByLabel('Answer', { exact: true })).toHaveValue(task.answer);
  } else if (task.type === 'multipleChoice') {
    for (const [i, value] of task.answers.entries()) {
      await expect(card.getByLabel(`Answer ${i + 1}`, { exact: true })).toHaveValue(value);
      const correct = card.getByLabel(`Answer ${i + 1} is the correct answer`);
      if (i === task.correct) await expect(correct).toBeChecked();
      else await expect(correct).not.toBeChecked();
    }
  }
  await expect(card.getByLabel('Points')).toHaveValue(String(task.points));
}

// ---------------------------------------------------------------------------------------------
// The server's copy

/** The guest's anonymous id, as the app keeps it (cookie wgAnonId). */
export async function guestAnonId(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'wgAnonId');
  if (!cookie) throw new Error('The app has not stored the guest’s wgAnonId cookie.');
  return cookie.value;
}

/**
 * GET /v1/templates/{id} as the page's guest: `page.request` carries the page's cookies, and the
 * server knows a guest by the AnonId header the app sends from its wgAnonId cookie.
 */
export async function serverTemplate(page: Page, id: string): Promise<Template | null> {
  const response = await page.request
    .get(`/v1/templates/${id}`, { headers: { anonid: await guestAnonId(page) } })
    .catch(() => null);
  if (!response?.ok()) return null;
  return (await response.json()) as Template;
}
