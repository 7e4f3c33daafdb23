/**
 * POST /ai_content_requests and GET /ai_content_requests/{id} (SPEC §7, docs/ai.md). The POST
 * queues a job and answers at once with the status URL; the client polls it every 5 s until
 * completedAt is set (or an error message comes back). Flooding limits: per user or guest, and
 * for guests per client address as well (docs/operations.md "Limits").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiContentRequestBodySchema,
  aiContentRequestStatusSchema,
  idSchema,
} from '../../src/domain/schemas';
import {
  createAiRequest,
  getAiRequestStatus,
  guestAddressKey,
} from '../services/aiContentRequests';
import { addressForLimits } from '../services/auth/clientAddress';

export async function aiContentRequestRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ai_content_requests',
    {
      schema: {
        body: aiContentRequestBodySchema,
        response: { 202: z.object({ aiContentRequestStatusUrl: z.string() }) },
      },
    },
    async (request, reply) => {
      const id = await createAiRequest(app.db, request.actor, request.body, {
        requestsPerHour: app.config.ai.requestsPerHour,
        guestRequestsPerHourPerAddress: app.config.ai.guestRequestsPerHourPerAddress,
        // The address as TRUST_PROXY makes it out (IPv6 by its /64), kept only as a keyed hash.
        clientAddressKey: guestAddressKey(addressForLimits(request.ip), app.config.authSecret),
      });
      app.aiJobs.wake();
      return reply.status(202).send({
        aiContentRequestStatusUrl: `${app.config.publicUrl}/v1/ai_content_requests/${id}`,
      });
    },
  );

  app.get(
    '/ai_content_requests/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        response: { 200: aiContentRequestStatusSchema },
      },
    },
    async (request) => getAiRequestStatus(app.db, request.actor, request.params.id),
  );
}
