/** GET /sample_game (docs/games.md "The sample game"): the code anyone can play "Play a demo" with. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sampleGameResponseSchema } from '../../src/domain/games';
import { qrCodeUrl } from '../services/games/publishing';
import { sampleGame } from '../services/games/sampleGame';

export async function sampleGameRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sample_game',
    { config: { anonymous: true }, schema: { response: { 200: sampleGameResponseSchema } } },
    async (_request, reply) => {
      const game = await sampleGame(app.db);
      // The code changes at midnight (UTC): a cached answer would send players to yesterday's.
      reply.header('cache-control', 'no-store');
      return {
        code: game.code,
        qrCodeUrl: qrCodeUrl(game.code),
        endsAt: game.endsAt.toISOString(),
      };
    },
  );
}
