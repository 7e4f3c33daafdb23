/**
 * Resumable uploads (docs/api.md "Resumable uploads"): a file sent in chunks against an offset
 * the server keeps on disk, with the whole-file routes' owners, limits and messages, and the
 * same inspection and storage once the last byte is in. Requests go through inject(), except
 * where a client must vanish mid-chunk, which takes a real socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, expectErrorMessage, guest, json, type Caller } from './support/clients';
import { filePart } from './support/multipart';
import { CLEAN_SVG, MB, isoMedia, makeJpeg, makePng, padded, utf8 } from '../unit/uploads/fixtures';
import { uploads } from '../../server/db/schema';
import type { Asset, Template } from '../../src/domain/schemas';
import {
  createUploadSessionStore,
  RECOMMENDED_CHUNK_BYTES,
  type UploadSession,
} from '../../server/services/uploads/resumable';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
});

interface SessionAnswer {
  uploadId: string;
  offset: number;
  size: number;
  chunkSize: number;
  expiresAt: string;
  asset: Asset | null;
  receiving: boolean;
}

const sessionsDir = () => path.join(server.config.dataDir, 'upload-sessions');
const sessionFiles = (uploadId: string) =>
  readdirSync(sessionsDir()).filter((name) => name.startsWith(uploadId));

async function guestWithTemplate(): Promise<{ me: Caller; template: Template }> {
  const me = guest();
  return { me, template: await createTemplate(server, me, { name: 'Resumable quiz' }) };
}

interface NewUpload {
  templateId: string;
  target?: 'logo' | { stepId: string };
  filename?: string;
  mimeType: string;
  size: number;
}

const createUpload = (caller: Caller, body: NewUpload) =>
  server.request({
    method: 'POST',
    url: '/v1/uploads',
    headers: caller.headers,
    payload: { target: { stepId: randomUUID() }, filename: 'file', ...body },
  });

async function started(caller: Caller, body: NewUpload): Promise<SessionAnswer> {
  const response = await createUpload(caller, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<SessionAnswer>(response);
}

const patch = (caller: Caller, uploadId: string, offset: number, bytes: Uint8Array) =>
  server.request({
    method: 'PATCH',
    url: `/v1/uploads/${uploadId}`,
    headers: {
      ...caller.headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: Buffer.from(bytes),
  });

const status = (caller: Caller, uploadId: string) =>
  server.request({ url: `/v1/uploads/${uploadId}`, headers: caller.headers });

/** Sends the file from `offset` in chunks; answers the last response. */
async function sendRest(
  caller: Caller,
  uploadId: string,
  bytes: Uint8Array,
  offset = 0,
  chunk = RECOMMENDED_CHUNK_BYTES,
) {
  for (;;) {
    const response = await patch(caller, uploadId, offset, bytes.subarray(offset, offset + chunk));
    if (response.statusCode !== 200) return response;
    offset = json<SessionAnswer>(response).offset;
  }
}

const uploadRows = (templateId: string) =>
  server.database.db.select().from(uploads).where(eq(uploads.templateId, templateId));

/** A file the whole-file route refuses, sent there, for comparing messages. */
function wholeFile(caller: Caller, templateId: string, field: 'logo' | 'media', bytes: Uint8Array) {
  const body = filePart(field, 'f', 'application/octet-stream', bytes);
  return server.request({
    method: 'POST',
    url:
      field === 'logo'
        ? `/v1/templates/${templateId}/branding/logo`
        : `/v1/templates/${templateId}/steps/${randomUUID()}/media`,
    headers: { ...caller.headers, ...body.headers },
    payload: body.payload,
  });
}

const video = (size: number) => {
  const bytes = padded(isoMedia('isom', ['isom', 'mp42']), size);
  // Not all zeros, so that a byte out of place would show.
  for (let i = 64; i < size; i++) bytes[i] = (i * 31) & 0xff;
  return bytes;
};

