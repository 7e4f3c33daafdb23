/**
 * FileStorage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so that several
 * server instances share one set of uploads (ARCHITECTURE.md, docs/operations.md "Uploads on
 * S3-compatible storage"). Keys, content types and answers follow the disk store exactly
 * (storage.ts): reads are proxied through GET /uploads/… with byte ranges, never redirected.
 *
 * A put is one PutObject or one multipart upload, and both replace an object in one step:
 * readers see the old file or the whole new one, as with the disk store's rename.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, FileStorage } from './storage';
import { checkRangeWithin, contentTypeForPut, contentTypeOfKey } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Where the bucket is; S3-compatible services mostly accept any value. */
  region: string;
  /** The service's URL when it is not AWS (MinIO, R2, …); null for AWS itself. */
  endpoint: string | null;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most other services want. */
  forcePathStyle: boolean;
  /** Null: the AWS SDK's default chain (AWS_* variables, ~/.aws, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /**
   * Put with a "/" before every key, so that one bucket can hold several deployments; "" for
   * none. Made of key-like segments without a leading or trailing "/" (config.ts checks it).
   */
  prefix: string;
}

/**
 * A streamed upload (a video staged on disk) goes up in parts of this size, one part at a time.
 * 5 MiB is the smallest part S3 takes (all but the last), and lib-storage buffers each part
 * whole: it gathers the next part only once the previous one has been sent, but keeps the
 * sent part's buffer until it joins the next one into a new buffer. So one streamed upload
 * holds about two parts (10 MiB) and briefly three (15 MiB), whatever the file's size: with
 * UPLOADS_AT_ONCE (32) uploads streaming at once, about 320 MiB, at worst 480 MiB. Images
 * arrive in memory already and go up as they are (one PutObject up to 5 MiB, parts of that
 * buffer beyond it), with no copy. 10,000 parts of 5 MiB allow files up to ~48 GiB.
 */
const PART_SIZE_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

/**
 * Sockets to the object store, per instance. Every read holds one for as long as its client
 * takes to download the file (minutes for a video on a phone, or a <video> that paused its
 * download), so the SDK's default of 50 would make the 51st viewer wait for another's download
 * to end. The clients' own connections already bound how many there are, so no cap here.
 */
const MAX_SOCKETS = Infinity;

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket, prefix } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint ?? undefined,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials ?? undefined,
    requestHandler: {
      httpAgent: { maxSockets: MAX_SOCKETS },
      httpsAgent: { maxSockets: MAX_SOCKETS },
    },
  });

  /** The object's name in the bucket; throws unless the key is one FileStorage accepts. */
  function objectKeyOf(key: string): { objectKey: string; contentType: string } {
    const contentType = contentTypeOfKey(key);
    return { objectKey: prefix ? `${prefix}/${key}` : key, contentType };
  }

  return {
    async put(key, body, contentType) {
      const type = contentTypeForPut(key, contentType);
      const { objectKey } = objectKeyOf(key);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey, Body: body, ContentType: type },
        partSize: PART_SIZE_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      });
      try {
        // A multipart upload that fails is aborted by lib-storage, so no parts are left behind.
        await upload.done();
      } catch (error) {
        // The staged file's stream would otherwise stay open until it is collected.
        if (!(body instanceof Uint8Array)) body.destroy();
        throw error;
      }
    },

    async head(key) {
      const { objectKey, contentType } = objectKeyOf(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey }));
        return { contentType, size: sizeOf(answer.ContentLength, objectKey) };
      } catch (error) {
        // A HEAD has no body to tell a missing object from a missing bucket: both read as no
        // file here. A missing bucket still fails every put and get loudly.
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async get(key, range) {
      const { objectKey, contentType } = objectKeyOf(key);
      // Well-formed now; whether it lies within the file is known from the answer.
      if (range) checkRangeWithin(range, Number.MAX_SAFE_INTEGER);
      let answer: GetObjectCommandOutput;
      try {
        answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
      } catch (error) {
        if (isMissingObject(error)) return null;
        // S3 refuses a range that starts past the end (416 InvalidRange).
        if (range && isRangeNotSatisfiable(error)) {
          throw new RangeError(`Range ${range.start}-${range.end} is outside ${key}`);
        }
        throw error;
      }
      const body = answer.Body;
      if (!(body instanceof Readable)) {
        throw new Error(`The object store answered ${objectKey} without a readable body`);
      }
      try {
        const size = range
          ? sizeOfRangeAnswer(answer.ContentRange, range, objectKey)
          : sizeOf(answer.ContentLength, objectKey);
        return { contentType, size, body };
      } catch (error) {
        body.destroy();
        throw error;
      }
    },

    async delete(key) {
      const { objectKey } = objectKeyOf(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey }));
      } catch (error) {
        // S3 answers 204 for a missing object; some compatible services answer 404.
        if (!isMissingObject(error)) throw error;
      }
    },
  };
}

/**
 * The whole file's size from a ranged answer's `Content-Range: bytes start-end/size`. S3 cuts a
 * range that runs past the end short instead of refusing it, so that case is told here, and a
 * service that ignored the range (a 200 with the whole file) must not be answered as a 206.
 */
function sizeOfRangeAnswer(
  contentRange: string | undefined,
  range: ByteRange,
  objectKey: string,
): number {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
  if (!match) {
    throw new Error(
      `The object store did not answer the range ${range.start}-${range.end} of ${objectKey} (Content-Range: ${contentRange ?? 'none'})`,
    );
  }
  const [, start, end, size] = match.map(Number) as [number, number, number, number];
  checkRangeWithin(range, size);
  if (start !== range.start || end !== range.end) {
    throw new Error(
      `The object store answered bytes ${start}-${end} of ${objectKey} for ${range.start}-${range.end}`,
    );
  }
  return size;
}

function sizeOf(contentLength: number | undefined, objectKey: string): number {
  if (contentLength === undefined || !Number.isSafeInteger(contentLength) || contentLength < 0) {
    throw new Error(`The object store answered ${objectKey} without its size`);
  }
  return contentLength;
}

/** The SDK's errors carry the service's error code as their name, and the HTTP status. */
interface ServiceError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * No such object: NoSuchKey (GET, DELETE) or NotFound (HEAD, which has no body to name it).
 * Other 404s (NoSuchBucket: a configuration mistake) are real errors. S3 answers 403 instead
 * when the credentials may not list the bucket (docs/operations.md lists s3:ListBucket).
 */
function isMissingObject(error: unknown): boolean {
  const name = (error as ServiceError | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

function isRangeNotSatisfiable(error: unknown): boolean {
  const failure = error as ServiceError | null;
  return failure?.name === 'InvalidRange' || failure?.$metadata?.httpStatusCode === 416;
}
