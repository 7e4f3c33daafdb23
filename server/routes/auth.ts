/**
 * The embedded accounts' calls (POST /v1/auth/sign-up, sign-in, sign-out; GET /v1/auth/me),
 * for the web app, scripts and tests alike. Tokens are bearer tokens for every other call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import {
  authResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
  userSchema,
} from '../../src/domain/schemas';
import { HttpError, unauthorized } from '../errors';
import { serverMessages } from '../messages';
import { passwordProblem } from '../services/auth/passwordPolicy';
import { ensureUser } from '../services/users';

const authMessages = {
  emailTaken: 'An account with this e-mail address already exists. Sign in instead.',
  wrongCredentials: 'The e-mail address or password is not right.',
  clerkOnly: 'Accounts are managed by the sign-in provider on this server.',
} as const;

/** Better Auth's error codes, as the messages organisers read. */
function translateAuthError(error: unknown): never {
  if (error instanceof APIError) {
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
      throw new HttpError(400, passwordProblem('', '') ?? 'Choose another password.');
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
      const { email, password, name } = request.body;
      const problem = passwordProblem(password, email);
      if (problem) throw new HttpError(400, problem);
      const result = await app.accounts.api
        .signUpEmail({ body: { email: email.toLowerCase(), password, name } })
        .catch(translateAuthError);
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

  app.post(
    '/auth/sign-in',
    {
      config: { anonymous: true, rateLimit: floodLimit },
      schema: { body: signInRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { email, password } = request.body;
      const result = await app.accounts.api
        .signInEmail({ body: { email: email.toLowerCase(), password } })
        .catch(translateAuthError);
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
      .catch(translateAuthError);
    return reply.status(204).send();
  });

  app.get('/auth/me', { schema: { response: { 200: userSchema } } }, async (request) => {
    if (!request.actor.user) throw unauthorized(serverMessages.signInRequired);
    return request.actor.user;
  });
}
