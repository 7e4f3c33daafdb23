/** POST /users/identify (link a guest's work to their account) and GET /users/{id} (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identifyRequestSchema, userSchema } from '../../src/domain/schemas';
import { forbidden, notFound, unauthorized } from '../errors';
import { serverMessages } from '../messages';
import { moveGuestTemplatesToUser } from '../services/users';

export async function userRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/identify',
    {
      schema: {
        body: identifyRequestSchema,
        response: { 200: z.object({ movedTemplateIds: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const user = request.actor.user;
      if (!user) throw unauthorized(serverMessages.signInRequired);
      if (request.body.clerkId !== user.id) {
        throw forbidden('You can only link work to the account you are signed in with.');
      }
      const movedTemplateIds = await moveGuestTemplatesToUser(
        app.db,
        request.body.anonId.toLowerCase(),
        user.id,
      );
      const now = new Date().toISOString();
      for (const id of movedTemplateIds) {
        app.bus.publish(`user:${user.id}`, {
          type: 'template-changed',
          id,
          revision: 0,
          updatedAt: now,
          deleted: false,
        });
        app.bus.publish(`anon:${request.body.anonId.toLowerCase()}`, {
          type: 'template-changed',
          id,
          revision: 0,
          updatedAt: now,
          deleted: true,
        });
      }
      return { movedTemplateIds };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = request.actor.user;
      if (!user) throw unauthorized(serverMessages.signInRequired);
      // Only one's own record: "me" or one's own id. Anyone else's is "not found".
      if (request.params.id !== 'me' && request.params.id !== user.id)
        throw notFound('There is no such user.');
      return user;
    },
  );
}
