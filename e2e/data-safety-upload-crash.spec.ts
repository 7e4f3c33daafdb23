/**
 * Upload resume after a kill: a large file whose upload is cut off by the browser
 * being killed goes on from where the server has it when the browser starts again, instead of
 * starting over. A guest picks a 6 MB video for a task; the uplink to the server is slow (the
 * network proxy passes 512 KB/s on, e2e/support/networkCut.ts, which reaches the SharedWorker's
 * requests), so the file takes several chunks (UPLOAD_CHUNK_BYTES). Once the server holds some
 * of them but not all, Chromium — all its processes at once — is killed (SIGKILL, no unload).
 * Started again on the same profile, with the builder open, the upload resumes at the server's
 * offset and finishes by itself: the server receives fewer bytes in all than twice the file (the
 * first request after the kill starts at the server's offset, not at 0), the stored file is the
 * original byte for byte, the task shows it, and the header's upload indicator is idle.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Template } from '../src/domain/schemas';
import { UPLOAD_CHUNK_BYTES } from '../sync/uploadQueue';
import type { ApiServer } from './support/apiServer';
import { builderTest, firstTask } from './support/builder';
import {
  killChromium,
  pageOf,
  startChromium,
  type RunningBrowser,
} from './support/crashableChromium';
import { ONBOARDING_DONE_ITEMS } from './support/onboarding';

/** Six chunks. */
const VIDEO_BYTES = 6 * UPLOAD_CHUNK_BYTES;
/** The uplink while the first browser sends: the whole file would take 12 s. */
const SLOW_UPLINK_BYTES_PER_SECOND = 512 * 1024;
/** The browser is killed once the server holds at least this much of the file (two chunks). */
const KILL_AFTER_SERVER_HOLDS = 2 * UPLOAD_CHUNK_BYTES;
/** How far into the next chunk the browser has sent when it is killed. */
const KILL_INTO_CHUNK_BYTES = 256 * 1024;
/**
 * What the browser sends after it starts again besides the rest of the file: requests for the
 * app, syncing the template, asking the server's offset. Far less than one chunk.
 */
const OTHER_REQUESTS_BYTES = 256 * 1024;
/** A poll's limit, not a timing: the machine is slow and busy. */
const FINISH_TIMEOUT_MS = 120_000;

const test = builderTest.extend({
  baseURL: async ({ network }, use) => use(network.origin),
});

/**
 * A 6 MB MP4 as the server recognises one (an `ftyp` box naming a video brand, then an `mdat`
 * box), its media data random so that no two runs, or parts of it, are alike.
 */
function videoFile(size: number): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41', 'latin1'),
  ]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(size - ftyp.length);
  mdatHeader.write('mdat', 4, 'latin1');
  const media = Buffer.alloc(size - ftyp.length - mdatHeader.length);
  for (let i = 0; i < media.length; i += 4) media.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  return Buffer.concat([ftyp, mdatHeader, media]);
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Opens `route` as an organiser who has seen the builder's onboarding before. */
async function openAsOrganiser(page: Page, origin: string, route: string) {
  // Set again after every start: a killed browser may not have written local storage yet.
  await page.goto(`${origin}/`);
  await page.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, ONBOARDING_DONE_ITEMS);
  await page.goto(`${origin}${route}`);
}

/** The server's resumable uploads, by id: the `.json` files of DATA_DIR/upload-sessions. */
function serverUploadIds(api: ApiServer): string[] {
  try {
    return readdirSync(path.join(api.dataDir, 'upload-sessions'))
      .filter((name) => /^[0-9a-f-]{36}\.json$/.test(name))
      .map((name) => name.slice(0, -'.json'.length));
  } catch {
    return [];
  }
}

interface UploadState {
  offset: number;
  size: number;
  receiving: boolean;
  asset: { url: string } | null;
}

