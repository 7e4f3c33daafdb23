/**
 * Works out who is calling (SPEC §7 common rules): a bearer token from Clerk or from the
 * embedded accounts, and the guest's AnonId header. A guest without an anonymous id is given
 * one in the `anonid` response header, which the client keeps in the wgAnonId cookie.
 * A token that is present but not valid is refused, never treated as a guest.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized, badRequest } from '../errors';
import { serverMessages } from '../messages';
import { ensureUser } from '../services/users';
import type { User } from '../../src/domain/schemas';
import type { Actor } from '../services/actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A JWT has three dot-separated parts; Better Auth's session tokens have none. */
const looksLikeJwt = (token: string) => token.split('.').length === 3;

async function userFromToken(app: FastifyInstance, token: string): Promise<User | null> {
  if (app.verifyClerkToken && looksLikeJwt(token)) {
    const identity = await app.verifyClerkToken(token);
    if (!identity) return null;
    return ensureUser(app.db, { provider: 'clerk', ...identity });
  }
  const session = await app.accounts.api.getSession({
    headers: new Headers({ authorization: `Bearer ${token}` }),
  });
  if (!session) return null;
  return ensureUser(app.db, {
    provider: 'local',
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
  });
}

export async function resolveActor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  let user: User | null = null;
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw unauthorized(serverMessages.malformedAuthorization);
    user = await userFromToken(app, match[1]);
    if (!user) throw unauthorized(serverMessages.sessionInvalid);
  }

  let anonId: string | null = null;
  const anonHeader = request.headers.anonid;
  if (anonHeader !== undefined && anonHeader !== '') {
    if (typeof anonHeader !== 'string' || !UUID.test(anonHeader)) {
      throw badRequest(serverMessages.malformedAnonId);
    }
    anonId = anonHeader.toLowerCase();
  } else if (!user) {
    anonId = randomUUID();
    reply.header('anonid', anonId);
  }

  return { userId: user?.id ?? null, anonId, user, plan: user?.plan ?? 'FREE' };
}

export const actorPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.anonymous) return;
    request.actor = await resolveActor(app, request, reply);
  });
});
