/**
 * Games for organisers (docs/games.md): demo, launch and schedule (SPEC §7), the game status,
 * the QR code image, and the live screens' data: scoreboard, statistics, CSV, the photos and
 * videos as a zip, judging, and the live event stream. The live-screen calls take the game's
 * screen key (?key=) or the owner's sign-in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import yazl from 'yazl';
import { z } from 'zod';
import {
  gameStatusSchema,
  gameStatusUrlResponseSchema,
  idSchema,
  publishRequestSchema,
} from '../../src/domain/schemas';
import {
  announcementRequestSchema,
  announcementSchema,
  gameChangeRequestSchema,
  gameControlSchema,
  judgeRequestSchema,
  type GameControl,
  normaliseCode,
  playerUrl,
  scoreboardSchema,
  shownOnPresentation,
  statisticsSchema,
  submissionSchema,
} from '../../src/domain/games';
import { notFound } from '../errors';
import { gameChannel, type RealtimeEvent } from '../services/realtime';
import { GAME_EVENTS, type GameStreamEvents } from '../../src/protocol/events';
import { endStreamsOnClose, gameStreamScope, openEventStream } from '../services/sse';
import {
  createGame,
  gameStatusUrl,
  getGameStatus,
  type GameRow,
} from '../services/games/publishing';
import { scoreboard } from '../services/games/players';
import { addAnnouncement } from '../services/games/announcements';
import {
  changeGameEnd,
  endGame,
  pauseGame,
  resumeGame,
  sameControl,
  toGameControl,
} from '../services/games/control';
import {
  judgeSubmission,
  mediaFiles,
  presentationStatistics,
  resultsCsv,
  safeFileName,
  statistics,
} from '../services/games/results';
import { isKnownTimeZone } from '../../src/domain/schedule';
import { attachment } from './attachment';
import { screenGameOf, screenParams, screenQuery } from './screenAccess';

/**
 * `?view=presentation`: the call comes from a screen the room sees (the presentation, the
 * scoreboard). It then never carries a submission the organiser hid or rejected (docs/games.md
 * "Judging").
 */
const viewQuery = screenQuery.extend({ view: z.enum(['presentation']).optional() });

/** QR codes are printed and projected: a quiet zone and enough pixels to scan from afar. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 512 } as const;

/**
 * The organiser's IANA time zone, sent by the app with a launch (docs/games.md): "the rest of
 * the day" and "one launch per day" are counted in it. Missing or unknown: the server's own.
 */
const TIME_ZONE_HEADER = 'x-time-zone';
function organiserTimeZone(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 64 && isKnownTimeZone(value) ? value : undefined;
}

