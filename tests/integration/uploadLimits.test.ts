/**
 * Heavy uploads cannot bloat or crowd out the server.
 *
 * - Uploads stream to disk: twelve 60 MB videos sent at once raise the server's memory (rss) by
 *   less than 250 MB (buffered whole, they raised it by ~900 MB). Measured on a real listening
 *   server with bodies streamed by the client, not inject.
 * - Uploads received at once are capped per server (503) and per client address (429), both
 *   with Retry-After; a slot is given back however the upload ends.
 * - Quotas: an account's media and a game's players' files have a ceiling, answered 413 in
 *   plain words, before a resumable upload is sent as well as when a file is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { request as httpRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, expectErrorMessage, guest, signUp, type Caller } from './support/clients';
import { filePart } from './support/multipart';
import { UPLOAD_SLOT_MESSAGES } from '../../server/services/uploads/uploadSlots';
import { QUOTA_MESSAGES } from '../../server/services/uploads/quotas';
import { gameCalls } from './support/games';
import { TEST_DATABASE_URL } from './support/postgres';
import { mp4Header, postStreamed, streamedVideoUpload } from './support/streamedUpload';

const MB = 1024 * 1024;

const mediaPath = (templateId: string) => `/v1/templates/${templateId}/steps/${randomUUID()}/media`;

describe('uploads stream to disk', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('twelve concurrent 60 MB video uploads raise the server memory (rss) by less than 250 MB, and each is stored whole', async () => {
    const me = guest();
    const template = await createTemplate(server, me);
    // Warm-up: the first upload loads the multipart parser, sniffers and storage code.
    const warmUp = await postStreamed(
      baseUrl,
      mediaPath(template.id),
      me.headers,
      streamedVideoUpload(2 * MB),
    );
    expect(warmUp.status).toBe(201);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const size = 60 * MB;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        postStreamed(baseUrl, mediaPath(template.id), me.headers, streamedVideoUpload(size)),
      ),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(results.map((result) => result.status)).toEqual(Array(12).fill(201));
    const growthMb = (peak - baseline) / MB;
    expect(growthMb).toBeLessThan(250);

    // Stored byte for byte (size), and nothing left in the staging folder.
    for (const result of results) {
      const stored = await server.request({ method: 'HEAD', url: result.body.url as string });
      expect(Number(stored.headers['content-length'])).toBe(size);
    }
    expect(readdirSync(path.join(server.config.dataDir, 'upload-staging'))).toEqual([]);
  }, 180_000);

  it('a video over its cap is refused 413 while it streams, and its staging file is removed', async () => {
    const me = guest();
    const template = await createTemplate(server, me);
    const refused = await postStreamed(
      baseUrl,
      mediaPath(template.id),
      me.headers,
      streamedVideoUpload(101 * MB),
    );
    expect(refused.status).toBe(413);
    expect(refused.body.errorMessage).toMatch(/videos 100 MB/);
    expect(readdirSync(path.join(server.config.dataDir, 'upload-staging'))).toEqual([]);
  }, 60_000);
});

describe('uploads received at once are capped', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer({
      env: { UPLOADS_AT_ONCE: '3', UPLOADS_AT_ONCE_PER_ADDRESS: '2' },
    });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  /**
   * Starts an upload whose body stops half-way until `release` is called, so it holds its
   * slot for as long as the test needs.
   */
  function heldUpload(me: Caller, templateId: string) {
    const upload = streamedVideoUpload(4 * MB);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${baseUrl}${mediaPath(templateId)}`,
        {
          method: 'POST',
          headers: {
            ...me.headers,
            'content-type': upload.contentType,
            'content-length': String(upload.length),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      const body = upload.body();
      let sent = 0;
      body.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        req.write(chunk);
        if (sent > MB && sent - chunk.length <= MB) {
          body.pause();
          void released.then(() => body.resume());
        }
      });
      body.on('end', () => req.end());
    });
    return { release, done };
  }

  /** Waits until the server counts `count` uploads in flight. */
  async function untilInFlight(count: number) {
    while (server.app.uploadSlots.inFlight !== count) {
      // Only the pause between two looks at the count: the slots tell no one when it changes.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('refuses a third upload from one address with 429 and Retry-After, in plain words, and takes it once one ends', async () => {
    const me = guest();
    const template = await createTemplate(server, me);
    const first = heldUpload(me, template.id);
    const second = heldUpload(me, template.id);
    await untilInFlight(2);

    const third = await postStreamed(
      baseUrl,
      mediaPath(template.id),
      me.headers,
      streamedVideoUpload(MB),
    );
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe('5');
    expect(third.body.errorMessage).toBe(UPLOAD_SLOT_MESSAGES['address-busy'].text);

    first.release();
    expect(await first.done).toBe(201);
    await untilInFlight(1);
    const again = await postStreamed(
      baseUrl,
      mediaPath(template.id),
      me.headers,
      streamedVideoUpload(MB),
    );
    expect(again.status).toBe(201);
    second.release();
    expect(await second.done).toBe(201);
    await untilInFlight(0);
  }, 60_000);

  it('gives the slot back when the client goes away mid-upload', async () => {
    const me = guest();
    const template = await createTemplate(server, me);
    const upload = streamedVideoUpload(4 * MB);
    const req = httpRequest(`${baseUrl}${mediaPath(template.id)}`, {
      method: 'POST',
      headers: {
        ...me.headers,
        'content-type': upload.contentType,
        'content-length': String(upload.length),
      },
    });
    req.on('error', () => {});
    req.write(Buffer.alloc(64 * 1024));
    await untilInFlight(1);
    req.destroy();
    await untilInFlight(0);
    expect(readdirSync(path.join(server.config.dataDir, 'upload-staging'))).toEqual([]);
  }, 60_000);
});

describe('the per-server cap answers 503', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { UPLOADS_AT_ONCE: '1', UPLOADS_AT_ONCE_PER_ADDRESS: '5' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses an upload while the server is at UPLOADS_AT_ONCE with 503, Retry-After and a message', async () => {
    const me = guest();
    const template = await createTemplate(server, me);
    // Another address holds the only slot.
    expect(server.app.uploadSlots.take('192.0.2.7')).toBeNull();
    const body = filePart('media', 'a.mp4', 'video/mp4', mp4Header());
    const refused = await server.request({
      method: 'POST',
      url: mediaPath(template.id),
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(expectErrorMessage(refused)).toBe(UPLOAD_SLOT_MESSAGES['server-busy'].text);

    server.app.uploadSlots.release('192.0.2.7');
    const accepted = await server.request({
      method: 'POST',
      url: mediaPath(template.id),
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(accepted.statusCode).toBe(201);
    expect(server.app.uploadSlots.inFlight).toBe(0);
  });
});

describe.each([
  { database: 'PGlite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('quotas on $database: an account and a game store at most so much', ({ postgres }) => {
  describe.skipIf(postgres && !TEST_DATABASE_URL)('(needs TEST_DATABASE_URL on PostgreSQL)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        postgres,
        env: {
          UPLOAD_QUOTA_PER_ACCOUNT_MB: '1',
          UPLOAD_QUOTA_PER_GAME_MB: '1',
          UPLOAD_CLEANUP_GRACE_DAYS: '14',
        },
      });
    });
    afterAll(async () => {
      await server?.close();
    });
    const { launched, joined } = gameCalls(() => server);

    const video = (bytes: number) => {
      const header = mp4Header();
      return Buffer.concat([header, Buffer.alloc(bytes - header.length)]);
    };

    async function uploadMedia(me: Caller, templateId: string, bytes: number) {
      const body = filePart('media', 'clip.mp4', 'video/mp4', video(bytes));
      return server.request({
        method: 'POST',
        url: mediaPath(templateId),
        headers: { ...me.headers, ...body.headers },
        payload: body.payload,
      });
    }

    it("refuses 413 in plain words the upload that would take an account's media past its quota, counting all its templates", async () => {
      const me = guest();
      const first = await createTemplate(server, me);
      const second = await createTemplate(server, me);
      expect((await uploadMedia(me, first.id, 600 * 1024)).statusCode).toBe(201);
      const refused = await uploadMedia(me, second.id, 600 * 1024);
      expect(refused.statusCode).toBe(413);
      expect(expectErrorMessage(refused)).toBe(QUOTA_MESSAGES.account(MB, 14));
      expect(QUOTA_MESSAGES.account(MB, 14)).toContain('past 1 MB');
      // Another account is not affected.
      const other = guest();
      const theirs = await createTemplate(server, other);
      expect((await uploadMedia(other, theirs.id, 600 * 1024)).statusCode).toBe(201);
    });

    it('refuses a resumable upload over the quota when it is opened, before any byte is sent', async () => {
      const me = guest();
      const template = await createTemplate(server, me);
      const opened = await server.request({
        method: 'POST',
        url: '/v1/uploads',
        headers: me.headers,
        payload: {
          templateId: template.id,
          target: { stepId: randomUUID() },
          filename: 'clip.mp4',
          mimeType: 'video/mp4',
          size: 2 * MB,
        },
      });
      expect(opened.statusCode).toBe(413);
      expect(expectErrorMessage(opened)).toBe(QUOTA_MESSAGES.account(MB, 14));
    });

    it("refuses 413 the players' photo that would take a game past its quota, telling them to ask the organiser", async () => {
      const { code } = await launched(await signUp(server));
      const team = await joined(code);
      const photo = async (kb: number) =>
        filePart('photo', 'us.png', 'image/png', await noisyPng(kb));
      const send = (body: Awaited<ReturnType<typeof photo>>) =>
        server.request({
          method: 'POST',
          url: `/v1/play/${code}/team/photo`,
          headers: { teamtoken: team.token, ...body.headers },
          payload: body.payload,
        });
      expect((await send(await photo(600))).statusCode).toBe(200);
      const refused = await send(await photo(600));
      expect(refused.statusCode).toBe(413);
      expect(expectErrorMessage(refused)).toBe(QUOTA_MESSAGES.game(MB));
    });
  });
});

/** A PNG of random pixels: incompressible, so it stays about `kb` kilobytes when stored. */
async function noisyPng(kb: number): Promise<Uint8Array> {
  const side = Math.ceil(Math.sqrt((kb * 1024) / 3));
  const pixels = randomBytes(side * side * 3);
  return new Uint8Array(
    await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
}