/** The server's answer about an upload (GET /v1/uploads/{id}), asked past the proxy. */
async function serverUpload(
  api: ApiServer,
  anonId: string,
  uploadId: string,
): Promise<UploadState | null> {
  const response = await fetch(`${api.origin}/v1/uploads/${uploadId}`, {
    headers: { anonid: anonId },
  }).catch(() => null);
  return response?.ok ? ((await response.json()) as UploadState) : null;
}

/** The guest's template as the server holds it, read past the proxy; null while absent. */
async function serverTemplate(api: ApiServer, anonId: string, id: string) {
  const response = await fetch(`${api.origin}/v1/templates/${id}`, {
    headers: { anonid: anonId },
  }).catch(() => null);
  return response?.ok ? ((await response.json()) as Template) : null;
}

/**
 * Watches what the browser sends for chunks of an upload (`PATCH /v1/uploads/{id}` with its
 * `Upload-Offset` header) and keeps the offsets they start at, in order. Pieces are read with
 * the end of the one before, so a header cut in two is still found, and found once.
 */
function chunkOffsets(uploadId: string) {
  const offsets: number[] = [];
  const pattern = new RegExp(
    `PATCH /v1/uploads/${uploadId} HTTP/1\\.1\\r\\n(?:[^\\r\\n]*\\r\\n)*?upload-offset: *(\\d+)\\r\\n`,
    'gi',
  );
  let carry = '';
  return {
    offsets,
    take(piece: Buffer) {
      const text = carry + piece.toString('latin1');
      for (const match of text.matchAll(pattern)) {
        // A match that ends inside the carried text was counted with the piece before.
        if (match.index + match[0].length > carry.length) offsets.push(Number(match[1]));
      }
      carry = text.slice(-4096);
    },
  };
}

