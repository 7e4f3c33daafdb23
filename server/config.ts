/**
 * Server configuration from the environment. Every variable is listed in the README; each has a
 * default that works on a fresh machine, so `npm start` needs no configuration at all.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { ModelConfig } from './ai/model/modelGenerator';
import { parsePgliteDurability, type PgliteDurability } from './db/durablePgliteFs';
import type { UploadSlotLimits } from './services/uploads/uploadSlots';
import type { S3StorageOptions } from './services/uploads/s3Storage';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection URL; when unset the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  /**
   * PGLITE_DURABILITY: `fsync` (default) puts each commit of the embedded database on disk before
   * it is acknowledged; `relaxed` does not (db/durablePgliteFs.ts, docs/operations.md).
   */
  pgliteDurability: PgliteDurability;
  /** The public origin players and organisers reach ({host} in SPEC), without a trailing slash. */
  publicUrl: string;
  logLevel: string;
  authSecret: string;
  clerkJwtKey: string | null;
  /**
   * Whether POST /auth/sign-up makes local accounts: yes without Clerk; with Clerk only when
   * LOCAL_SIGN_UP=true (LOCAL_SIGN_UP=false closes it without Clerk too).
   */
  localSignUp: boolean;
  clerkAuthorizedParties: string[];
  /**
   * Origins the organiser app may load scripts from and talk to besides its own: the hosted
   * services it is configured for (Clerk, Sentry, PostHog). Empty by default: 'self' only.
   */
  cspExtraOrigins: string[];
  /** Requests per minute per client address across /v1. */
  rateLimitPerMinute: number;
  /** Sign-in and sign-up attempts per minute per client address. */
  authRateLimitPerMinute: number;
  /** Failed sign-ins per e-mail address (known or not) within signInFailureWindowMinutes. */
  signInFailuresPerAccount: number;
  signInFailureWindowMinutes: number;
  /** Activity-code look-ups and team joins per minute per client address (docs/games.md). */
  playRateLimitPerMinute: number;
  /** A team's calls (answers, its view, its photo) per minute, per route (docs/games.md). */
  playTeamRateLimitPerMinute: number;
  /**
   * How often each instance shares its limit counts with the others through PostgreSQL
   * (LIMIT_SYNC_MS; services/limits/sharedCounts.ts): limits hold across instances to within
   * about this long. Unused on the embedded database.
   */
  limitSyncMs: number;
  /**
   * Which proxies in front may tell the client's address (X-Forwarded-For), as Fastify's
   * trustProxy takes it: false (none), a number of hops, a list of addresses or CIDR ranges, or
   * true (every hop: the left-most address, which a client can write itself). TRUST_PROXY.
   */
  trustProxy: TrustProxy;
  /** The built web app (vite build output) that the server serves. */
  staticDir: string;
  uploadsDir: string;
  /** Checks of uploaded files that run in worker threads (services/uploads/checkPool.ts). */
  uploadChecks: UploadCheckLimits;
  /** Uploads received at once (services/uploads/uploadSlots.ts). */
  uploadSlots: UploadSlotLimits;
  /** Storage each account and each game may use (services/uploads/quotas.ts). */
  uploadQuotas: UploadQuotas;
  /** Removing uploaded files that nothing uses any more (services/uploads/cleanup.ts). */
  uploadCleanup: UploadCleanupSettings;
  /**
   * Uploads in an S3-compatible bucket instead of uploadsDir, so that several instances share
   * them (S3_BUCKET and the other S3_* variables; docs/operations.md); null keeps them on disk.
   */
  s3: S3StorageOptions | null;
  ai: AiConfig;
  streams: StreamLimits;
  timeouts: ConnectionTimeouts;
}

/** How long a client may take (server/app.ts): slow clients cannot hold connections for ever. */
export interface ConnectionTimeouts {
  /** Until a request's headers have arrived (HEADERS_TIMEOUT_MS). */
  headersMs: number;
  /** Until a whole request, body included, has arrived (REQUEST_TIMEOUT_MS). */
  requestMs: number;
  /** A request that goes quiet half-way for this long is closed (IDLE_TIMEOUT_MS). */
  idleMs: number;
}

