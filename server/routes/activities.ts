/** GET /my_games (SPEC §7): the caller's activities for My Activities. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityRowSchema } from '../../src/domain/schemas';
import { listActivities } from '../services/activities';

export async function activityRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/my_games',
    { schema: { response: { 200: z.array(activityRowSchema) } } },
    async (request) => listActivities(app.db, request.actor, app.config.publicUrl),
  );
}
