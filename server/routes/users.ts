/** POST /users/identify (link a guest's work to their account) and GET /users/{id} (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identifyRequestSchema, userSchema } from '../../src/domain/schemas';
import { badRequest, forbidden, notFound, unauthorized } from '../errors';
import { serverMessages } from '../messages';
import { moveGuestTemplatesToGuest, moveGuestTemplatesToUser } from '../services/users';
import { templateChanged } from '../../src/protocol/events';
import { guestChannel, userChannel } from '../services/realtime';

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
      const anonId = request.body.anonId.toLowerCase();
      if (!user) {
        // A guest claims the work of an earlier guest id of the same browser (its local data
        // still holds it). Knowing an anonymous id is what gives access to its work anyway.
        const current = request.actor.anonId;
        if (request.body.clerkId !== undefined) throw unauthorized(serverMessages.signInRequired);
        if (!current) throw badRequest('Send your own AnonId header to claim earlier work.');
        if (current === anonId) return { movedTemplateIds: [] };
        const moved = await moveGuestTemplatesToGuest(app.db, anonId, current);
        for (const template of moved)
          app.bus.publish(guestChannel(current), templateChanged(template));
        return { movedTemplateIds: moved.map((m) => m.id) };
      }
      // Signed in, SPEC §7's body: the account the work goes to is named, and must be the caller.
      if (request.body.clerkId === undefined) {
        throw badRequest('clerkId: Send the id of the account you are signed in with.');
      }
      if (request.body.clerkId !== user.id) {
        throw forbidden('You can only link work to the account you are signed in with.');
      }
      const moved = await moveGuestTemplatesToUser(app.db, anonId, user.id);
      // Only the user's clients are told: the guest's own browser still holds these templates
      // (now under the user's identity after sign-in), and a "deleted" notice there could make
      // it drop work that has not been pushed yet.
      for (const template of moved) {
        app.bus.publish(userChannel(user.id), templateChanged(template));
      }
      const movedTemplateIds = moved.map((m) => m.id);
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