/**
 * Open event streams at most (server/services/sse.ts), counted across instances when they share
 * PostgreSQL (services/limits/sharedCounts.ts). Each is an open connection with its timers and
 * subscriptions; without a cap one address could hold thousands.
 */
export interface StreamLimits {
  /** Per client address. A venue's phones often share one address: a 2,000-team game fits. */
  perAddress: number;
  /** Per game: its phones and screens. */
  perGame: number;
  /** Per organiser or guest (their tabs' and devices' sync streams, /v1/events). */
  perOwner: number;
}

export type TrustProxy = boolean | number | string[];

/** Upload checks run in worker threads (services/uploads/checkPool.ts, docs/operations.md). */
export interface UploadCheckLimits {
  /** The longest one check (an SVG's safety) may run; longer, and the upload is refused. */
  timeoutMs: number;
  /** How many checks run at once, each in its own worker thread; more wait in line. */
  workers: number;
  /**
   * How many photos are decoded at once (IMAGE_CHECKS_AT_ONCE); more wait in line. A 100
   * megapixel image takes seconds and hundreds of megabytes to decode: four at once took 145 s
   * and 1.16 GB before this cap.
   */
  imageDecodes: number;
}

export const DEFAULT_UPLOAD_CHECK_LIMITS: UploadCheckLimits = {
  timeoutMs: 5000,
  workers: 2,
  imageDecodes: 2,
};

/** Per process; see services/uploads/uploadSlots.ts for why two caps and these sizes. */
export const DEFAULT_UPLOAD_SLOTS: UploadSlotLimits = { total: 32, perAddress: 16 };

/** Bytes of stored files (docs/operations.md "Upload quotas"). */
export interface UploadQuotas {
  /** An organiser's (or guest's) own media: logos and task media (UPLOAD_QUOTA_PER_ACCOUNT_MB). */
  perAccountBytes: number;
  /** The players' photos and videos of one game (UPLOAD_QUOTA_PER_GAME_MB). */
  perGameBytes: number;
}

const MB = 1024 * 1024;
/** Twenty 100 MB videos, or hundreds of photos and logos. */
const DEFAULT_QUOTA_PER_ACCOUNT_MB = 2048;
/** 2,000 teams each sending a dozen 2 MB photos, with room to spare. */
const DEFAULT_QUOTA_PER_GAME_MB = 51200;

/** Removing uploaded files that nothing uses (services/uploads/cleanup.ts, docs/operations.md). */
export interface UploadCleanupSettings {
  /** Minutes between two runs (UPLOAD_CLEANUP_INTERVAL_MINUTES). */
  intervalMinutes: number;
  /**
   * Days an unused file is kept (UPLOAD_CLEANUP_GRACE_DAYS): after its upload, after its
   * template last changed, and after a template that uses it was deleted. 0 (tests) keeps none.
   */
  graceDays: number;
}

/** Hourly: each run reads every template and game once, so not much more often than that. */
const DEFAULT_UPLOAD_CLEANUP_INTERVAL_MINUTES = 60;
/**
 * Two weeks: long enough for a device that went offline right after an upload to sync the edit
 * that uses it, and for a deleted activity to be restored from another device (docs/sync.md).
 */
const DEFAULT_UPLOAD_CLEANUP_GRACE_DAYS = 14;

/** The AI content assistant (docs/ai.md). Without a model the built-in generator runs. */
export interface AiConfig {
  /** An OpenAI-compatible model, when AI_BASE_URL is set. */
  model: ModelConfig | null;
  /** How many AI requests one server instance works on at a time. */
  concurrency: number;
  /** Requests one user or guest may make per hour. */
  requestsPerHour: number;
  /** Requests all guests at one client address may make per hour together. */
  guestRequestsPerHourPerAddress: number;
}