describe('starting a resumable upload', () => {
  it("answers 201 {uploadId, offset: 0, chunkSize} for the template's owner, and GET/HEAD tell the offset", async () => {
    const { me, template } = await guestWithTemplate();
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'video/mp4',
      size: 3 * MB,
    });
    expect(session).toMatchObject({ offset: 0, size: 3 * MB, asset: null, receiving: false });
    expect(session.chunkSize).toBeGreaterThan(0);
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    const got = await status(me, session.uploadId);
    expect(got.statusCode).toBe(200);
    expect(json<SessionAnswer>(got)).toMatchObject({ uploadId: session.uploadId, offset: 0 });
    const head = await server.request({
      method: 'HEAD',
      url: `/v1/uploads/${session.uploadId}`,
      headers: me.headers,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    expect(head.headers['upload-length']).toBe(String(3 * MB));
  });

  it.each([
    [
      'a logo over 2 MB',
      'logo',
      'image/png',
      3 * MB,
      413,
      /^Logos can be at most 2 MB\. This file is 3 MB\.$/,
    ],
    [
      'a logo declared as a JPEG',
      'logo',
      'image/jpeg',
      1000,
      415,
      /^Logos must be PNG images\. This file is a JPEG image\.$/,
    ],
    [
      'an image over 10 MB',
      'media',
      'image/jpeg',
      11 * MB,
      413,
      /^Images can be at most 10 MB\. This file is 11 MB\.$/,
    ],
    ['a video over 100 MB', 'media', 'video/mp4', 101 * MB, 413, /^Videos can be at most 100 MB\./],
    [
      'a type that is not accepted',
      'media',
      'application/pdf',
      1000,
      415,
      /^This file type isn't supported\. Use JPEG, PNG, SVG, MP4, MOV or MP3\.$/,
    ],
    ['an empty file', 'media', 'image/png', 0, 400, /^This file is empty\.$/],
  ] as const)(
    'refuses %s up front with the whole-file message, starting nothing',
    async (_label, purpose, mimeType, size, expected, message) => {
      const { me, template } = await guestWithTemplate();
      const before = readdirSync(sessionsDir()).length;
      const response = await createUpload(me, {
        templateId: template.id,
        target: purpose === 'logo' ? 'logo' : { stepId: randomUUID() },
        mimeType,
        size,
      });
      expect(response.statusCode).toBe(expected);
      expect(expectErrorMessage(response)).toMatch(message);
      expect(readdirSync(sessionsDir())).toHaveLength(before);
    },
  );

  it('leaves a file of unknown declared type to the content check, under the largest cap', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = video(200_000);
    const session = await started(me, {
      templateId: template.id,
      mimeType: '',
      size: bytes.length,
    });
    const done = await sendRest(me, session.uploadId, bytes);
    expect(done.statusCode, done.body).toBe(201);
    expect(json<Asset>(done).mimeType).toBe('video/mp4');
  });

  it("answers 404 for another owner's template and 403 for a library template, as the whole-file routes do", async () => {
    const { template } = await guestWithTemplate();
    const stranger = guest();
    const theirs = await createUpload(stranger, {
      templateId: template.id,
      mimeType: 'image/png',
      size: 100,
    });
    expect(theirs.statusCode).toBe(404);
    expect(expectErrorMessage(theirs)).toBe('This activity does not exist.');
    const library = json<{ id: string }[]>(
      await server.request({ url: '/v1/templates/library', headers: stranger.headers }),
    );
    const master = await createUpload(stranger, {
      templateId: library[0]!.id,
      mimeType: 'image/png',
      size: 100,
    });
    expect(master.statusCode).toBe(403);
    expect(expectErrorMessage(master)).toMatch(/Library templates can't be changed/);
  });
});

