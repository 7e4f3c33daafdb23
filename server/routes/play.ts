/**
 * The phone player's calls (docs/games.md): look up a game by code, join as a team, the team's
 * view, answers (with photo and video uploads), the team photo, the scoreboard and its live
 * stream, and a team moving to another phone. Teams identify themselves with the TeamToken
 * header. Code look-ups, joins and rejoins are rate limited per address; answers per verified
 * team (per address when the token is not a team's).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  answerRequestSchema,
  answerResultSchema,
  joinResponseSchema,
  playerScoreboard,
  playerStateSchema,
  publicGameSchema,
  rejoinRequestSchema,
  rejoinResponseSchema,
  scoreboardSchema,
  teamSchema,
} from '../../src/domain/games';
import { idSchema, isoDateTime } from '../../src/domain/schemas';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../../src/domain/uploads';
import { badRequest, HttpError } from '../errors';
import { gameChannel } from '../services/realtime';
import type { PlayerStreamEvents } from '../../src/protocol/events';
import { endStreamsOnClose, gameStreamScope, openEventStream } from '../services/sse';
import { inspectStagedUpload } from '../services/uploads/inspect';
import type { StagedFile } from '../services/uploads/stagedFile';
import { holdUploadSlot } from '../services/uploads/uploadSlots';
import { checkGameQuota, quotaSettingsOf } from '../services/uploads/quotas';
import { saveUpload } from '../services/uploads/save';
import { withMultipartUpload, type MultipartUpload } from './multipartUpload';
import {
  countTeams,
  findGameByCode,
  joinGame,
  PLAY_MESSAGES,
  playerState,
  prepareMediaAnswer,
  recordMediaAnswer,
  rejoinTeam,
  scoreboard,
  setTeamPhoto,
  submitAnswer,
  teamByToken,
  teamOfGame,
  toPublicGame,
  toTeam,
  verifiedTeam,
  type TeamIdentity,
} from '../services/games/players';
import type { GameRow } from '../services/games/publishing';
import { submissionOf } from '../services/games/results';
import { addressForLimits } from '../services/auth/clientAddress';

const codeParams = z.object({ code: z.string().min(1).max(20) });
/** The phone's own team id, so that its row is in the scoreboard even below the top rows. */
const teamQuery = z.object({ team: idSchema.optional() });

