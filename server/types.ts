/** The decorations the app adds to Fastify's instance and requests, typed in one place. */
import type { Database } from './db/client';
import type { ServerConfig } from './config';
import type { RealtimeBus } from './services/realtime';
import type { LocalAccounts } from './services/auth/localAccounts';
import type { ClerkVerifier } from './services/auth/clerkTokens';
import type { FileStorage } from './services/uploads/storage';
import type { StagingDir } from './services/uploads/stagedFile';
import type { UploadSlots } from './services/uploads/uploadSlots';
import type { AiJobRunner } from './ai/jobRunner';
import type { LiveGameFeed } from './services/games/liveFeed';
import type { SharedCounts } from './services/limits/sharedCounts';
import type { Actor } from './services/actor';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: 'pglite' | 'postgres';
    config: ServerConfig;
    bus: RealtimeBus;
    accounts: LocalAccounts;
    verifyClerkToken: ClerkVerifier | null;
    storage: FileStorage;
    /** Where multipart uploads wait on disk while they are checked (stagedFile.ts). */
    uploadStaging: StagingDir;
    /** Uploads being received now, against UPLOADS_AT_ONCE (uploadSlots.ts). */
    uploadSlots: UploadSlots;
    aiJobs: AiJobRunner;
    /** The live side of the games being watched: scoreboards and phones' events (liveFeed.ts). */
    liveGames: LiveGameFeed;
    /**
     * Limit counts: the rate limiter's, failed sign-ins, open streams. Shared between instances
     * through PostgreSQL, in this process's memory alone on the embedded database (sharedCounts.ts).
     */
    limitCounts: SharedCounts;
  }
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Routes that do not look at the caller's identity (health, sign-in, sign-up). */
    anonymous?: boolean;
  }
}
