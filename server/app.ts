/**
 * Builds the Fastify app: plugins, the /v1 API, uploaded files and the built web app.
 * server.ts only listens and shuts down; tests build the app per file and call inject().
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { errorsPlugin } from './plugins/errors';
import { actorPlugin } from './plugins/actor';
import { serverMessages } from './messages';
import { HttpError } from './errors';
import { createInProcessBus, type RealtimeBus } from './services/realtime';
import { createPostgresBus } from './services/realtimePostgres';
import { createLocalAccounts } from './services/auth/localAccounts';
import { createClerkVerifier } from './services/auth/clerkTokens';
import type { FileStorage } from './services/uploads/storage';
import { storageFromConfig } from './services/uploads/storageFromConfig';
import { createStagingDir, sweepStagingDir } from './services/uploads/stagedFile';
import { createUploadSlots } from './services/uploads/uploadSlots';
import { configureImageDecodes } from './services/uploads/inspect';
import { configureUploadChecks } from './services/uploads/checkPool';
import { attachUploadCleanup } from './services/uploads/cleanup';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { templateRoutes } from './routes/templates';
import { taskOriginRoutes } from './routes/taskOrigins';
import { userRoutes } from './routes/users';
import { uploadRoutes, servedUploadRoutes } from './routes/uploads';
import { resumableUploadRoutes } from './routes/resumableUploads';
import { eventRoutes } from './routes/events';
import { activityRoutes } from './routes/activities';
import { aiContentRequestRoutes } from './routes/aiContentRequests';
import { gameRoutes } from './routes/games';
import { gameTeamRoutes } from './routes/gameTeams';
import { sampleGameRoutes } from './routes/sampleGame';
import { playRoutes } from './routes/play';
import { joinAddressRoutes } from './routes/joinAddress';
import { attachAiJobRunner } from './ai';
import type { ContentGenerator } from './ai/generator';
import { createLiveGameFeed } from './services/games/liveFeed';
import { createLocalCounts, createSharedCounts } from './services/limits/sharedCounts';
import { sharedRateLimitStore } from './services/limits/rateLimitStore';
import './types';

/** JSON bodies: a template of 100 tasks is well under 1 MB. Uploads have their own caps. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Longer than the usual think time between two answers, and than most proxies' idle limit. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface AppOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  storage?: FileStorage;
  bus?: RealtimeBus;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured AI generator (tests of the queue's failure paths). */
  aiGenerator?: ContentGenerator;
}

