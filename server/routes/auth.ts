/**
 * The embedded accounts' calls (POST /v1/auth/sign-up, sign-in, sign-out; GET /v1/auth/me),
 * for the web app, scripts and tests alike. Tokens are bearer tokens for every other call.
 * Sign-up and sign-in are limited per client address (AUTH_RATE_LIMIT_PER_MINUTE), and failed
 * sign-ins per e-mail address as well (SIGN_IN_FAILURES_PER_ACCOUNT; docs/auth.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
  userSchema,
} from '../../src/domain/schemas';
import { HttpError, unauthorized } from '../errors';
import { serverMessages } from '../messages';
import { lengthProblem, passwordProblem } from '../services/auth/passwordPolicy';
import { createSignInAttemptLimiter, tooManySignInsMessage } from '../services/auth/signInAttempts';
import { ensureUser } from '../services/users';

const authMessages = {
  emailTaken: 'An account with this e-mail address already exists. Sign in instead.',
  wrongCredentials: 'The e-mail address or password is not right.',
  clerkOnly: 'Accounts are managed by the sign-in provider on this server.',
} as const;

/** Better Auth's error codes, as the messages organisers read. */
function translateAuthError(app: FastifyInstance, error: unknown): never {
  if (app.accounts.isAuthError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code ?? '';
    if (code.startsWith('USER_ALREADY_EXISTS')) throw new HttpError(409, authMessages.emailTaken);
    if (
      code === 'INVALID_EMAIL_OR_PASSWORD' ||
      code === 'INVALID_PASSWORD' ||
      code === 'USER_NOT_FOUND'
    ) {
      throw new HttpError(401, authMessages.wrongCredentials);
    }
    if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
      throw new HttpError(400, lengthProblem('') ?? 'Choose another password.');
    }
    if (code === 'INVALID_EMAIL') throw new HttpError(400, 'Enter a valid e-mail address.');
    const status =
      typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) throw new HttpError(status, error.message || 'The request was refused.');
  }
  throw error;
}

export async function authRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const floodLimit = {
    max: app.config.authRateLimitPerMinute,
    timeWindow: '1 minute',
  };

  app.post(
    '/auth/sign-up',
    {
      config: { anonymous: true, rateLimit: floodLimit },
      schema: { body: signUpRequestSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      // With Clerk, accounts are Clerk's: a second, local way in would bypass its rules (its
      // verification, its bans). Existing local accounts still sign in.
      if (!app.config.localSignUp) throw new HttpError(403, authMessages.clerkOnly);
      const { email, password, name } = request.body;
      const problem = await passwordProblem(password, { email, name });
      if (problem) throw new HttpError(400, problem);
      const result = await app.accounts.api
        .signUpEmail({ body: { email: email.toLowerCase(), password, name } })
        .catch((error: unknown) => translateAuthError(app, error));
      if (!result.token) throw new Error('Sign-up did not start a session');
      const user = await ensureUser(app.db, {
        provider: 'local',
        userId: result.user.id,
        email: result.user.email,
        name: result.user.name,
      });
      return reply.status(201).send({ token: result.token, user });
    },
  );

  // Failed sign-ins per e-mail address, whoever sends them (the per-address limit is floodLimit).
  const signInAttempts = createSignInAttemptLimiter({
    max: app.config.signInFailuresPerAccount,
    windowMs: app.config.signInFailureWindowMinutes * 60_000,
    // Failures sent to other instances count too (docs/auth.md "Sign-in limits").
    shared: app.limitCounts,
  });

  app.post(
    '/auth/sign-in',
    {
      config: { anonymous: true, rateLimit: floodLimit },
      schema: {
        body: signInRequestSchema,
        response: { 200: authResponseSchema, 429: z.object({ errorMessage: z.string() }) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted before the password is checked, for unknown addresses too: the answer is the
      // same whether or not the account exists.
      const admission = signInAttempts.admit(email);
      if (!admission.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(admission.retryAfterSeconds))
          .send({ errorMessage: tooManySignInsMessage(admission.retryAfterSeconds) });
      }
      let result: Awaited<ReturnType<typeof app.accounts.api.signInEmail>>;
      try {
        result = await app.accounts.api
          .signInEmail({ body: { email: email.toLowerCase(), password } })
          .catch((error: unknown) => translateAuthError(app, error));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) admission.attempt.failed();
        else admission.attempt.cancel();
        throw error;
      }
      admission.attempt.cancel();
      const user = await ensureUser(app.db, {
        provider: 'local',
        userId: result.user.id,
        email: result.user.email,
        name: result.user.name,
      });
      return { token: result.token, user };
    },
  );

  app.post('/auth/sign-out', async (request, reply) => {
    if (!request.actor.user) throw unauthorized(serverMessages.signInRequired);
    await app.accounts.api
      .signOut({ headers: new Headers({ authorization: request.headers.authorization ?? '' }) })
      .catch((error: unknown) => translateAuthError(app, error));
    return reply.status(204).send();
  });

  app.get('/auth/me', { schema: { response: { 200: userSchema } } }, async (request) => {
    if (!request.actor.user) throw unauthorized(serverMessages.signInRequired);
    return request.actor.user;
  });
}
