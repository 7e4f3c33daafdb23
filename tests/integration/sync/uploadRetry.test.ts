/**
 * The upload queue never idles with work in it. A file waiting for its next attempt is
 * sent when that attempt comes due, with nothing else nudging the engine; a reconnect can make
 * it due at once (retryUploadsNow); a file left 'uploading' by a worker that died goes again;
 * and a file whose template the server refused does not keep the engine spinning.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { UploadDoc } from '../../../src/localdb/schemas/uploads';
import {
  createUploadRepository,
  UPLOAD_ATTACHMENT_ID,
} from '../../../src/localdb/uploadRepository';
import { retryUploadsNow } from '../../../sync/uploadQueue';
import { sampleContent, useSyncSuite, waitFor, type Client } from './harness';

const suite = useSyncSuite();

const png = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 120, height: 40, channels: 4, background: '#0393E3' } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: 'image/png' },
  );

const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * A logo upload record in the given state, its file written next to it. It is written as
 * 'failed' (which the queue leaves alone) and then moved to the state, so that the engine
 * never sees it half-made.
 */
async function logoUpload(
  c: Client,
  templateId: string,
  state: Pick<UploadDoc, 'status' | 'attempts' | 'nextAttemptAt'>,
): Promise<string> {
  const file = await png();
  const doc = await c.db.uploads.insert({
    id: randomUUID(),
    owner: c.owner(),
    templateId,
    stepId: null,
    purpose: 'logo',
    filename: 'logo.png',
    mimeType: 'image/png',
    size: file.size,
    status: 'failed',
    attempts: 0,
    nextAttemptAt: null,
    errorMessage: null,
    asset: null,
    createdAt: new Date().toISOString(),
  });
  await doc.putAttachment({
    id: UPLOAD_ATTACHMENT_ID,
    data: file,
    type: 'image/png',
  });
  await doc.incrementalPatch(state);
  return doc.id;
}

const logoOf = async (c: Client, templateId: string) =>
  (await c.db.templates.findOne(templateId).exec())?.content.branding.logo ?? null;

/** Requests that carried the file (a logo is one chunk): the chunks of its resumable upload. */
const logoPosts = (c: Client) =>
  c.network.requests.filter((r) => r.method === 'PATCH' && r.url.includes('/v1/uploads/'));

describe('the upload queue schedules itself', () => {
  it('a file whose next attempt is still ahead is sent when it comes due, with nothing else nudging the queue', async () => {
    const c = await suite.client();
    const template = await c.repo.create(c.owner(), sampleContent('Branded'));
    await c.engine.whenIdle();
    const id = await logoUpload(c, template.id, {
      status: 'queued',
      attempts: 2,
      nextAttemptAt: inFuture(400),
    });
    await waitFor('the logo in the template', async () => (await logoOf(c, template.id)) !== null);
    await waitFor(
      'the sent file gone from the device',
      async () => !(await c.db.uploads.findOne(id).exec()),
    );
    expect(logoPosts(c).map((r) => r.status)).toEqual([201]);
  });

  it('a file that failed on the network goes by itself once the network is back, without an online notice', async () => {
    const c = await suite.client();
    const template = await c.repo.create(c.owner(), sampleContent('Branded'));
    await c.engine.whenIdle();
    c.network.offline = true;
    const queued = await createUploadRepository(c.db).queue({
      owner: c.owner(),
      templateId: template.id,
      stepId: null,
      purpose: 'logo',
      file: await png(),
      filename: 'logo.png',
    });
    await waitFor(
      'two failed attempts',
      async () => ((await c.db.uploads.findOne(queued.id).exec())?.attempts ?? 0) >= 2,
    );
    c.network.offline = false;
    await waitFor('the logo in the template', async () => (await logoOf(c, template.id)) !== null);
    expect(logoPosts(c).filter((r) => r.status !== 'network-error')).toHaveLength(1);
  });

  it('while the network is down, the engine does not report itself online between attempts at a file', async () => {
    const c = await suite.client();
    const template = await c.repo.create(c.owner(), sampleContent('Branded'));
    await c.engine.whenIdle();
    c.network.offline = true;
    const online: boolean[] = [];
    const unsubscribe = c.engine.subscribe((status) => online.push(status.online));
    const queued = await createUploadRepository(c.db).queue({
      owner: c.owner(),
      templateId: template.id,
      stepId: null,
      purpose: 'logo',
      file: await png(),
      filename: 'logo.png',
    });
    await waitFor(
      'three failed attempts',
      async () => ((await c.db.uploads.findOne(queued.id).exec())?.attempts ?? 0) >= 3,
    );
    unsubscribe();
    // Once it knows it is offline, only an answer from the server may say otherwise.
    const sinceOffline = online.slice(online.indexOf(false));
    expect(sinceOffline.length).toBeGreaterThan(0);
    expect(sinceOffline).not.toContain(true);
  });

  it('retryUploadsNow (a reconnect) sends a file backed off for an hour at once', async () => {
    const c = await suite.client();
    const template = await c.repo.create(c.owner(), sampleContent('Branded'));
    await c.engine.whenIdle();
    const id = await logoUpload(c, template.id, {
      status: 'queued',
      attempts: 9,
      nextAttemptAt: inFuture(60 * 60_000),
    });
    // The engine has looked at it and set its timer for the hour.
    await waitFor('a pass over the queue', () => c.engine.getStatus().uploadsQueued === 1);
    expect(await retryUploadsNow(c.db, c.owner())).toBe(1);
    await waitFor('the logo in the template', async () => (await logoOf(c, template.id)) !== null);
    await waitFor(
      'the sent file gone from the device',
      async () => !(await c.db.uploads.findOne(id).exec()),
    );
  });

  it("a file left 'uploading' by a worker that died is sent again once its lease ends, once", async () => {
    const c = await suite.client({ start: false });
    const template = await c.repo.create(c.owner(), sampleContent('Branded'));
    await c.engine.start();
    await c.engine.whenIdle();
    await c.engine.stop();
    // What a worker killed mid-request leaves: 'uploading', with a lease it no longer renews.
    await logoUpload(c, template.id, {
      status: 'uploading',
      attempts: 0,
      nextAttemptAt: inFuture(300),
    });
    await c.restartEngine();
    await waitFor('the logo in the template', async () => (await logoOf(c, template.id)) !== null);
    expect(logoPosts(c).map((r) => r.status)).toEqual([201]);
  });

  it('a file whose template the server refused waits without keeping the engine busy', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    // A guest cannot make location games (SPEC §6): the create is refused, the template stays here.
    const refused = await c.repo.create(c.owner(), {
      ...sampleContent('Treasure hunt'),
      gameType: 'location',
    });
    const queued = await createUploadRepository(c.db).queue({
      owner: c.owner(),
      templateId: refused.id,
      stepId: null,
      purpose: 'logo',
      file: await png(),
      filename: 'logo.png',
    });
    // Idle: no cycle running and no timer set, though the file waits.
    await c.engine.whenIdle(5_000);
    expect((await c.db.templates.findOne(refused.id).exec())?.syncState).toBe('error');
    expect((await c.db.uploads.findOne(queued.id).exec())?.status).toBe('queued');
    expect(logoPosts(c)).toEqual([]);
  });
});
