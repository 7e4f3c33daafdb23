/**
 * Uploads in S3-compatible object storage (server/services/uploads/s3Storage.ts) against a real
 * S3 API (s3rver, support/s3Server.ts): the FileStorage contract the disk store passes too,
 * multipart uploads with bounded memory, ranges, prefixes and errors, the S3_* settings, and the
 * app itself storing and serving media from the bucket, also across two instances.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from '../../server/app';
import { loadConfig, loadS3Config, type ServerConfig } from '../../server/config';
import { createS3Storage } from '../../server/services/uploads/s3Storage';
import type { FileStorage } from '../../server/services/uploads/storage';
import { storageFromConfig } from '../../server/services/uploads/storageFromConfig';
import { RECOMMENDED_CHUNK_BYTES } from '../../server/services/uploads/resumable';
import type { Asset } from '../../src/domain/schemas';
import { fileStorageContract, readAll } from './support/fileStorageContract';
import { startS3Server, type TestS3Server } from './support/s3Server';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, guest, json, type Caller } from './support/clients';
import { filePart } from './support/multipart';
import { isoMedia } from '../unit/uploads/fixtures';

const MB = 1024 * 1024;
/** lib-storage's part size in s3Storage.ts: S3's smallest. */
const PART_BYTES = 5 * MB;

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

/** A store of its own: a fresh prefix keeps each test's files apart in the one bucket. */
const freshStorage = (label: string) =>
  createS3Storage(s3.storageOptions(`${label}-${randomUUID()}`));

/**
 * A file of `size` bytes made as it is read, 64 KiB at a time as a file stream reads, each
 * chunk different (its number in its first bytes), so parts out of order or twice would show.
 * `onChunk` runs before each chunk is handed over; `sha256` is known once all were read.
 */
function generatedFile(size: number, onChunk: () => void | Promise<void> = () => {}) {
  const hash = createHash('sha256');
  let digest: string | null = null;
  async function* chunks() {
    const chunkBytes = 64 * 1024;
    for (let offset = 0, index = 0; offset < size; offset += chunkBytes, index += 1) {
      await onChunk();
      const chunk = Buffer.alloc(Math.min(chunkBytes, size - offset), index % 251);
      chunk.writeUInt32BE(index, 0);
      hash.update(chunk);
      yield chunk;
    }
    digest = hash.digest('hex');
  }
  return {
    stream: () => Readable.from(chunks()),
    sha256: () => digest,
  };
}