const DEFAULT_PORT = 8080;
const DEFAULT_RATE_LIMIT_PER_MINUTE = 1200;
const DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE = 10;
/** OWASP's usual advice: a handful of guesses per account, then a pause of some minutes. */
const DEFAULT_SIGN_IN_FAILURES_PER_ACCOUNT = 10;
const DEFAULT_SIGN_IN_FAILURE_WINDOW_MINUTES = 15;
/** A venue's phones often share one address (its Wi-Fi); guessing codes stays impractical. */
const DEFAULT_PLAY_RATE_LIMIT_PER_MINUTE = 300;
/**
 * A second: what another instance may let through before this one hears of it, and one small
 * statement a second per instance for the database.
 */
const DEFAULT_LIMIT_SYNC_MS = 1000;
const DEFAULT_AI_TIMEOUT_MS = 60_000;
const DEFAULT_AI_CONCURRENCY = 2;
const DEFAULT_AI_REQUESTS_PER_HOUR = 30;
/** Twice one guest's: a venue or an office shares one address; signing in lifts it. */
const DEFAULT_AI_GUEST_REQUESTS_PER_HOUR_PER_ADDRESS = 60;
/** Headers are a few hundred bytes: even a poor phone connection sends them in a second. */
const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
/** A 100 MB video (the largest upload) at about 1.5 Mbit/s of venue Wi-Fi. */
const DEFAULT_REQUEST_TIMEOUT_MS = 10 * 60_000;
/** Longer than the event streams' 25 s heartbeat and than a phone's pause between chunks. */
const DEFAULT_IDLE_TIMEOUT_MS = 2 * 60_000;
/** 2,000 teams behind one venue's address, a phone each, with room for rejoins and screens. */
const DEFAULT_STREAMS_PER_ADDRESS = 2_500;
const DEFAULT_STREAMS_PER_GAME = 5_000;
/** Every tab or device of one organiser: a browser shares one stream among its tabs. */
const DEFAULT_STREAMS_PER_OWNER = 50;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const rateLimitPerMinute = Number(env.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    pgliteDurability: parsePgliteDurability(env.PGLITE_DURABILITY),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    authSecret: env.AUTH_SECRET || persistentSecret(dataDir),
    clerkJwtKey: env.CLERK_JWT_KEY ? env.CLERK_JWT_KEY.replace(/\\n/g, '\n') : null,
    localSignUp: env.LOCAL_SIGN_UP ? env.LOCAL_SIGN_UP === 'true' : !env.CLERK_JWT_KEY,
    clerkAuthorizedParties: (env.CLERK_AUTHORIZED_PARTIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cspExtraOrigins: (env.CSP_EXTRA_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute,
    authRateLimitPerMinute: Number(
      env.AUTH_RATE_LIMIT_PER_MINUTE ?? DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE,
    ),
    signInFailuresPerAccount: positiveInteger(
      env,
      'SIGN_IN_FAILURES_PER_ACCOUNT',
      DEFAULT_SIGN_IN_FAILURES_PER_ACCOUNT,
    ),
    signInFailureWindowMinutes: positiveInteger(
      env,
      'SIGN_IN_FAILURE_WINDOW_MINUTES',
      DEFAULT_SIGN_IN_FAILURE_WINDOW_MINUTES,
    ),
    playRateLimitPerMinute: positiveInteger(
      env,
      'PLAY_RATE_LIMIT_PER_MINUTE',
      DEFAULT_PLAY_RATE_LIMIT_PER_MINUTE,
    ),
    // Until it had a variable of its own, a team's limit was the API's per-address one.
    playTeamRateLimitPerMinute: positiveInteger(
      env,
      'PLAY_TEAM_RATE_LIMIT_PER_MINUTE',
      rateLimitPerMinute,
    ),
    limitSyncMs: positiveInteger(env, 'LIMIT_SYNC_MS', DEFAULT_LIMIT_SYNC_MS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadChecks: {
      timeoutMs: positiveInteger(
        env,
        'UPLOAD_CHECK_TIMEOUT_MS',
        DEFAULT_UPLOAD_CHECK_LIMITS.timeoutMs,
      ),
      workers: positiveInteger(env, 'UPLOAD_CHECK_WORKERS', DEFAULT_UPLOAD_CHECK_LIMITS.workers),
      imageDecodes: positiveInteger(
        env,
        'IMAGE_CHECKS_AT_ONCE',
        DEFAULT_UPLOAD_CHECK_LIMITS.imageDecodes,
      ),
    },
    uploadSlots: {
      total: positiveInteger(env, 'UPLOADS_AT_ONCE', DEFAULT_UPLOAD_SLOTS.total),
      perAddress: positiveInteger(
        env,
        'UPLOADS_AT_ONCE_PER_ADDRESS',
        DEFAULT_UPLOAD_SLOTS.perAddress,
      ),
    },
    uploadQuotas: {
      perAccountBytes:
        positiveInteger(env, 'UPLOAD_QUOTA_PER_ACCOUNT_MB', DEFAULT_QUOTA_PER_ACCOUNT_MB) * MB,
      perGameBytes:
        positiveInteger(env, 'UPLOAD_QUOTA_PER_GAME_MB', DEFAULT_QUOTA_PER_GAME_MB) * MB,
    },
    uploadCleanup: {
      intervalMinutes: positiveInteger(
        env,
        'UPLOAD_CLEANUP_INTERVAL_MINUTES',
        DEFAULT_UPLOAD_CLEANUP_INTERVAL_MINUTES,
      ),
      graceDays: nonNegativeInteger(
        env,
        'UPLOAD_CLEANUP_GRACE_DAYS',
        DEFAULT_UPLOAD_CLEANUP_GRACE_DAYS,
      ),
    },
    s3: loadS3Config(env),
    ai: loadAiConfig(env),
    timeouts: {
      headersMs: positiveInteger(env, 'HEADERS_TIMEOUT_MS', DEFAULT_HEADERS_TIMEOUT_MS),
      requestMs: positiveInteger(env, 'REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT_MS),
      idleMs: positiveInteger(env, 'IDLE_TIMEOUT_MS', DEFAULT_IDLE_TIMEOUT_MS),
    },
    streams: {
      perAddress: positiveInteger(env, 'STREAMS_PER_ADDRESS', DEFAULT_STREAMS_PER_ADDRESS),
      perGame: positiveInteger(env, 'STREAMS_PER_GAME', DEFAULT_STREAMS_PER_GAME),
      perOwner: positiveInteger(env, 'STREAMS_PER_OWNER', DEFAULT_STREAMS_PER_OWNER),
    },
  };
}

/** proxy-addr's names for ranges, accepted in the TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; "1", "2", … that many hops in front of the
 * server (the address that many entries from the right of X-Forwarded-For); a comma list of the
 * proxies' addresses or CIDR ranges; "true" every hop (docs/operations.md "Client addresses").
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new Error(
        `TRUST_PROXY must be true, false, a number of proxy hops (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8, ::1); "${entry}" is none of these`,
      );
    }
  }
  return entries;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a whole number above 0, got "${raw}"`);
  }
  return value;
}

/** As positiveInteger, where 0 is a meaningful value too (UPLOAD_CLEANUP_GRACE_DAYS). */
function nonNegativeInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, 0 or more, got "${raw}"`);
  }
  return value;
}

/** The variables that configure S3 besides S3_BUCKET, which turns it on. */
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;
/** Where most buckets are, and what MinIO and most other S3-compatible services expect. */
const DEFAULT_S3_REGION = 'us-east-1';
/**
 * S3's rules for bucket names, loosened to what older buckets may have (upper case, "_"): enough
 * to catch a URL or a path given where a name belongs.
 */
const S3_BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/;
const S3_REGION = /^[a-z0-9-]+$/;
const S3_PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * S3_BUCKET turns object storage on (docs/operations.md "Uploads on S3-compatible storage").
 * The other S3_* variables without it are a mistake rather than something to ignore: whoever set
 * them expects uploads to be shared, and each instance would keep its own on disk.
 */
export function loadS3Config(env: NodeJS.ProcessEnv): S3StorageOptions | null {
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) {
    const set = S3_SETTINGS.filter((name) => env[name]?.trim());
    if (set.length > 0) {
      throw new Error(
        `S3_BUCKET must name the bucket for uploads when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set; leave all S3_* variables unset to keep uploads on disk`,
      );
    }
    return null;
  }
  if (!S3_BUCKET_NAME.test(bucket)) {
    throw new Error(
      `S3_BUCKET must be the bucket's name (letters, digits, ".", "-" and "_"), got "${bucket}"; the service's address goes in S3_ENDPOINT and a folder inside the bucket in S3_PREFIX`,
    );
  }
  const endpoint = parseS3Endpoint(env.S3_ENDPOINT);
  const region = env.S3_REGION?.trim() || DEFAULT_S3_REGION;
  if (!S3_REGION.test(region)) {
    throw new Error(`S3_REGION must be a region name such as eu-west-1, got "${region}"`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    // Never the values themselves: this message ends up in logs.
    throw new Error(
      `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together, but only ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set: set both, or neither to use the AWS SDK's default credentials (AWS_* variables, ~/.aws, an instance or task role)`,
    );
  }
  return {
    bucket,
    region,
    endpoint,
    // Other services mostly have no per-bucket host names; AWS itself prefers them.
    forcePathStyle: parseBoolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    prefix: parseS3Prefix(env.S3_PREFIX),
  };
}

