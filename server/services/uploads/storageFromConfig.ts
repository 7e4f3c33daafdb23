/**
 * Which FileStorage the server keeps uploads in: an S3-compatible bucket when S3_BUCKET is set
 * (several instances share it), else the disk under DATA_DIR (one machine). Said once at start,
 * without secrets, so an operator can tell from the log where files go.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import { createS3Storage } from './s3Storage';
import { createDiskStorage, type FileStorage } from './storage';

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
  return createS3Storage(s3);
}
