/**
 * GET /my_games (SPEC §7): the caller's activities for My Activities. GET /my_demo_games
 * (docs/games.md "Recent demo runs"): the caller's demos of the last 24 hours, a separate call so
 * SPEC's /my_games answer stays a list of activities.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityRowSchema } from '../../src/domain/schemas';
import { demoRunListSchema } from '../../src/domain/demoRuns';
import { listActivities } from '../services/activities';
import { listRecentDemoRuns } from '../services/demoRuns';

export async function activityRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/my_games',
    { schema: { response: { 200: z.array(activityRowSchema) } } },
    async (request) => listActivities(app.db, request.actor, app.config.publicUrl),
  );
  app.get('/my_demo_games', { schema: { response: { 200: demoRunListSchema } } }, async (request) =>
    listRecentDemoRuns(app.db, request.actor, app.config.publicUrl),
  );
}