/**
 * A full garbage collection, without starting node with --expose-gc: the flag set at run time
 * and `gc` taken from a fresh context, as Jest's leak detector does.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('createS3Storage: the FileStorage contract', () => {
  let storage: FileStorage;
  beforeEach(() => {
    storage = freshStorage('contract');
  });
  fileStorageContract(() => storage);
});

describe('createS3Storage against an S3-compatible server', () => {
  it('streams a file larger than one part up as a multipart upload, byte for byte', async () => {
    const storage = freshStorage('multipart');
    const size = 12 * MB;
    let multipartSeen = false;
    let offset = 0;
    const file = generatedFile(size, async () => {
      offset += 64 * 1024;
      // Asked for more than a part, lib-storage has sent the first one: S3 holds an unfinished
      // multipart upload until the last part is in.
      if (offset > PART_BYTES + MB && !multipartSeen) {
        multipartSeen = (await s3.unfinishedMultipartUploads()) === 1;
      }
    });
    await storage.put('m/twelve.mp4', file.stream(), 'video/mp4');

    expect(multipartSeen).toBe(true);
    expect(await s3.unfinishedMultipartUploads()).toBe(0);
    expect(await storage.head('m/twelve.mp4')).toEqual({ contentType: 'video/mp4', size });
    const stored = await storage.get('m/twelve.mp4');
    expect(stored && (await sha256Of(stored.body))).toBe(file.sha256());
  });

  it('reads ranges of a multipart file across its parts, as a video player seeks', async () => {
    const storage = freshStorage('ranges');
    const bytes = randomBytes(11 * MB);
    await storage.put('m/seek.mp4', Readable.from([bytes]), 'video/mp4');
    const ranges = [
      { start: 0, end: 1 }, // Safari's first request
      { start: PART_BYTES - 10, end: PART_BYTES + 9 }, // across the first boundary
      { start: 2 * PART_BYTES, end: bytes.length - 1 }, // the last part to the end
      { start: 3 * MB, end: 3 * MB }, // one byte
    ];
    for (const range of ranges) {
      const file = await storage.get('m/seek.mp4', range);
      expect(file?.size).toBe(bytes.length);
      const body = file && (await readAll(file.body));
      expect(body && Buffer.compare(body, bytes.subarray(range.start, range.end + 1))).toBe(0);
    }
    await expect(
      storage.get('m/seek.mp4', { start: bytes.length - 1, end: bytes.length }),
    ).rejects.toThrow(RangeError);
  });

  it('keeps the memory of a streamed upload far below the size of the file', async () => {
    const storage = freshStorage('memory');
    // The first upload of a process loads the SDK's code and opens its connections.
    await storage.put('m/warm-up.mp4', generatedFile(2 * PART_BYTES).stream(), 'video/mp4');

    const size = 128 * MB;
    const chunksPerPart = PART_BYTES / (64 * 1024);
    collectGarbage();
    const before = process.memoryUsage();
    const peak = { rss: before.rss, arrayBuffers: before.arrayBuffers };
    const measure = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    let chunks = 0;
    const file = generatedFile(size, () => {
      // Each part's spent buffers are collected before the next is gathered, as memory
      // pressure would have them collected: what is left is what the upload holds.
      if (chunks++ % chunksPerPart === 0) collectGarbage();
      measure();
    });
    await storage.put('m/large.mp4', file.stream(), 'video/mp4');
    measure();

    // lib-storage holds two to three 5 MiB parts at a time (s3Storage.ts): buffers grew by
    // 12-25 MB in trials, rss by 0-42 MB (the allocator and the JS heap make it noisy).
    // Buffered whole, the file alone would add 128 MB to both.
    expect(peak.arrayBuffers - before.arrayBuffers).toBeLessThan(size / 4);
    expect(peak.rss - before.rss).toBeLessThan(size / 2);
    const stored = await storage.get('m/large.mp4');
    expect(stored && (await sha256Of(stored.body))).toBe(file.sha256());
  }, 120_000);

  it('aborts a multipart upload whose stream fails, leaving neither file nor parts', async () => {
    const storage = freshStorage('aborted');
    async function* cutOff() {
      for (let i = 0; i < 8; i += 1) yield Buffer.alloc(MB, i); // more than one part
      throw new Error('the staged file could not be read');
    }
    await expect(storage.put('m/cut.mp4', Readable.from(cutOff()), 'video/mp4')).rejects.toThrow(
      'the staged file could not be read',
    );
    expect(await storage.head('m/cut.mp4')).toBeNull();
    expect(await s3.unfinishedMultipartUploads()).toBe(0);
  });

  it('keeps deployments with different prefixes apart in one bucket', async () => {
    const run = randomUUID();
    const first = createS3Storage(s3.storageOptions(`${run}/first`));
    const second = createS3Storage(s3.storageOptions(`${run}/second`));
    const unprefixed = createS3Storage(s3.storageOptions());
    const key = `templates/${run}/logo.png`;
    await first.put(key, Buffer.from('first'), 'image/png');
    await unprefixed.put(key, Buffer.from('unprefixed'), 'image/png');

    expect(await second.head(key)).toBeNull();
    expect(await second.get(key)).toBeNull();
    await second.delete(key);
    const firstFile = await first.get(key);
    expect(firstFile && (await readAll(firstFile.body)).toString()).toBe('first');
    const unprefixedFile = await unprefixed.get(key);
    expect(unprefixedFile && (await readAll(unprefixedFile.body)).toString()).toBe('unprefixed');

    // The object's name in the bucket is the prefix, "/", then the key.
    const client = rawClient();
    try {
      const object = await client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: `${run}/first/${key}` }),
      );
      expect(object.ContentLength).toBe('first'.length);
      expect(object.ContentType).toBe('image/png');
    } finally {
      client.destroy();
    }
  });

  it('lets errors other than a missing object through: a missing bucket, no server', async () => {
    const noBucket = createS3Storage({ ...s3.storageOptions(), bucket: 'no-such-bucket' });
    await expect(noBucket.put('m/a.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect(noBucket.get('m/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });

    const unreachable = createS3Storage({
      ...s3.storageOptions(),
      endpoint: `http://127.0.0.1:${await closedPort()}`,
    });
    await expect(unreachable.head('m/a.png')).rejects.toThrow();
    await expect(unreachable.get('m/a.png')).rejects.toThrow();
    await expect(unreachable.delete('m/a.png')).rejects.toThrow();
  });

  it('serves more files at once than the SDK’s default of 50 connections', async () => {
    const storage = freshStorage('sockets');
    await storage.put('m/clip.mp4', randomBytes(64 * 1024), 'video/mp4');
    // Each read holds its connection until its body is read: 60 viewers reading slowly. With
    // the SDK's default agent the 51st get() would wait for one of them to finish.
    const files = await Promise.all(Array.from({ length: 60 }, () => storage.get('m/clip.mp4')));
    expect(files.every((file) => file?.size === 64 * 1024)).toBe(true);
    for (const file of files) file?.body.destroy();
  });
});

describe('S3_* settings (loadS3Config)', () => {
  it('keeps uploads on disk when S3_BUCKET is unset', () => {
    expect(loadS3Config({})).toBeNull();
    expect(loadConfig({ DATA_DIR: tmpdir(), AUTH_SECRET: 'x' }).s3).toBeNull();
  });

  it('uses AWS with the default credential chain when only S3_BUCKET is set', () => {
    expect(loadS3Config({ S3_BUCKET: 'teamtrail-uploads' })).toEqual({
      bucket: 'teamtrail-uploads',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      prefix: '',
    });
  });

  it('takes an endpoint, keys, region and prefix, with path-style addressing by default', () => {
    expect(
      loadS3Config({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret-example',
        S3_PREFIX: '/teamtrail/production/',
      }),
    ).toEqual({
      bucket: 'uploads',
      region: 'eu-central-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      prefix: 'teamtrail/production',
    });
    const virtualHosts = loadS3Config({
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(virtualHosts?.forcePathStyle).toBe(false);
  });

  it.each([
    [{ S3_ENDPOINT: 'http://localhost:9000' }, /S3_BUCKET must name the bucket .*S3_ENDPOINT/],
    [{ S3_BUCKET: 's3://uploads' }, /S3_BUCKET must be the bucket's name/],
    [{ S3_BUCKET: 'uploads/teamtrail' }, /S3_PREFIX/],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'localhost:9000' }, /S3_ENDPOINT must be an http/],
    [
      { S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://key:secret@localhost:9000' },
      /must not hold credentials/,
    ],
    [{ S3_BUCKET: 'uploads', S3_REGION: 'EU West' }, /S3_REGION/],
    [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /only S3_ACCESS_KEY_ID is set/],
    [
      { S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'secret-example' },
      /only S3_SECRET_ACCESS_KEY is set/,
    ],
    [{ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or/],
    [{ S3_BUCKET: 'uploads', S3_PREFIX: 'teamtrail/../other' }, /S3_PREFIX must be a folder/],
    [{ S3_BUCKET: 'uploads', S3_PREFIX: 'team trail' }, /S3_PREFIX must be a folder/],
  ])('refuses %j at start with a message saying what is wrong', (env, message) => {
    expect(() => loadS3Config(env)).toThrow(message);
  });

  it('never puts a secret in its messages', () => {
    expect(() =>
      loadS3Config({ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'do-not-print-me' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('do-not-print-me') }));
  });
});

describe('storageFromConfig', () => {
  /** What the server logs at start, as JSON lines. */
  function loggedBy(config: Pick<ServerConfig, 's3' | 'uploadsDir'>): string[] {
    const lines: string[] = [];
    const log = {
      info: (fields: object, message: string) => lines.push(JSON.stringify({ ...fields, message })),
    } as unknown as FastifyBaseLogger;
    storageFromConfig(config, log);
    return lines;
  }

  it('keeps uploads on disk without S3 settings, and says so', () => {
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-disk-'));
    try {
      const [line] = loggedBy({ s3: null, uploadsDir });
      expect(JSON.parse(line!)).toEqual({ uploadsDir, message: 'uploads are stored on disk' });
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('uses the bucket when S3 is configured, logging where without the keys', () => {
    const s3Config = loadS3Config({ ...s3.env('logged'), S3_SECRET_ACCESS_KEY: 'do-not-log-me' });
    const lines = loggedBy({ s3: s3Config, uploadsDir: '/nowhere' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      bucket: s3.bucket,
      prefix: 'logged',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: 'S3_ACCESS_KEY_ID',
      message: 'uploads are stored in S3-compatible object storage',
    });
    expect(lines[0]).not.toContain('do-not-log-me');
    expect(existsSync('/nowhere')).toBe(false);
  });
});

describe('the app with uploads on S3', () => {
  let server: TestServer;
  let me: Caller;
  let templateId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: s3.env('app') });
    me = guest();
    templateId = (await createTemplate(server, me, { name: 'Video quiz' })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A 12 MB MP4 (an ftyp box, then bytes that differ everywhere) through the media route. */
  async function uploadVideo(target: { request: TestServer['request'] }): Promise<{
    asset: Asset;
    bytes: Buffer;
  }> {
    const header = Buffer.from(isoMedia('isom', ['isom', 'avc1']));
    const bytes = Buffer.concat([header, randomBytes(12 * MB - header.length)]);
    const form = filePart('media', 'clip.mp4', 'video/mp4', bytes);
    const response = await target.request({
      method: 'POST',
      url: `/v1/templates/${templateId}/steps/${randomUUID()}/media`,
      headers: { ...me.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { asset: json<Asset>(response), bytes };
  }

  const keyOf = (asset: Asset) => asset.url.replace(/^\/uploads\//, '');

  it('stores uploaded media in the bucket under S3_PREFIX, not on disk', async () => {
    const { asset, bytes } = await uploadVideo(server);
    expect(asset.mimeType).toBe('video/mp4');
    const client = rawClient();
    try {
      const object = await client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: `app/${keyOf(asset)}` }),
      );
      expect(object.ContentLength).toBe(bytes.length);
    } finally {
      client.destroy();
    }
    expect(filesUnder(server.config.uploadsDir)).toEqual([]);
  });

  it('serves it from /uploads whole and in ranges (206), as a video player asks', async () => {
    const { asset, bytes } = await uploadVideo(server);
    const whole = await server.request({ url: asset.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(bytes.length);
    expect(Buffer.compare(whole.rawPayload, bytes)).toBe(0);

    const across = { start: PART_BYTES - 100, end: PART_BYTES + 99 };
    const ranged = await server.request({
      url: asset.url,
      headers: { range: `bytes=${across.start}-${across.end}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(
      `bytes ${across.start}-${across.end}/${bytes.length}`,
    );
    expect(Number(ranged.headers['content-length'])).toBe(200);
    expect(Buffer.compare(ranged.rawPayload, bytes.subarray(across.start, across.end + 1))).toBe(0);

    const first = await server.request({ url: asset.url, headers: { range: 'bytes=0-1' } });
    expect(first.statusCode).toBe(206);
    expect(Buffer.compare(first.rawPayload, bytes.subarray(0, 2))).toBe(0);
    const tail = await server.request({ url: asset.url, headers: { range: 'bytes=-1000' } });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(bytes.length - 1000))).toBe(0);

    const past = await server.request({
      url: asset.url,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    const missing = await server.request({ url: `/uploads/templates/${templateId}/nothing.mp4` });
    expect(missing.statusCode).toBe(404);
  });

  describe('with a second instance on the same database and bucket', () => {
    let second: FastifyInstance;
    let secondDataDir: string;
    beforeAll(async () => {
      secondDataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-second-'));
      const config = loadConfig({
        ...s3.env('app'),
        DATA_DIR: secondDataDir,
        AUTH_SECRET: server.config.authSecret,
        STATIC_DIR: path.join(secondDataDir, 'no-web-app'),
      });
      second = await buildApp({ config, database: server.database, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      if (secondDataDir) rmSync(secondDataDir, { recursive: true, force: true });
    });

    it('serves a file the first instance received', async () => {
      const { asset, bytes } = await uploadVideo(server);
      const fromSecond = await second.inject({ url: asset.url, headers: { range: 'bytes=0-99' } });
      expect(fromSecond.statusCode).toBe(206);
      expect(Buffer.compare(fromSecond.rawPayload, bytes.subarray(0, 100))).toBe(0);
    });

    it('serves a resumable upload the first instance finished (its file went to the bucket)', async () => {
      const header = Buffer.from(isoMedia('isom', ['isom', 'avc1']));
      const bytes = Buffer.concat([header, randomBytes(3 * RECOMMENDED_CHUNK_BYTES)]);
      const opened = await server.request({
        method: 'POST',
        url: '/v1/uploads',
        headers: me.headers,
        payload: {
          templateId,
          target: { stepId: randomUUID() },
          filename: 'clip.mp4',
          mimeType: 'video/mp4',
          size: bytes.length,
        },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const { uploadId } = json<{ uploadId: string }>(opened);
      let answer = opened;
      for (let offset = 0; offset < bytes.length; offset += RECOMMENDED_CHUNK_BYTES) {
        answer = await server.request({
          method: 'PATCH',
          url: `/v1/uploads/${uploadId}`,
          headers: {
            ...me.headers,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          payload: bytes.subarray(offset, offset + RECOMMENDED_CHUNK_BYTES),
        });
      }
      expect(answer.statusCode, answer.body).toBe(201);
      const fromSecond = await second.inject({ url: json<Asset>(answer).url });
      expect(fromSecond.statusCode).toBe(200);
      expect(Buffer.compare(fromSecond.rawPayload, bytes)).toBe(0);
    });
  });
});

/** An S3 client of the test's own, to look into the bucket past FileStorage. */
function rawClient(): S3Client {
  const { region, endpoint, forcePathStyle, credentials } = s3.storageOptions();
  return new S3Client({
    region,
    endpoint: endpoint ?? undefined,
    forcePathStyle,
    credentials: credentials ?? undefined,
  });
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}