export async function gameRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  endStreamsOnClose(app);

  /** A live screen's game: by its screen key, or as its signed-in owner; else "not found". */
  const screenGame = (request: FastifyRequest, gameId: string): Promise<GameRow> =>
    screenGameOf(app.db, request, gameId);

  app.post(
    '/templates/:id/publish',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: publishRequestSchema.default({}),
        response: { 201: gameStatusUrlResponseSchema },
      },
    },
    async (request, reply) => {
      const game = await createGame(
        app.db,
        request.actor,
        request.params.id,
        'publish',
        request.body,
        new Date(),
        organiserTimeZone(request.headers[TIME_ZONE_HEADER]),
      );
      return reply.status(201).send({ gameStatusUrl: gameStatusUrl(app.config.publicUrl, game) });
    },
  );

  app.post(
    '/templates/:id/demo_game',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: z.strictObject({}).default({}),
        response: { 201: gameStatusUrlResponseSchema },
      },
    },
    async (request, reply) => {
      const game = await createGame(app.db, request.actor, request.params.id, 'demo', {});
      return reply.status(201).send({ gameStatusUrl: gameStatusUrl(app.config.publicUrl, game) });
    },
  );

  app.get(
    '/templates/:templateId/games/:gameId',
    {
      schema: {
        params: z.object({ templateId: idSchema, gameId: idSchema }),
        response: { 200: gameStatusSchema },
      },
    },
    async (request) =>
      getGameStatus(
        app.db,
        request.actor,
        request.params.templateId,
        request.params.gameId,
        app.config.publicUrl,
      ),
  );

  app.get(
    '/qr/:file',
    { config: { anonymous: true }, schema: { params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const code = normaliseCode(request.params.file.replace(/\.png$/i, ''));
      if (!code || !request.params.file.toLowerCase().endsWith('.png')) {
        throw notFound('There is no QR code here.');
      }
      const png = await QRCode.toBuffer(playerUrl(app.config.publicUrl, code), QR_OPTIONS);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(png);
    },
  );

  app.get(
    '/games/:gameId/scoreboard',
    {
      schema: {
        params: screenParams,
        querystring: screenQuery,
        response: { 200: scoreboardSchema },
      },
    },
    async (request) => scoreboard(app.db, await screenGame(request, request.params.gameId)),
  );

  app.get(
    '/games/:gameId/statistics',
    {
      schema: {
        params: screenParams,
        querystring: viewQuery,
        response: { 200: statisticsSchema },
      },
    },
    async (request) => {
      const game = await screenGame(request, request.params.gameId);
      return request.query.view === 'presentation'
        ? presentationStatistics(app.db, game)
        : statistics(app.db, game);
    },
  );

  app.get(
    '/games/:gameId/statistics.csv',
    { schema: { params: screenParams, querystring: screenQuery } },
    async (request, reply) => {
      const game = await screenGame(request, request.params.gameId);
      const csv = await resultsCsv(app.db, game, app.config.publicUrl);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${fileName(game.name)} results.csv`))
        .send(`\uFEFF${csv}`); // the byte-order mark makes Excel read UTF-8
    },
  );

  app.get(
    '/games/:gameId/media.zip',
    { schema: { params: screenParams, querystring: screenQuery } },
    async (request, reply) => {
      const game = await screenGame(request, request.params.gameId);
      const zip = new yazl.ZipFile();
      for (const file of await mediaFiles(app.db, game)) {
        if (!(await app.storage.head(file.key))) continue; // a file removed by hand: leave it out
        // Opened one at a time as the zip is written: a big game has thousands of files.
        // Photos and videos are compressed already, so they are stored as they are.
        zip.addReadStreamLazy(file.path, { compress: false }, (done) => {
          app.storage.get(file.key).then(
            (stored) =>
              stored
                ? done(null, stored.body)
                : done(new Error(`missing ${file.key}`), undefined as never),
            (error: Error) => done(error, undefined as never),
          );
        });
      }
      zip.end();
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(`${fileName(game.name)} photos and videos.zip`))
        .send(zip.outputStream);
    },
  );

  app.patch(
    '/games/:gameId/submissions/:submissionId',
    {
      schema: {
        params: z.object({ gameId: idSchema, submissionId: idSchema }),
        querystring: screenQuery,
        body: judgeRequestSchema,
        response: { 200: submissionSchema },
      },
    },
    async (request) => {
      const game = await screenGame(request, request.params.gameId);
      const submission = await judgeSubmission(
        app.db,
        game,
        request.params.submissionId,
        request.body,
      );
      app.bus.publish(gameChannel(game.id), {
        type: 'game-changed',
        gameId: game.id,
        reason: 'judged',
        submission,
      });
      return submission;
    },
  );

  /**
   * Game control: the change is told to every screen and phone of the game at once. A call that
   * changed nothing (a second Pause, End on an ended game) tells no one: every phone would
   * otherwise re-render, and at 2,000 teams a repeated click is 2,000 needless events.
   */
  const controlled = (before: GameRow, game: GameRow): GameControl => {
    const control = toGameControl(game);
    if (sameControl(before, game)) return control;
    app.bus.publish(gameChannel(game.id), {
      type: 'game-changed',
      gameId: game.id,
      reason: 'control',
      control,
    });
    return control;
  };
  const controlSchema = {
    params: screenParams,
    querystring: screenQuery,
    // No body: a client's `{}` or none at all is the same request.
    response: { 200: gameControlSchema },
  };

  app.post('/games/:gameId/end', { schema: controlSchema }, async (request) => {
    const game = await screenGame(request, request.params.gameId);
    return controlled(game, await endGame(app.db, game));
  });

  app.post('/games/:gameId/pause', { schema: controlSchema }, async (request) => {
    const game = await screenGame(request, request.params.gameId);
    return controlled(game, await pauseGame(app.db, game));
  });

  app.post('/games/:gameId/resume', { schema: controlSchema }, async (request) => {
    const game = await screenGame(request, request.params.gameId);
    return controlled(game, await resumeGame(app.db, game));
  });

  app.patch(
    '/games/:gameId',
    {
      schema: {
        params: screenParams,
        querystring: screenQuery,
        body: gameChangeRequestSchema,
        response: { 200: gameControlSchema },
      },
    },
    async (request) => {
      const game = await screenGame(request, request.params.gameId);
      return controlled(
        game,
        await changeGameEnd(
          app.db,
          game,
          new Date(request.body.endsAt),
          new Date(),
          organiserTimeZone(request.headers[TIME_ZONE_HEADER]),
        ),
      );
    },
  );

  app.post(
    '/games/:gameId/announcements',
    {
      schema: {
        params: screenParams,
        querystring: screenQuery,
        body: announcementRequestSchema,
        response: { 201: announcementSchema },
      },
    },
    async (request, reply) => {
      const game = await screenGame(request, request.params.gameId);
      const announcement = await addAnnouncement(app.db, game.id, request.body.text);
      app.bus.publish(gameChannel(game.id), {
        type: 'game-changed',
        gameId: game.id,
        reason: 'announcement',
        announcement,
      });
      return reply.status(201).send(announcement);
    },
  );

  app.get(
    '/games/:gameId/events',
    { config: { rateLimit: false }, schema: { params: screenParams, querystring: viewQuery } },
    async (request, reply) => {
      const game = await screenGame(request, request.params.gameId);
      const presentation = request.query.view === 'presentation';
      const stream = openEventStream<GameStreamEvents>(app, request, reply, {}, [
        gameStreamScope(app, game.id),
      ]);
      stream.onClose(
        app.liveGames.watchScoreboard(game, (json) =>
          stream.sendJson(GAME_EVENTS.scoreboard, json),
        ),
      );
      stream.onClose(
        app.bus.subscribe(gameChannel(game.id), (event: RealtimeEvent) => {
          if (event.type !== 'game-changed') return;
          if (event.submission) {
            // A room's screen hears only that it must drop the submission, never what it was.
            if (presentation && !shownOnPresentation(event.submission)) {
              stream.send(GAME_EVENTS.withdrawn, { id: event.submission.id });
            } else stream.send(GAME_EVENTS.submission, event.submission);
          }
          if (event.team) stream.send(GAME_EVENTS.team, event.team);
          if (event.control) stream.send(GAME_EVENTS.game, event.control);
          if (event.announcement) stream.send(GAME_EVENTS.announcement, event.announcement);
        }),
      );
    },
  );
}

/** A game's name as part of a download's file name. */
const fileName = (name: string): string => safeFileName(name, 80, 'Teamtrail');