export async function playRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  endStreamsOnClose(app);
  const lookupLimit = { max: app.config.playRateLimitPerMinute, timeWindow: '1 minute' };

  /**
   * Answers are limited per team (a venue's phones often share one address), keyed by the team
   * its TeamToken is verified to stand for; a token the database does not know counts against
   * the client's address, so that no client can pick a fresh bucket by sending made-up tokens.
   */
  const perTeam = {
    max: app.config.playTeamRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: async (request: FastifyRequest) => {
      // The team a TeamToken stands for, from the answer path's own cache (players.ts).
      const team = await verifiedTeamOf(request);
      return team ? `team:${team.id}` : `address:${addressForLimits(request.ip)}`;
    },
  };
  /** Once per request: the limit above and the handler hash and look up the token once. */
  const verifiedTeams = new WeakMap<FastifyRequest, Promise<TeamIdentity | null>>();
  const verifiedTeamOf = (request: FastifyRequest): Promise<TeamIdentity | null> => {
    let team = verifiedTeams.get(request);
    if (!team) {
      team = verifiedTeam(app.db, request.headers.teamtoken);
      verifiedTeams.set(request, team);
    }
    return team;
  };
  await app.register(multipart, { limits: { files: 1, fields: 5 } });

  const tokenOf = (request: FastifyRequest) => request.headers.teamtoken as string | undefined;
  /** The whole team (its name, photo and score), for the calls that show it. */
  const teamOf = (game: GameRow, request: FastifyRequest) =>
    teamByToken(app.db, game, tokenOf(request));
  /** Who the team is, for answers: from memory after the first call. */
  const teamIdOf = async (game: GameRow, request: FastifyRequest) =>
    teamOfGame(game, await verifiedTeamOf(request));

  const announce = (
    game: GameRow,
    event: Omit<
      Extract<Parameters<typeof app.bus.publish>[1], { type: 'game-changed' }>,
      'type' | 'gameId'
    >,
  ) => app.bus.publish(gameChannel(game.id), { type: 'game-changed', gameId: game.id, ...event });

  /** Runs `use` with the request's file staged on disk (removed afterwards). */
  const withUpload = <T>(
    request: FastifyRequest,
    fileField: string,
    maxBytes: number,
    use: (upload: MultipartUpload) => Promise<T>,
  ) =>
    withMultipartUpload(
      app,
      request,
      fileField,
      maxBytes,
      () =>
        new HttpError(
          413,
          `The file is too large: the most it can be is ${Math.round(maxBytes / 1024 / 1024)} MB.`,
        ),
      use,
    );

  /** A photo or video checked by its content (as the builder's uploads are), then stored. */
  async function storeMedia(
    game: GameRow,
    file: StagedFile,
    want: 'photo' | 'video',
    purpose: string,
  ) {
    await checkGameQuota(app.db, quotaSettingsOf(app.config), game, file.size);
    const inspected = await inspectStagedUpload(file, 'media');
    if (!inspected.ok) throw new HttpError(inspected.status, inspected.errorMessage);
    const { type } = inspected;
    const fits =
      want === 'photo' ? type.kind === 'image' && type.extension !== 'svg' : type.kind === 'video';
    if (!fits) throw new HttpError(415, PLAY_MESSAGES.wrongMediaKind(want));
    return saveUpload(app, inspected, {
      folder: `games/${game.id}`,
      templateId: game.templateId,
      purpose,
    });
  }

  app.get(
    '/play/:code',
    {
      config: { anonymous: true, rateLimit: lookupLimit },
      schema: { params: codeParams, response: { 200: publicGameSchema } },
    },
    async (request) => {
      const game = await findGameByCode(app.db, request.params.code);
      return toPublicGame(game, await countTeams(app.db, game.id), new Date());
    },
  );

  app.post(
    '/play/:code/teams',
    {
      config: { anonymous: true, rateLimit: lookupLimit },
      schema: {
        params: codeParams,
        body: z.strictObject({ name: z.string().max(200) }),
        response: { 201: joinResponseSchema },
      },
    },
    async (request, reply) => {
      const game = await findGameByCode(app.db, request.params.code);
      const { team, token } = await joinGame(app.db, game, request.body.name);
      announce(game, { reason: 'team', team: toTeam(team) });
      return reply.status(201).send({ team: toTeam(team), token });
    },
  );

  // A team moves to another phone (docs/games.md): the new phone gets a token of its own. Limited
  // per address as joining is, so rejoin codes cannot be guessed either.
  app.post(
    '/play/:code/teams/rejoin',
    {
      config: { anonymous: true, rateLimit: lookupLimit },
      schema: {
        params: codeParams,
        body: rejoinRequestSchema,
        response: { 200: rejoinResponseSchema },
      },
    },
    async (request) => {
      const game = await findGameByCode(app.db, request.params.code);
      const { team, token } = await rejoinTeam(app.db, game, request.body.rejoinCode);
      return { team: toTeam(team), token };
    },
  );

  app.post(
    '/play/:code/team/photo',
    {
      onRequest: holdUploadSlot,
      config: { anonymous: true, rateLimit: perTeam },
      schema: { params: codeParams, response: { 200: teamSchema } },
    },
    async (request) => {
      const game = await findGameByCode(app.db, request.params.code);
      const team = await teamOf(game, request);
      const media = await withUpload(request, 'photo', IMAGE_MAX_BYTES, ({ file }) =>
        storeMedia(game, file, 'photo', 'team-photo'),
      );
      const updated = toTeam(await setTeamPhoto(app.db, team, media.key));
      announce(game, { reason: 'team', team: updated });
      return updated;
    },
  );

  app.get(
    '/play/:code/me',
    {
      config: { anonymous: true, rateLimit: perTeam },
      schema: { params: codeParams, response: { 200: playerStateSchema } },
    },
    async (request) => {
      const game = await findGameByCode(app.db, request.params.code);
      return playerState(app.db, game, await teamOf(game, request));
    },
  );

  app.post(
    '/play/:code/answers',
    {
      config: { anonymous: true, rateLimit: perTeam },
      schema: {
        params: codeParams,
        body: answerRequestSchema,
        response: { 200: answerResultSchema },
      },
    },
    async (request) => {
      const game = await findGameByCode(app.db, request.params.code);
      const team = await teamIdOf(game, request);
      const { result, standing } = await submitAnswer(app.db, game, team, request.body);
      // A resend changed nothing: nobody needs to hear of it.
      if (standing) announce(game, { reason: 'submission', standing });
      return result;
    },
  );

  app.post(
    '/play/:code/answers/media',
    {
      onRequest: holdUploadSlot,
      config: { anonymous: true, rateLimit: perTeam },
      schema: { params: codeParams, response: { 200: answerResultSchema } },
    },
    async (request) => {
      const game = await findGameByCode(app.db, request.params.code);
      const team = await teamIdOf(game, request);
      return withUpload(request, 'media', VIDEO_MAX_BYTES, ({ fields, file }) =>
        answerWithMedia(game, team, fields, file),
      );
    },
  );

  /** A photo or video answer, its file staged on disk (POST /play/{code}/answers/media). */
  async function answerWithMedia(
    game: GameRow,
    team: Awaited<ReturnType<typeof teamIdOf>>,
    fields: Record<string, string>,
    file: StagedFile,
  ) {
    const stepId = idSchema.safeParse(fields.stepId);
    const clientId = z.uuid().safeParse(fields.clientId);
    if (!stepId.success || !clientId.success) {
      throw badRequest('Send the fields stepId and clientId (a UUID) before the file.');
    }
    const answeredAt = isoDateTime.optional().safeParse(fields.answeredAt || undefined);
    if (!answeredAt.success) {
      throw badRequest('answeredAt must be a date and time with its offset (ISO 8601).');
    }
    const prepared = await prepareMediaAnswer(
      app.db,
      game,
      team,
      stepId.data,
      clientId.data,
      answeredAt.data ? new Date(answeredAt.data) : null,
    );
    if (prepared.earlier) return prepared.earlier;
    if (prepared.want === 'photo' && file.size > IMAGE_MAX_BYTES) {
      throw new HttpError(
        413,
        `The photo is too large: the most it can be is ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
      );
    }
    const media = await storeMedia(game, file, prepared.want, 'answer');
    const { result, standing } = await recordMediaAnswer(
      app.db,
      game,
      team,
      prepared.step,
      clientId.data,
      media,
      prepared.late,
    );
    // The presentation shows photos and videos as they come in.
    const submission = await submissionOf(app.db, team.id, prepared.step.id);
    if (standing) {
      announce(game, { reason: 'submission', standing, ...(submission ? { submission } : {}) });
    }
    return result;
  }

  app.get(
    '/play/:code/scoreboard',
    {
      config: { anonymous: true },
      schema: { params: codeParams, querystring: teamQuery, response: { 200: scoreboardSchema } },
    },
    async (request) =>
      playerScoreboard(
        await scoreboard(app.db, await findGameByCode(app.db, request.params.code)),
        request.query.team,
      ),
  );

  app.get(
    '/play/:code/events',
    {
      config: { anonymous: true, rateLimit: false },
      schema: { params: codeParams, querystring: teamQuery },
    },
    async (request, reply) => {
      const game = await findGameByCode(app.db, request.params.code);
      const { team } = request.query;
      const stream = openEventStream<PlayerStreamEvents>(app, request, reply, {}, [
        gameStreamScope(app, game.id),
      ]);
      // The scoreboard (the last update at once), and for a team's phone the game's control
      // changes, announcements and its own judged photos (liveFeed.ts).
      stream.onClose(app.liveGames.watchAsPhone(game, team, stream));
    },
  );
}