/** S3_ENDPOINT: the URL of a service other than AWS (MinIO, R2, …), without a trailing "/". */
function parseS3Endpoint(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (!value) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `S3_ENDPOINT must be an http:// or https:// URL (e.g. http://localhost:9000 for MinIO), got "${value}"`,
    );
  }
  if (url.username || url.password) {
    // The URL is logged at start; keys in it would be too.
    throw new Error(
      'S3_ENDPOINT must not hold credentials: put them in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  return value.replace(/\/+$/, '');
}

/**
 * S3_PREFIX: a folder inside the bucket ("teamtrail/production"), so that several deployments
 * can share one bucket. Slashes around it are dropped; its segments follow the rules of the keys
 * it is put before (services/uploads/storage.ts), loosened to upper case.
 */
function parseS3Prefix(raw: string | undefined): string {
  const prefix = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!prefix) return '';
  if (prefix.includes('..') || !prefix.split('/').every((s) => S3_PREFIX_SEGMENT.test(s))) {
    throw new Error(
      `S3_PREFIX must be a folder such as teamtrail/production: segments of letters, digits, ".", "-" and "_" separated by "/", without ".."; got "${raw}"`,
    );
  }
  return prefix;
}

/** "true" or "false"; anything else is refused rather than read as one of them. */
function parseBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