/** Trusts the first `hops` proxies in front of the server: proxy-addr's hop count. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // A number of hops as the function Fastify makes of it (its types take no number).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Ids in URLs are UUIDs; nothing legitimate is longer.
    routerOptions: { maxParamLength: 200 },
    // Phones answer a task every few seconds to minutes: keeping their connection open between
    // answers (Node's default is 5 s) spares a reconnect per answer, and a client that reuses a
    // connection just as the server closes it would see it reset.
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Slow clients cannot hold connections for ever (slowloris): the headers must
    // arrive within headersMs, a whole request (a phone's video over venue Wi-Fi included)
    // within requestMs, and a request that goes quiet half-way for idleMs is closed (between
    // requests keepAliveTimeout rules). Node checks these every few seconds, not at once.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.timeouts.headersMs / 2)),
    },
  });
  if (config.trustProxy === true) {
    // Every hop trusted: the client's address is the left-most of X-Forwarded-For, which a
    // client writes itself unless the proxy replaces the header (docs/operations.md).
    app.log.warn(
      'TRUST_PROXY=true believes any X-Forwarded-For a client sends: set the number of proxies in front (TRUST_PROXY=1) or their addresses instead',
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  // Several instances share one PostgreSQL: their realtime events meet through LISTEN/NOTIFY.
  const bus =
    options.bus ??
    (database.kind === 'postgres' && config.databaseUrl
      ? createPostgresBus(config.databaseUrl, app.log)
      : createInProcessBus());
  app.decorate('bus', bus);
  // The server takes requests once it hears the other instances: a live screen opened before
  // would miss what they publish meanwhile.
  app.addHook('onReady', async () => bus.ready);
  app.addHook('onClose', async () => bus.close?.());
  // Limits hold across instances when they share PostgreSQL (docs/operations.md "Several
  // machines"): the rate limiter's counts, failed sign-ins and open streams. Stopped on close,
  // before the caller closes the database, so that this instance's counts leave with it.
  const limitCounts =
    database.kind === 'postgres'
      ? createSharedCounts({ db: database.db, syncMs: config.limitSyncMs, log: app.log })
      : createLocalCounts({ syncMs: config.limitSyncMs });
  app.decorate('limitCounts', limitCounts);
  limitCounts.start();
  app.addHook('onClose', async () => limitCounts.stop());
  app.decorate('storage', options.storage ?? storageFromConfig(config, app.log));
  const stagingDir = path.join(config.dataDir, 'upload-staging');
  app.decorate('uploadStaging', createStagingDir(stagingDir));
  // A process killed mid-upload leaves its staging file; younger ones may be another
  // instance's uploads in flight.
  void sweepStagingDir(stagingDir, new Date(), 60 * 60_000).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not sweep the upload staging folder'),
  );
  // One pool of upload-check workers per process; its limits come from the configuration.
  configureUploadChecks(config.uploadChecks);
  configureImageDecodes(config.uploadChecks.imageDecodes);
  app.decorate('uploadSlots', createUploadSlots(config.uploadSlots));
  app.decorate('accounts', createLocalAccounts(database.db, config.authSecret, config.publicUrl));
  // Loaded at start after all: loading it on the first sign-in made that sign-in wait 2 s on an
  // idle machine and over 5 s on a busy one (an organiser's first sign-in after a deploy).
  await app.accounts.ready();
  app.decorate(
    'verifyClerkToken',
    config.clerkJwtKey
      ? createClerkVerifier(config.clerkJwtKey, config.clerkAuthorizedParties)
      : null,
  );

  app.decorate('aiJobs', attachAiJobRunner(app, options.aiGenerator));
  // Removes uploaded files nothing uses any more, now and then (docs/operations.md).
  attachUploadCleanup(app);
  // One per process: the organiser's and the players' streams of a game share its scoreboard.
  // Several instances (PostgreSQL) can miss an event while their listener reconnects.
  app.decorate('liveGames', createLiveGameFeed(app, { reconcile: database.kind === 'postgres' }));

  await app.register(errorsPlugin);
  setSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // CSP_EXTRA_ORIGINS: the hosted sign-in, error-reporting and analytics services when
        // they are configured (docs/auth.md); none by default.
        scriptSrc: ["'self'", ...config.cspExtraOrigins],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.cspExtraOrigins],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", ...config.cspExtraOrigins],
        frameSrc: ["'self'", ...config.cspExtraOrigins],
        // Teamtrail is often served over plain HTTP on a local network (phones joining a game
        // at http://192.168.…): forcing https there would break every image and script.
        upgradeInsecureRequests: null,
      },
    },
    // Uploaded media is embedded by pages of this origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  await app.register(
    async (v1) => {
      await v1.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: '1 minute',
        // Counts shared between instances; the routes' own limits (play.ts, auth.ts) use its
        // children, so they are shared too.
        store: sharedRateLimitStore(app.limitCounts),
        // The builder's result is thrown: an HttpError reaches the error handler as {errorMessage}.
        errorResponseBuilder: (_request, context) =>
          new HttpError(context.statusCode, serverMessages.tooManyRequests),
      });
      // The server's clock on every answer: sync clients stamp edits on it (sync/clockOffset.ts).
      v1.addHook('onSend', async (_request, reply) => {
        reply.header('x-server-time', String(Date.now()));
        // API answers are one person's data of the moment: no browser or proxy may keep them.
        // A route that means to be cached (a QR code image) says so itself.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await v1.register(actorPlugin);
      await v1.register(healthRoutes);
      await v1.register(authRoutes);
      await v1.register(templateRoutes);
      await v1.register(taskOriginRoutes);
      await v1.register(userRoutes);
      await v1.register(uploadRoutes);
      await v1.register(resumableUploadRoutes);
      await v1.register(eventRoutes);
      await v1.register(activityRoutes);
      await v1.register(aiContentRequestRoutes);
      await v1.register(gameRoutes);
      await v1.register(gameTeamRoutes);
      await v1.register(sampleGameRoutes);
      await v1.register(playRoutes);
      await v1.register(joinAddressRoutes);
      v1.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ errorMessage: `There is no ${request.method} ${request.url}.` }),
      );
      // The web app's files are one GET route for every path (registerWebApp): without these,
      // an unknown GET /v1/… would reach it and be answered with a page. They hand it to the
      // handler above, with its hooks, not counted by the rate limiter (as a 404 was not).
      const toNotFound = { config: { anonymous: true, rateLimit: false } };
      for (const url of ['', '/*']) {
        v1.route({
          method: ['GET', 'HEAD'],
          url,
          ...toNotFound,
          handler: (_r, reply) => reply.callNotFound(),
        });
      }
    },
    { prefix: '/v1' },
  );

  await app.register(servedUploadRoutes);
  await registerWebApp(app, config.staticDir);
  return app;
}

/**
 * helmet's security headers on every answer. They depend on the options only (no directive is a
 * function of the request), so helmet runs once, here, against a response that records what it
 * does; @fastify/helmet ran it on every request, building its whole configuration and the CSP
 * again each time (about 20 µs of the one thread a request). The same headers, in the
 * same order, set on the raw response in onRequest as helmet did: event streams, which write
 * their head themselves after reply.hijack(), get them too.
 */
function setSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const steps: { name: string; value?: string }[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => steps.push({ name, value }),
    removeHeader: (name: string) => steps.push({ name }),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const { name, value } of steps) {
      if (value === undefined) raw.removeHeader(name);
      else raw.setHeader(name, value);
    }
    done();
  });
}

/**
 * The built web app (vite build → dist): three pages. Client-side routes fall back to their
 * page so that a reload on any screen works: /play/… to the phone player, /live/… to the live
 * screens, everything else (/builder/…) to the organiser's app.
 */
function pageFor(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/play' || pathname.startsWith('/play/')) return 'play.html';
  if (pathname === '/live' || pathname.startsWith('/live/')) return 'live.html';
  return 'index.html';
}

/** An empty or `..` segment, or a NUL: no file's route had one. */
const UNROUTABLE_PATH = /\/\/|(?:^|\/)\.\.(?:\/|$)|\0/;

async function registerWebApp(app: FastifyInstance, staticDir: string) {
  const indexHtml = path.join(staticDir, 'index.html');
  const built = existsSync(indexHtml);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // One GET/HEAD route for all files (`/*`), which looks each up on disk: a route per file
      // (wildcard: false) made about 1,500 routes of the build's 750 files (idle memory).
      // A file that is not there goes to the not-found handler below, as it did without a route.
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers
      // that accept them, they cut a first visit's download to about a quarter.
      preCompressed: true,
      // Nothing from dot-folders (the build's .vite/ manifest), as the route per file had it.
      dotfiles: 'ignore',
      // Straight to the not-found handler, as without a route per file: a path without an
      // extension but `/` (a client-side route: the build writes no such file; looking it up
      // cost a page about 0.2 ms), and paths no file route matched (`//`, `..`, NUL), which
      // `send` would normalise to a file or refuse with a 400/403.
      allowedPath: (pathname) =>
        pathname === '/' || (path.extname(pathname) !== '' && !UNROUTABLE_PATH.test(pathname)),
    });
    // The service worker's script decides which version of the app a browser runs: no cache
    // (a proxy's included) may hold an old one back (docs/offline-app.md).
    app.addHook('onSend', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      // The app's files may be sent brotli- or gzip-encoded: a cache in between must keep them apart.
      if (!pathname.startsWith('/v1/') && !pathname.startsWith('/uploads/')) {
        reply.header('vary', 'accept-encoding');
      }
      if (pathname === '/sw.js') reply.header('cache-control', 'no-cache');
      // File names under /assets/ carry a hash of their content: they never change.
      else if (pathname.startsWith('/assets/') && reply.statusCode === 200) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.status(404).send({ errorMessage: 'Not found.' });
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').sendFile(pageFor(request.url));
  });
}
