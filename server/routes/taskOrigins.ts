/**
 * GET /templates/{id}/task_origins and POST /templates/{id}/steps/{stepId}/another (docs/ai.md
 * "Where each task came from"): where each AI-written task came from, and one new task like it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anotherTaskBodySchema,
  idSchema,
  stepSchema,
  taskOriginSchema,
  taskOriginsResponseSchema,
} from '../../src/domain/schemas';
import { anotherTask, listTaskOrigins } from '../services/taskOrigins';
import { ownerOf } from './templates';

/** One task at a time is cheap (the built-in generator), but not free: a click, not a loop. */
const ANOTHER_PER_MINUTE = 30;

export async function taskOriginRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/templates/:id/task_origins',
    {
      schema: {
        params: z.strictObject({ id: idSchema }),
        response: { 200: taskOriginsResponseSchema },
      },
    },
    async (request) => ({
      origins: await listTaskOrigins(app.db, ownerOf(request.actor), request.params.id),
    }),
  );

  app.post(
    '/templates/:id/steps/:stepId/another',
    {
      config: { rateLimit: { max: ANOTHER_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        params: z.strictObject({ id: idSchema, stepId: idSchema }),
        body: anotherTaskBodySchema,
        response: { 200: z.object({ step: stepSchema, origin: taskOriginSchema }) },
      },
    },
    async (request) =>
      anotherTask(
        app.db,
        ownerOf(request.actor),
        request.params.id,
        request.params.stepId,
        request.body?.avoid ?? [],
      ),
  );
}
