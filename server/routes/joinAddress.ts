/** GET /v1/join_address (docs/games.md "The join address"): can phones reach the join links? */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { joinAddressSchema } from '../../src/domain/joinAddress';
import { unauthorized } from '../errors';
import { serverMessages } from '../messages';
import { joinAddress } from '../services/joinAddress';

export async function joinAddressRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/join_address',
    { schema: { response: { 200: joinAddressSchema } } },
    async (request, reply) => {
      // It names this machine's network addresses: organisers only, never a guest.
      if (!request.actor.user) throw unauthorized(serverMessages.signInRequired);
      // Read afresh each time: a laptop moves from one Wi-Fi to another.
      reply.header('cache-control', 'private, no-store');
      return joinAddress(app.config.publicUrl);
    },
  );
}
