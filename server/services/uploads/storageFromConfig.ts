/**
 * Which FileStorage the server keeps uploads in: an S3-compatible bucket when S3_BUCKET is set
 * (several instances share it), else the disk under DATA_DIR (one machine). Said once at start,
 * without secrets, so an operator can tell from the log where files go.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import { createDiskStorage, type FileStorage } from './storage';

/**
 * The store, loaded at its first use: the AWS SDK is about 11 MB of a server's idle memory, and
 * only a server that keeps uploads in S3 needs it (docs/operations.md "The compiled server").
 */
function loadedOnFirstUse(load: () => Promise<FileStorage>): FileStorage {
  let loading: Promise<FileStorage> | null = null;
  const storage = () => (loading ??= load());
  return {
    put: async (key, body, contentType) => (await storage()).put(key, body, contentType),
    head: async (key) => (await storage()).head(key),
    get: async (key, range) => (await storage()).get(key, range),
    delete: async (key) => (await storage()).delete(key),
  };
}

export function storageFromConfig(
  config: Pick<ServerConfig, 's3' | 'uploadsDir'>,
  log: FastifyBaseLogger,
): FileStorage {
  const { s3 } = config;
  if (!s3) {
    log.info({ uploadsDir: config.uploadsDir }, 'uploads are stored on disk');
    return createDiskStorage(config.uploadsDir);
  }
  log.info(
    {
      bucket: s3.bucket,
      prefix: s3.prefix || null,
      endpoint: s3.endpoint ?? 'AWS',
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.credentials ? 'S3_ACCESS_KEY_ID' : "the AWS SDK's default chain",
    },
    'uploads are stored in S3-compatible object storage',
  );
  return loadedOnFirstUse(async () => (await import('./s3Storage')).createS3Storage(s3));
}