function loadAiConfig(env: NodeJS.ProcessEnv): AiConfig {
  const baseUrl = env.AI_BASE_URL?.trim().replace(/\/+$/, '') || null;
  if (baseUrl && !env.AI_MODEL?.trim()) {
    throw new Error(
      'AI_MODEL must name the model when AI_BASE_URL is set (e.g. gpt-4o-mini, llama3.1)',
    );
  }
  return {
    model: baseUrl
      ? {
          baseUrl,
          apiKey: env.AI_API_KEY?.trim() || null,
          model: env.AI_MODEL!.trim(),
          timeoutMs: positiveInteger(env, 'AI_TIMEOUT_MS', DEFAULT_AI_TIMEOUT_MS),
          structuredOutputs: env.AI_STRUCTURED_OUTPUTS !== 'false',
        }
      : null,
    concurrency: positiveInteger(env, 'AI_CONCURRENCY', DEFAULT_AI_CONCURRENCY),
    requestsPerHour: positiveInteger(env, 'AI_REQUESTS_PER_HOUR', DEFAULT_AI_REQUESTS_PER_HOUR),
    guestRequestsPerHourPerAddress: positiveInteger(
      env,
      'AI_GUEST_REQUESTS_PER_HOUR_PER_ADDRESS',
      DEFAULT_AI_GUEST_REQUESTS_PER_HOUR_PER_ADDRESS,
    ),
  };
}

/**
 * Sessions are signed with a secret. Without AUTH_SECRET we make one once and keep it in the
 * data folder, so that restarting the server does not sign everybody out. Several server
 * instances must share AUTH_SECRET instead.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
