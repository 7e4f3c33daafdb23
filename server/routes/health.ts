/** GET /v1/health: for load balancers and the e2e harness; says which database is in use. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { anonymous: true, rateLimit: false } }, async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true, database: app.dbKind };
  });
}
