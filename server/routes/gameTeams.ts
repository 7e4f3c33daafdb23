/**
 * The organiser's calls on a game's teams (docs/games.md "Teams: rename, remove, bonus and
 * penalty points"): rename, remove, bonus and penalty points. Like the live-screen calls, each
 * takes the game's screen key (?key=) or the owner's sign-in; another organiser's game is 404,
 * and so is a team that is not the game's. Every change is told to the game's phones and live
 * screens, whose scoreboards follow.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../src/domain/schemas';
import {
  scoreAdjustmentListSchema,
  scoreAdjustmentRequestSchema,
  scoreAdjustmentResultSchema,
  teamRenameRequestSchema,
  teamSchema,
  type Team,
} from '../../src/domain/games';
import { gameChannel } from '../services/realtime';
import { toTeam } from '../services/games/players';
import type { GameRow } from '../services/games/publishing';
import {
  adjustScore,
  removeTeam,
  renameTeam,
  teamAdjustments,
  toScoreAdjustment,
} from '../services/games/teams';
import { screenGameOf, screenQuery } from './screenAccess';

const teamParams = z.object({ gameId: idSchema, teamId: idSchema });

export async function gameTeamRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  /**
   * A team renamed or its score changed: the `team` event with the team (live screens update its
   * row). Without a team, the team was removed: the scoreboard feed sends every screen and phone
   * the new scoreboard, and live screens read their statistics again.
   */
  const announce = (game: GameRow, team?: Team) =>
    app.bus.publish(gameChannel(game.id), {
      type: 'game-changed',
      gameId: game.id,
      reason: 'team',
      ...(team ? { team } : {}),
    });

  app.patch(
    '/games/:gameId/teams/:teamId',
    {
      schema: {
        params: teamParams,
        querystring: screenQuery,
        body: teamRenameRequestSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) => {
      const game = await screenGameOf(app.db, request, request.params.gameId);
      const team = toTeam(await renameTeam(app.db, game, request.params.teamId, request.body.name));
      announce(game, team);
      return team;
    },
  );

  app.delete(
    '/games/:gameId/teams/:teamId',
    { schema: { params: teamParams, querystring: screenQuery } },
    async (request, reply) => {
      const game = await screenGameOf(app.db, request, request.params.gameId);
      await removeTeam(app.db, game, request.params.teamId);
      announce(game);
      return reply.status(204).send();
    },
  );

  app.get(
    '/games/:gameId/teams/:teamId/adjustments',
    {
      schema: {
        params: teamParams,
        querystring: screenQuery,
        response: { 200: scoreAdjustmentListSchema },
      },
    },
    async (request) => {
      const game = await screenGameOf(app.db, request, request.params.gameId);
      const rows = await teamAdjustments(app.db, game, request.params.teamId);
      return { adjustments: rows.map(toScoreAdjustment) };
    },
  );

  app.post(
    '/games/:gameId/teams/:teamId/adjustments',
    {
      schema: {
        params: teamParams,
        querystring: screenQuery,
        body: scoreAdjustmentRequestSchema,
        response: { 201: scoreAdjustmentResultSchema },
      },
    },
    async (request, reply) => {
      const game = await screenGameOf(app.db, request, request.params.gameId);
      const { adjustment, team } = await adjustScore(
        app.db,
        game,
        request.params.teamId,
        request.body,
      );
      const updated = toTeam(team);
      announce(game, updated);
      return reply.status(201).send({ adjustment: toScoreAdjustment(adjustment), team: updated });
    },
  );
}
