/**
 * The embedded accounts' Better Auth instance: e-mail and password accounts stored in the same
 * database (auth_* tables), sessions as opaque bearer tokens. localAccounts.ts loads this module
 * when accounts are first needed.
 */
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Database } from '../../db/client';
import { authAccount, authSession, authUser, authVerification } from '../../db/schema';
import { LIMITS } from '../../../src/domain/limits';

export { APIError } from 'better-auth/api';

/** Sessions last a month and are renewed daily while used. */
const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

export function createBetterAuth(db: Database, secret: string, baseURL: string) {
  return betterAuth({
    appName: 'Teamtrail',
    baseURL,
    // Better Auth's own HTTP handler is not mounted; /v1/auth/* calls its server API instead.
    basePath: '/v1/auth/provider',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMinLength,
      maxPasswordLength: LIMITS.passwordMaxLength,
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // Flood protection is the API's own rate limiter (server/plugins/security.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: { database: { generateId: () => randomUUID() } },
    plugins: [bearer()],
    logger: { disabled: true },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
