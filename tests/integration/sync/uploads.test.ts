/**
 * The upload queue (docs/sync.md "Uploads"): files picked offline are kept on the device and
 * sent when the template exists on the server; refused files stop with the server's message;
 * removing a queued upload cancels it.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createUploadRepository } from '../../../src/localdb/uploadRepository';
import { sampleContent, serverTemplate, useSyncSuite, type ClientOptions } from './harness';

const suite = useSyncSuite();
const client = (options: Partial<ClientOptions> = {}) => suite.client(options);

const png = async (width: number, height: number) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 4, background: '#FF6800' } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: 'image/png',
    },
  );

async function waitForValue<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // Only the pause between two looks at the value: nothing tells when it is there.
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('upload queue', () => {
  it('a logo picked offline is kept on the device, sent when back online, and put into the template', async () => {
    const c = await client();
    const uploads = createUploadRepository(c.db);
    const template = await c.repo.create(c.owner(), sampleContent('Branded'));
    await c.engine.whenIdle();
    c.network.offline = true;
    c.engine.notify('offline');
    const queued = await uploads.queue({
      owner: c.owner(),
      templateId: template.id,
      stepId: null,
      purpose: 'logo',
      file: await png(560, 120),
      filename: 'logo.png',
    });
    expect(await uploads.localFile(queued.id)).not.toBeNull();
    // Tried and failed offline: back in the queue with the reason, not lost nor given up on.
    // (In between, an attempt under way shows 'uploading'.)
    await waitForValue(async () => {
      const doc = await c.db.uploads.findOne(queued.id).exec();
      return doc?.status === 'queued' && doc.attempts > 0 ? doc : null;
    }, 'the failed attempt put back in the queue');

    c.network.offline = false;
    c.engine.notify('online');
    const logoUrl = await waitForValue(
      async () => (await c.db.templates.findOne(template.id).exec())?.content.branding.logo?.url,
      'the logo in the template',
    );
    expect(logoUrl).toMatch(/^\/uploads\/templates\/.+\.png$/);
    await c.engine.whenIdle();
    expect((await serverTemplate(suite.live, c, template.id)).body.branding.logo.url).toBe(logoUrl);
    // Sent and applied: the local copy of the file is no longer needed.
    expect(await c.db.uploads.findOne(queued.id).exec()).toBeNull();
    // Served fitted into 280x60 (SPEC §9).
    const served = await suite.live.server.request({ url: logoUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 280, height: 60 });
  });

  it("a task's media waits until its template exists on the server, then lands in the task", async () => {
    const c = await client();
    c.network.offline = true;
    const content = sampleContent('Media quiz');
    const template = await c.repo.create(c.owner(), content);
    const stepId = content.steps[0]!.id;
    await createUploadRepository(c.db).queue({
      owner: c.owner(),
      templateId: template.id,
      stepId,
      purpose: 'media',
      file: await png(64, 64),
      filename: 'clue.png',
    });
    c.network.offline = false;
    c.engine.notify('online');
    const media = await waitForValue(
      async () => (await c.db.templates.findOne(template.id).exec())?.content.steps[0]?.media,
      'the media in the task',
    );
    expect(media).toMatchObject({ mimeType: 'image/png', filename: 'clue.png' });
    await c.engine.whenIdle();
    expect((await serverTemplate(suite.live, c, template.id)).body.steps[0].media.url).toBe(
      media.url,
    );
  });

  it("a file the server refuses stops with the server's errorMessage and is not retried", async () => {
    const c = await client();
    const template = await c.repo.create(c.owner(), sampleContent());
    await c.engine.whenIdle();
    const fake = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    const queued = await createUploadRepository(c.db).queue({
      owner: c.owner(),
      templateId: template.id,
      stepId: null,
      purpose: 'logo',
      file: fake,
      filename: 'logo.png',
    });
    const failed = await waitForValue(async () => {
      const doc = await c.db.uploads.findOne(queued.id).exec();
      return doc?.status === 'failed' ? doc : null;
    }, 'the upload to fail');
    expect(failed.errorMessage).toMatch(/PNG/);
    await c.engine.syncNow();
    expect((await c.db.uploads.findOne(queued.id).exec())?.attempts).toBe(1);
    expect((await c.db.templates.findOne(template.id).exec())?.content.branding.logo).toBeNull();
  });

  it('removing a queued upload cancels it: nothing is sent', async () => {
    const c = await client();
    const template = await c.repo.create(c.owner(), sampleContent());
    await c.engine.whenIdle();
    c.network.offline = true;
    const uploads = createUploadRepository(c.db);
    const queued = await uploads.queue({
      owner: c.owner(),
      templateId: template.id,
      stepId: null,
      purpose: 'logo',
      file: await png(100, 40),
      filename: 'logo.png',
    });
    await uploads.remove(queued.id);
    c.network.offline = false;
    await c.engine.syncNow();
    expect(
      c.network.requests.some(
        (r) => r.url.includes('/branding/logo') || r.url.includes('/v1/uploads'),
      ),
    ).toBe(false);
    expect((await c.db.templates.findOne(template.id).exec())?.content.branding.logo).toBeNull();
  });
});
