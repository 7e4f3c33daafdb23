/**
 * A real S3-compatible server for tests: s3rver (an S3 API over a folder), on a free port of
 * 127.0.0.1, in a temporary folder of its own, with one empty bucket. The AWS SDK talks to it
 * over HTTP exactly as it would to MinIO; s3rver takes any signature from its own keys.
 *
 * s3rver 3.7.1 has PutObject, GetObject with a Range, HeadObject, DeleteObject and multipart
 * uploads (create, upload part, complete), which is what s3Storage.ts uses, but no
 * AbortMultipartUpload: it answers that DELETE with 405 MethodNotAllowed, and lib-storage then
 * throws that instead of the failure that made it abort. So this server answers the abort
 * itself, removing the upload's parts as S3 does (abortMultipartUpload below).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3StorageOptions } from '../../../server/services/uploads/s3Storage';

/** The bit of Koa's context the abort handler needs. */
interface S3rverContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
}
type Middleware = (context: S3rverContext, next: () => Promise<void>) => Promise<void>;

/** What this file uses of s3rver, which ships without types. */
interface S3rverInstance {
  /** Koa's middleware list, composed when the server starts listening. */
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  httpServer?: Server;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** s3rver's only account; it checks that requests name it, not their signatures. */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const UPLOAD_ID = /^[0-9a-f]+$/;

export interface TestS3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** Options for createS3Storage against this server, with `prefix` when given. */
  storageOptions(prefix?: string): S3StorageOptions;
  /** S3_* variables for loadConfig that point the app at this server. */
  env(prefix?: string): Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted (their parts take space). */
  unfinishedMultipartUploads(): Promise<number>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'teamtrail-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'teamtrail-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const uploadsFolder = server.store.getResourcePath(bucket, undefined, 'uploads');
  server.middleware.unshift(abortMultipartUpload(uploadsFolder));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;

  const storageOptions = (prefix = ''): S3StorageOptions => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
    prefix,
  });

  return {
    endpoint,
    bucket,
    storageOptions,
    env: (prefix = '') => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    async unfinishedMultipartUploads() {
      const entries = await readdir(uploadsFolder).catch(() => []);
      return entries.length;
    },
    async close() {
      // A test that failed half-way may leave a download open, which would hold close() up.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * DELETE /{bucket}/{key}?uploadId=…: S3's AbortMultipartUpload, which s3rver lacks. It keeps
 * an upload's parts in a folder per upload id until the upload completes.
 */
function abortMultipartUpload(uploadsFolder: string): Middleware {
  return async (context, next) => {
    const uploadId = context.query.uploadId;
    if (context.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    if (!UPLOAD_ID.test(uploadId)) {
      context.status = 400;
      return;
    }
    await rm(path.join(uploadsFolder, uploadId), { recursive: true, force: true });
    context.status = 204;
  };
}