describe('sending the chunks', () => {
  it('stores a file sent in chunks byte for byte, answering each chunk with the new offset and the last with the asset', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = video(2 * MB + 12_345);
    const session = await started(me, {
      templateId: template.id,
      filename: 'clip.mp4',
      mimeType: 'video/mp4',
      size: bytes.length,
    });
    const first = await patch(me, session.uploadId, 0, bytes.subarray(0, MB));
    expect(first.statusCode).toBe(200);
    expect(json<SessionAnswer>(first).offset).toBe(MB);
    expect(first.headers['upload-offset']).toBe(String(MB));
    const done = await sendRest(me, session.uploadId, bytes, MB);
    expect(done.statusCode, done.body).toBe(201);
    const asset = json<Asset>(done);
    expect(asset).toEqual({
      filename: 'clip.mp4',
      mimeType: 'video/mp4',
      url: expect.stringMatching(/^\/uploads\/templates\/[0-9a-f-]+\/[0-9a-f-]+\.mp4$/),
    });
    const served = await server.request({ url: asset.url });
    expect(Buffer.compare(served.rawPayload, Buffer.from(bytes))).toBe(0);
    expect(await uploadRows(template.id)).toHaveLength(1);
    // The bytes are gone from the upload folder; only the small record of the result is left.
    expect(sessionFiles(session.uploadId)).toEqual([`${session.uploadId}.json`]);
  });

  it('fits a chunked logo into 280x60 exactly like the whole-file route', async () => {
    const { me, template } = await guestWithTemplate();
    const png = await makePng(560, 120, { r: 255, g: 104, b: 0, alpha: 1 });
    const session = await started(me, {
      templateId: template.id,
      target: 'logo',
      filename: 'brand.png',
      mimeType: 'image/png',
      size: png.length,
    });
    const done = await sendRest(me, session.uploadId, png, 0, 200);
    expect(done.statusCode, done.body).toBe(201);
    const asset = json<Asset>(done);
    expect(asset).toMatchObject({ filename: 'brand.png', mimeType: 'image/png' });
    const served = await server.request({ url: asset.url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 280, height: 60 });
    const [row] = await uploadRows(template.id);
    expect(row).toMatchObject({ purpose: 'logo', stepId: null });
  });

  it('answers a chunk at the wrong offset 409 {errorMessage, offset} and keeps nothing of it', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = video(300_000);
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'video/mp4',
      size: bytes.length,
    });
    await patch(me, session.uploadId, 0, bytes.subarray(0, 100_000));
    const behind = await patch(me, session.uploadId, 0, bytes.subarray(0, 100_000));
    expect(behind.statusCode).toBe(409);
    expect(json(behind)).toEqual({ errorMessage: expect.any(String), offset: 100_000 });
    const ahead = await patch(me, session.uploadId, 200_000, bytes.subarray(200_000));
    expect(ahead.statusCode).toBe(409);
    expect(json<SessionAnswer>(await status(me, session.uploadId)).offset).toBe(100_000);
    // The client continues from the server's offset, and the file comes out whole.
    const done = await sendRest(me, session.uploadId, bytes, 100_000);
    expect(done.statusCode).toBe(201);
    const served = await server.request({ url: json<Asset>(done).url });
    expect(Buffer.compare(served.rawPayload, Buffer.from(bytes))).toBe(0);
  });

  it('refuses a chunk that would pass the declared size with 413, keeping the offset', async () => {
    const { me, template } = await guestWithTemplate();
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'video/mp4',
      size: 1000,
    });
    const response = await patch(me, session.uploadId, 0, video(1001));
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ errorMessage: expect.any(String), offset: 0 });
    expect(json<SessionAnswer>(await status(me, session.uploadId)).offset).toBe(0);
  });

  it('refuses a chunk without an Upload-Offset with 400, and one that is not bytes with 415', async () => {
    const { me, template } = await guestWithTemplate();
    const session = await started(me, { templateId: template.id, mimeType: '', size: 1000 });
    const noOffset = await server.request({
      method: 'PATCH',
      url: `/v1/uploads/${session.uploadId}`,
      headers: { ...me.headers, 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(10),
    });
    expect(noOffset.statusCode).toBe(400);
    expect(expectErrorMessage(noOffset)).toMatch(/Upload-Offset/);
    const asJson = await server.request({
      method: 'PATCH',
      url: `/v1/uploads/${session.uploadId}`,
      headers: { ...me.headers, 'upload-offset': '0' },
      payload: { bytes: [1, 2, 3] },
    });
    expect(asJson.statusCode).toBe(415);
    expectErrorMessage(asJson);
  });

  it('answers the same asset again to a repeat of the last chunk (its answer was lost), storing the file once', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = await makeJpeg(64, 48);
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'image/jpeg',
      size: bytes.length,
    });
    const first = await patch(me, session.uploadId, 0, bytes);
    expect(first.statusCode).toBe(201);
    const again = await patch(me, session.uploadId, bytes.length, new Uint8Array(0));
    expect(again.statusCode).toBe(201);
    expect(json(again)).toEqual(json(first));
    expect(json<SessionAnswer>(await status(me, session.uploadId)).asset).toEqual(json(first));
    expect(await uploadRows(template.id)).toHaveLength(1);
  });
});