// The test starts its own API server (embedded PGlite) and Chromium twice, on a busy machine.
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('a large upload cut off by the browser being killed resumes where the server has it, not from the start', async ({
  api,
  network,
}) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'teamtrail-upload-crash-'));
  const profile = path.join(folder, 'profile');
  const video = videoFile(VIDEO_BYTES);
  const videoPath = path.join(folder, 'lighthouse-tour.mp4');
  writeFileSync(videoPath, video);
  let running: RunningBrowser | null = null;
  try {
    running = await startChromium(profile);
    let page = await pageOf(running);
    await openAsOrganiser(page, network.origin, '/builder');
    await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}/, { timeout: 30_000 });
    const id = /\/builder\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page.goto(`${network.origin}/builder/${id}/tasks`);
    const anonId = (await page.context().cookies()).find((c) => c.name === 'wgAnonId')?.value;
    expect(anonId).toMatch(/^[0-9a-f-]{36}$/);
    // The activity is on the server: files wait for that.
    await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 30_000 });
    const stepId = (await serverTemplate(api, anonId!, id))?.steps[0]?.id;
    expect(stepId).toBeTruthy();

    let uploadId = '';
    let offsetAtKill = 0;
    let sentBeforeKill = 0;
    await test.step('the video is picked on a slow uplink; killed once the server holds two of its six chunks', async () => {
      network.throttle(SLOW_UPLINK_BYTES_PER_SECOND);
      const card = await firstTask(page);
      await card.locator('input[type="file"]').setInputFiles(
        { name: 'lighthouse-tour.mp4', mimeType: 'video/mp4', buffer: video },
        // Six megabytes over the DevTools protocol, then into IndexedDB: slow on a busy machine.
        { timeout: 60_000 },
      );
      await expect(card.getByTestId('media-uploading')).toContainText('lighthouse-tour.mp4');

      await expect
        .poll(() => serverUploadIds(api).length, { timeout: 60_000, intervals: [100] })
        .toBe(1);
      uploadId = serverUploadIds(api)[0]!;
      await expect
        .poll(async () => (await serverUpload(api, anonId!, uploadId))?.offset ?? 0, {
          timeout: 60_000,
          intervals: [100],
        })
        .toBeGreaterThanOrEqual(KILL_AFTER_SERVER_HOLDS);
      // In the middle of the next chunk: some of it has gone out.
      const sentAtTwoChunks = network.sentBytes;
      await expect
        .poll(() => network.sentBytes, { timeout: 30_000, intervals: [50] })
        .toBeGreaterThanOrEqual(sentAtTwoChunks + KILL_INTO_CHUNK_BYTES);
      await killChromium(running!);
      sentBeforeKill = network.sentBytes;
      await running!.browser.close().catch(() => undefined);
      running = null;

      // The server has seen the cut-off request end (what arrived of it is kept).
      await expect
        .poll(async () => (await serverUpload(api, anonId!, uploadId))?.receiving, {
          timeout: 30_000,
        })
        .toBe(false);
      const atKill = (await serverUpload(api, anonId!, uploadId))!;
      offsetAtKill = atKill.offset;
      expect(atKill.asset, 'killed before the last chunk').toBeNull();
      expect(offsetAtKill).toBeGreaterThanOrEqual(KILL_AFTER_SERVER_HOLDS);
      expect(offsetAtKill).toBeLessThan(VIDEO_BYTES);
    });

    await test.step('started again on the same profile, the upload resumes at the server’s offset and finishes by itself', async () => {
      network.throttle(null);
      const sentAtRestart = network.sentBytes;
      const chunks = chunkOffsets(uploadId);
      const stopWatching = network.onSend((piece) => chunks.take(piece));
      try {
        const restartedAt = Date.now();
        running = await startChromium(profile);
        page = await pageOf(running);
        await openAsOrganiser(page, network.origin, `/builder/${id}/tasks`);

        await expect
          .poll(
            async () =>
              (await serverTemplate(api, anonId!, id))?.steps.find((s) => s.id === stepId)?.media
                ?.filename ?? null,
            { timeout: FINISH_TIMEOUT_MS },
          )
          .toBe('lighthouse-tour.mp4');
        const sentAfterRestart = network.sentBytes - sentAtRestart;
        test.info().annotations.push({
          type: 'bytes',
          description:
            `file ${VIDEO_BYTES}; sent until the kill ${sentBeforeKill} (until the restart, with ` +
            `what was on its way, ${sentAtRestart}); server offset at the ` +
            `kill ${offsetAtKill}; chunks after the restart at ${chunks.offsets.join(', ')}; ` +
            `sent after the restart ${sentAfterRestart}; in all ${network.sentBytes}; ` +
            `finished ${Date.now() - restartedAt} ms after the restart`,
        });
        console.log(test.info().annotations.at(-1)?.description);

        expect(
          chunks.offsets[0],
          'the first chunk after the kill starts at the server’s offset',
        ).toBe(offsetAtKill);
        expect(sentAfterRestart, 'only the rest of the file is sent again').toBeLessThan(
          VIDEO_BYTES - offsetAtKill + OTHER_REQUESTS_BYTES,
        );
        expect(network.sentBytes, 'less than twice the file in all').toBeLessThan(2 * VIDEO_BYTES);
        expect(serverUploadIds(api), 'the same upload went on; none was started anew').toEqual([
          uploadId,
        ]);
      } finally {
        stopWatching();
      }
    });

    await test.step('the stored file is the original, the task shows it, the indicator is idle', async () => {
      const media = (await serverTemplate(api, anonId!, id))!.steps.find(
        (s) => s.id === stepId,
      )!.media!;
      const stored = await fetch(`${api.origin}${media.url}`);
      expect(stored.status).toBe(200);
      expect(sha256(Buffer.from(await stored.arrayBuffer()))).toBe(sha256(video));

      const card = await firstTask(page);
      await expect(card.getByTestId('media-preview')).toContainText('lighthouse-tour.mp4', {
        timeout: 30_000,
      });
      const indicator = page.getByTestId('sync-indicator');
      await expect(indicator).toHaveAttribute('data-uploads-waiting', '0');
      await expect(indicator).toHaveAttribute('data-tone', 'synced', { timeout: 30_000 });
      await expect(page.getByText('All changes synced')).toBeVisible();
    });
  } finally {
    if (running) {
      await killChromium(running);
      await running.browser.close().catch(() => undefined);
    }
    network.throttle(null);
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
