/**
 * The cap on unfinished resumable uploads per owner (docs/api.md "Resumable uploads"): each
 * unfinished upload holds disk for a day, so one signed-in user or guest may have at most
 * MAX_UNFINISHED_UPLOADS_PER_OWNER open; one more is 429 with Retry-After and creates nothing.
 * Finished, removed and expired uploads free their place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, expectErrorMessage, guest, json, type Caller } from './support/clients';
import { makeJpeg } from '../unit/uploads/fixtures';
import {
  MAX_UNFINISHED_UPLOADS_PER_OWNER,
  RESUMABLE_TTL_MS,
  type UploadSession,
} from '../../server/services/uploads/resumable';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const MAX = MAX_UNFINISHED_UPLOADS_PER_OWNER;
const AT_CAP_MESSAGE = `You have ${MAX} unfinished uploads. Wait for them to finish, or remove some, and try again.`;

const sessionsDir = () => path.join(server.config.dataDir, 'upload-sessions');
const metaFile = (uploadId: string) => path.join(sessionsDir(), `${uploadId}.json`);
const sessionFiles = (uploadId: string) =>
  readdirSync(sessionsDir()).filter((name) => name.startsWith(uploadId));

/** The uploads on disk that a caller opened (by the owner recorded in each JSON file). */
const openedOnDiskBy = (caller: Caller) =>
  readdirSync(sessionsDir())
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) => JSON.parse(readFileSync(path.join(sessionsDir(), name), 'utf8')) as UploadSession,
    )
    .filter((session) => session.owner === `anon:${caller.anonId}`);

async function guestWithTemplate(): Promise<{ me: Caller; templateId: string }> {
  const me = guest();
  const template = await createTemplate(server, me, { name: 'Upload cap quiz' });
  return { me, templateId: template.id };
}

const open = (caller: Caller, templateId: string, size = 1000, mimeType = 'video/mp4') =>
  server.request({
    method: 'POST',
    url: '/v1/uploads',
    headers: caller.headers,
    payload: { templateId, target: { stepId: randomUUID() }, filename: 'clip.mp4', mimeType, size },
  });

/** Opens `count` uploads one after another; answers their ids. */
async function openUploads(caller: Caller, templateId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await open(caller, templateId);
    expect(response.statusCode, response.body).toBe(201);
    ids.push(json<{ uploadId: string }>(response).uploadId);
  }
  return ids;
}

/** Makes an upload look as if its last chunk came `ago` milliseconds ago. */
function lastChunkAgo(uploadId: string, ago: number) {
  const meta = JSON.parse(readFileSync(metaFile(uploadId), 'utf8')) as UploadSession;
  writeFileSync(
    metaFile(uploadId),
    JSON.stringify({ ...meta, updatedAt: new Date(Date.now() - ago).toISOString() }),
  );
}

describe(`at most ${MAX} unfinished uploads per owner`, () => {
  it(`opening one more than ${MAX} unfinished uploads answers 429 with {errorMessage} and Retry-After, and creates no files`, async () => {
    const { me, templateId } = await guestWithTemplate();
    await openUploads(me, templateId, MAX);
    const before = readdirSync(sessionsDir()).sort();

    const refused = await open(me, templateId);

    expect(refused.statusCode).toBe(429);
    expect(expectErrorMessage(refused)).toBe(AT_CAP_MESSAGE);
    expect(refused.headers['retry-after']).toBe('60');
    expect(readdirSync(sessionsDir()).sort()).toEqual(before);
    expect(openedOnDiskBy(me)).toHaveLength(MAX);
  });

  it('Retry-After is sooner than a minute when the first unfinished upload expires sooner', async () => {
    const { me, templateId } = await guestWithTemplate();
    const [first] = await openUploads(me, templateId, MAX);
    lastChunkAgo(first!, RESUMABLE_TTL_MS - 10_000);

    const refused = await open(me, templateId);

    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
  });

  it('a finished upload frees its place', async () => {
    const { me, templateId } = await guestWithTemplate();
    const jpeg = await makeJpeg(64, 48);
    const finishing = await open(me, templateId, jpeg.length, 'image/jpeg');
    expect(finishing.statusCode).toBe(201);
    await openUploads(me, templateId, MAX - 1);
    expect((await open(me, templateId)).statusCode).toBe(429);

    const done = await server.request({
      method: 'PATCH',
      url: `/v1/uploads/${json<{ uploadId: string }>(finishing).uploadId}`,
      headers: {
        ...me.headers,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: Buffer.from(jpeg),
    });
    expect(done.statusCode, done.body).toBe(201);

    expect((await open(me, templateId)).statusCode).toBe(201);
    expect((await open(me, templateId)).statusCode).toBe(429);
  });

  it('a removed (DELETE) upload frees its place', async () => {
    const { me, templateId } = await guestWithTemplate();
    const [first] = await openUploads(me, templateId, MAX);
    expect((await open(me, templateId)).statusCode).toBe(429);

    const removed = await server.request({
      method: 'DELETE',
      url: `/v1/uploads/${first}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);

    expect((await open(me, templateId)).statusCode).toBe(201);
    expect((await open(me, templateId)).statusCode).toBe(429);
  });

  it("another owner's unfinished uploads do not count: a second guest opens while the first is at the cap", async () => {
    const first = await guestWithTemplate();
    await openUploads(first.me, first.templateId, MAX);
    expect((await open(first.me, first.templateId)).statusCode).toBe(429);

    const second = await guestWithTemplate();
    expect((await open(second.me, second.templateId)).statusCode).toBe(201);
    expect((await open(first.me, first.templateId)).statusCode).toBe(429);
  });

  it(`parallel POSTs of one owner never open more than ${MAX}: 30 at once open exactly ${MAX}`, async () => {
    const { me, templateId } = await guestWithTemplate();

    const answers = await Promise.all(Array.from({ length: 30 }, () => open(me, templateId)));

    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX);
    expect(openedOnDiskBy(me)).toHaveLength(MAX);
  });

  it('expired unfinished uploads do not count, and are removed when counted', async () => {
    const { me, templateId } = await guestWithTemplate();
    const [expired] = await openUploads(me, templateId, MAX);
    lastChunkAgo(expired!, RESUMABLE_TTL_MS + 60_000);

    expect((await open(me, templateId)).statusCode).toBe(201);
    expect(sessionFiles(expired!)).toEqual([]);
    expect((await open(me, templateId)).statusCode).toBe(429);
  });
});