describe('the finished file goes through the whole-file checks', () => {
  it.each([
    [
      'an HTML page declared as a PNG logo',
      'logo',
      'image/png',
      utf8('<!doctype html><script>alert(1)</script>'),
    ],
    [
      'an SVG with a script',
      'media',
      'image/svg+xml',
      utf8(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
    ],
    ['a truncated JPEG', 'media', 'image/jpeg', null],
  ] as const)(
    'refuses %s with the whole-file status and message, removing the bytes',
    async (_label, purpose, mimeType, given) => {
      const { me, template } = await guestWithTemplate();
      const bytes = given ?? (await makeJpeg(200, 200)).subarray(0, 400);
      const expected = await wholeFile(me, template.id, purpose, bytes);
      expect(expected.statusCode).toBeGreaterThanOrEqual(400);
      const session = await started(me, {
        templateId: template.id,
        target: purpose === 'logo' ? 'logo' : { stepId: randomUUID() },
        mimeType,
        size: bytes.length,
      });
      const refused = await sendRest(me, session.uploadId, bytes, 0, 100);
      expect(refused.statusCode).toBe(expected.statusCode);
      expect(json(refused)).toEqual(json(expected));
      expect(sessionFiles(session.uploadId)).toEqual([`${session.uploadId}.json`]);
      expect(await uploadRows(template.id)).toEqual([]);
      // Asked again (the answer was lost), the refusal stands.
      const later = await status(me, session.uploadId);
      expect(later.statusCode).toBe(expected.statusCode);
      expect(json(later)).toEqual(json(expected));
    },
  );

  it('accepts a clean SVG sent in chunks', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = utf8(CLEAN_SVG);
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'image/svg+xml',
      size: bytes.length,
    });
    const done = await sendRest(me, session.uploadId, bytes, 0, 7);
    expect(done.statusCode, done.body).toBe(201);
    expect(json<Asset>(done).mimeType).toBe('image/svg+xml');
  });
});

describe('who may continue an upload', () => {
  it("answers 404 for another owner's upload, exactly as for one that does not exist", async () => {
    const { me, template } = await guestWithTemplate();
    const session = await started(me, { templateId: template.id, mimeType: '', size: 100 });
    const stranger = guest();
    const missing = randomUUID();
    for (const [theirs, none] of [
      [await status(stranger, session.uploadId), await status(stranger, missing)],
      [
        await patch(stranger, session.uploadId, 0, new Uint8Array(10)),
        await patch(stranger, missing, 0, new Uint8Array(10)),
      ],
      [
        await server.request({
          method: 'DELETE',
          url: `/v1/uploads/${session.uploadId}`,
          headers: stranger.headers,
        }),
        await server.request({
          method: 'DELETE',
          url: `/v1/uploads/${missing}`,
          headers: stranger.headers,
        }),
      ],
    ]) {
      expect(theirs!.statusCode).toBe(404);
      expect(json(theirs!)).toEqual(json(none!));
    }
    expect(json<SessionAnswer>(await status(me, session.uploadId)).offset).toBe(0);
  });

  it('DELETE removes the upload and its bytes', async () => {
    const { me, template } = await guestWithTemplate();
    const session = await started(me, { templateId: template.id, mimeType: '', size: 100 });
    await patch(me, session.uploadId, 0, new Uint8Array(10));
    const removed = await server.request({
      method: 'DELETE',
      url: `/v1/uploads/${session.uploadId}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(sessionFiles(session.uploadId)).toEqual([]);
    expect((await status(me, session.uploadId)).statusCode).toBe(404);
  });
});

/** A PATCH over a real socket that sends `first` of a `length`-byte body and then waits. */
function openChunk(uploadId: string, caller: Caller, offset: number, length: number) {
  const url = new URL(`/v1/uploads/${uploadId}`, baseUrl);
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      ...caller.headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'content-length': String(length),
    },
  });
  const answered = new Promise<{ status: number; body: string } | null>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (piece: Buffer) => (body += piece.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', () => resolve(null));
  });
  return { request, answered };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // Only the pause between two looks (a file's size, an answer): nothing tells when it changes.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a chunk cut off midway', () => {
  it('keeps the bytes that arrived before the client went away, and the upload goes on after them', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = video(MB);
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'video/mp4',
      size: bytes.length,
    });
    const part = path.join(sessionsDir(), `${session.uploadId}.part`);
    const { request } = openChunk(session.uploadId, me, 0, bytes.length);
    request.write(Buffer.from(bytes.subarray(0, 300_000)));
    await until('the first bytes on disk', () => statSync(part).size === 300_000);
    request.destroy(); // the tab, the worker or the connection is gone
    await until(
      'the kept bytes acknowledged',
      async () => json<SessionAnswer>(await status(me, session.uploadId)).offset === 300_000,
    );
    const done = await sendRest(me, session.uploadId, bytes, 300_000);
    expect(done.statusCode, done.body).toBe(201);
    const served = await server.request({ url: json<Asset>(done).url });
    expect(Buffer.compare(served.rawPayload, Buffer.from(bytes))).toBe(0);
  });

  it('answers 409 with the offset to a second chunk while one is still arriving', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = video(400_000);
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'video/mp4',
      size: bytes.length,
    });
    const part = path.join(sessionsDir(), `${session.uploadId}.part`);
    const slow = openChunk(session.uploadId, me, 0, 200_000);
    slow.request.write(Buffer.from(bytes.subarray(0, 100_000)));
    await until('the first bytes on disk', () => statSync(part).size === 100_000);
    const second = await patch(me, session.uploadId, 0, bytes.subarray(0, 200_000));
    expect(second.statusCode).toBe(409);
    expect(json(second)).toEqual({ errorMessage: expect.any(String), offset: 0 });
    // Asked meanwhile, the server says a part is arriving, so a client waits instead of sending.
    expect(json<SessionAnswer>(await status(me, session.uploadId)).receiving).toBe(true);
    slow.request.end(Buffer.from(bytes.subarray(100_000, 200_000)));
    const answer = await slow.answered;
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ offset: 200_000, receiving: false });
    expect(json<SessionAnswer>(await status(me, session.uploadId))).toMatchObject({
      offset: 200_000,
      receiving: false,
    });
  });
});

describe('upload state on disk', () => {
  it('an acknowledged offset survives a restart of the server (a new store on the same folder)', async () => {
    const dir = path.join(server.config.dataDir, `restart-${randomUUID()}`);
    const before = createUploadSessionStore(dir);
    const session = await before.create({
      templateId: 't',
      stepId: null,
      purpose: 'media',
      filename: 'a.mp4',
      mimeType: 'video/mp4',
      size: 10,
    });
    await before.receive(session, [Buffer.from('hello')]);
    const after = createUploadSessionStore(dir);
    expect(await after.get(session.uploadId)).toMatchObject({ offset: 5, size: 10 });
  });

  it('bytes past the acknowledged offset (a crash before the offset was written) are replaced by the next chunk', async () => {
    const { me, template } = await guestWithTemplate();
    const bytes = video(200_000);
    const session = await started(me, {
      templateId: template.id,
      mimeType: 'video/mp4',
      size: bytes.length,
    });
    await patch(me, session.uploadId, 0, bytes.subarray(0, 50_000));
    await appendFile(path.join(sessionsDir(), `${session.uploadId}.part`), Buffer.alloc(70_000, 7));
    expect(json<SessionAnswer>(await status(me, session.uploadId)).offset).toBe(50_000);
    const done = await sendRest(me, session.uploadId, bytes, 50_000);
    expect(done.statusCode).toBe(201);
    const served = await server.request({ url: json<Asset>(done).url });
    expect(Buffer.compare(served.rawPayload, Buffer.from(bytes))).toBe(0);
  });

  it('an upload that waited longer than its expiry answers 410 and its bytes are removed', async () => {
    const { me, template } = await guestWithTemplate();
    const session = await started(me, { templateId: template.id, mimeType: '', size: 100 });
    await patch(me, session.uploadId, 0, new Uint8Array(10));
    const metaFile = path.join(sessionsDir(), `${session.uploadId}.json`);
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as UploadSession;
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60_000).toISOString();
    writeFileSync(metaFile, JSON.stringify({ ...meta, updatedAt: dayAndMore }));
    const response = await status(me, session.uploadId);
    expect(response.statusCode).toBe(410);
    expectErrorMessage(response);
    expect(sessionFiles(session.uploadId)).toEqual([]);
  });

  it('the sweep removes uploads idle for longer than the expiry and leaves recent ones', async () => {
    const dir = path.join(server.config.dataDir, `sweep-${randomUUID()}`);
    let now = new Date('2026-05-04T10:00:00Z');
    const store = createUploadSessionStore(dir, { now: () => now, ttlMs: 60_000 });
    const fields = {
      templateId: 't',
      stepId: null,
      purpose: 'media' as const,
      filename: 'a',
      mimeType: '',
      size: 10,
    };
    const old = await store.create(fields);
    now = new Date(now.getTime() + 50_000);
    const recent = await store.create(fields);
    now = new Date(now.getTime() + 20_000);
    expect(await store.sweep()).toBe(1);
    expect(existsSync(path.join(dir, `${old.uploadId}.part`))).toBe(false);
    expect(existsSync(path.join(dir, `${old.uploadId}.json`))).toBe(false);
    expect(existsSync(path.join(dir, `${recent.uploadId}.part`))).toBe(true);
  });
});

describe('the whole-file routes', () => {
  it('still take a whole file in one multipart request', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await wholeFile(me, template.id, 'logo', await makePng(100, 40));
    expect(response.statusCode, response.body).toBe(201);
  });
});
