/**
 * Resumable uploads (docs/api.md "Resumable uploads"): the builder's logo and task media sent in
 * chunks against an offset the server keeps, so an upload cut off by a lost connection, a reload
 * or a killed worker goes on where it stopped instead of starting over. The semantics are those
 * of tus 1.0 core (create, ask the offset, append at the offset, 409 on a wrong offset) with JSON
 * answers in the API's usual shape.
 *
 *   POST   /uploads {templateId, target, filename, mimeType, size}  → 201 session (or 429)
 *   GET    /uploads/{uploadId} (HEAD too)                            → session (offset)
 *   PATCH  /uploads/{uploadId}  Upload-Offset: n, the next bytes     → session, or 201 asset
 *   DELETE /uploads/{uploadId}                                       → 204
 *
 * Who may upload, the limits and the messages are those of the whole-file routes (uploads.ts):
 * the same ownership check on every request, the declared size and type checked up front, and
 * the finished file through the very same inspection and storage.
 *
 * One limit is their own: an owner may have at most MAX_UNFINISHED_UPLOADS_PER_OWNER uploads
 * open at a time (429 with Retry-After), since each holds disk for a day.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSchema } from '../../src/domain/schemas';
import { badRequest, HttpError, notFound } from '../errors';
import { getWritableRow } from '../services/templates';
import { checkDeclaredUpload } from '../services/uploads/inspect';
import {
  createUploadSessionStore,
  MAX_UNFINISHED_UPLOADS_PER_OWNER,
  RECOMMENDED_CHUNK_BYTES,
  type UploadSession,
  type UploadSessionStore,
} from '../services/uploads/resumable';
import type { Actor } from '../services/actor';
import { guestChannel, ownerKeyOf } from '../services/realtime';
import { storeUploadedFile } from './uploads';
import { holdUploadSlot } from '../services/uploads/uploadSlots';
import { checkAccountQuota, quotaSettingsOf } from '../services/uploads/quotas';

/** Content types of a chunk: tus's own, and the generic one any HTTP client can send. */
const CHUNK_CONTENT_TYPES = ['application/offset+octet-stream', 'application/octet-stream'];
const SWEEP_INTERVAL_MS = 60 * 60_000;
/**
 * Retry-After for an owner at the cap of unfinished uploads: a place frees up when one of them
 * finishes or is removed, which for a client sending its files is a matter of a minute or so;
 * sooner when the first of them expires before that.
 */
const TOO_MANY_UNFINISHED_RETRY_AFTER_MS = 60_000;

const MESSAGES = {
  notFound: 'This upload does not exist. Start it again.',
  expired: 'This upload waited too long for its next part and was removed. Start it again.',
  wrongOffset: 'This part does not continue the upload where the server has it.',
  busy: 'Another part of this upload is still arriving. Try again in a moment.',
  pastSize: 'This part goes past the size declared for the file.',
  badOffset:
    'Send the Upload-Offset header with the number of bytes the server holds (GET /v1/uploads/{id}).',
  notBytes: 'Send the part of the file as application/offset+octet-stream.',
  cutOff: 'The part of the file was cut off; what arrived is kept.',
  tooManyUnfinished: (unfinished: number) =>
    `You have ${unfinished} unfinished uploads. Wait for them to finish, or remove some, and try again.`,
} as const;

const sessionAnswerSchema = z.object({
  uploadId: z.string(),
  offset: z.number().int(),
  size: z.number().int(),
  chunkSize: z.number().int(),
  expiresAt: z.string(),
  /** The stored file once the upload finished; null until then. */
  asset: assetSchema.nullable(),
  /**
   * A part is arriving right now (typically one whose sender was cut off and whose end the
   * server has not noticed yet): the offset may still move, so a client waits a moment and asks
   * again rather than send bytes that would be refused.
   */
  receiving: z.boolean(),
});
type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

const uploadIdParams = z.strictObject({ uploadId: z.string().min(1).max(64) });

const createBodySchema = z.strictObject({
  templateId: z.string().min(1).max(64),
  target: z.union([z.literal('logo'), z.strictObject({ stepId: z.string().min(1).max(64) })]),
  filename: z.string().max(1000),
  mimeType: z.string().max(255),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export interface ResumableUploadOptions {
  /** Replaces the store under DATA_DIR/upload-sessions (tests of expiry). */
  store?: UploadSessionStore;
}

export async function resumableUploadRoutes(
  appBase: FastifyInstance,
  options: ResumableUploadOptions = {},
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const store =
    options.store ?? createUploadSessionStore(path.join(app.config.dataDir, 'upload-sessions'));

  // Uploads abandoned by their clients (a file removed offline, a device never seen again).
  const sweep = () =>
    store.sweep().catch((error: unknown) => {
      app.log.warn({ err: error }, 'sweeping expired uploads failed');
      return 0;
    });
  await sweep();
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // Chunks whose bytes are still arriving, by upload, counted from the moment a request comes
  // in (before its caller is even identified) until its body has ended or broken off: a client
  // that resumes right after its connection died asks the offset while the server may still be
  // reading the dead request, and is told to wait for it (`receiving`) rather than send a chunk
  // that would be refused.
  const arriving = new Map<string, number>();
  const arrivals = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request) => {
    const uploadId = (request.params as { uploadId?: unknown }).uploadId;
    if (request.method !== 'PATCH' || typeof uploadId !== 'string') return;
    arriving.set(uploadId, (arriving.get(uploadId) ?? 0) + 1);
    let counted = true;
    const arrived = () => {
      if (!counted) return;
      counted = false;
      const left = (arriving.get(uploadId) ?? 1) - 1;
      if (left > 0) arriving.set(uploadId, left);
      else arriving.delete(uploadId);
    };
    // The body's end (read whole, or dumped after an early answer), the connection's, or the
    // answer (whichever comes first): a count left behind would keep clients waiting for ever.
    for (const event of ['end', 'error', 'aborted', 'close']) request.raw.once(event, arrived);
    arrivals.set(request, arrived);
  });
  app.addHook('onResponse', async (request) => arrivals.get(request)?.());
  const receiving = (uploadId: string) => arriving.has(uploadId) || store.isBusy(uploadId);

  // A chunk reaches its handler as the request stream itself, to be written to disk as it
  // arrives: a buffering parser would hold up to a whole chunk (or more) in memory.
  app.addContentTypeParser(CHUNK_CONTENT_TYPES, (_request, payload, done) => done(null, payload));

  const answer = (
    session: UploadSession,
    isReceiving = receiving(session.uploadId),
  ): SessionAnswer => ({
    uploadId: session.uploadId,
    offset: session.offset,
    size: session.size,
    chunkSize: RECOMMENDED_CHUNK_BYTES,
    expiresAt: store.expiresAt(session).toISOString(),
    asset: session.result?.kind === 'stored' ? session.result.asset : null,
    receiving: isReceiving,
  });

  function withOffsetHeaders(reply: FastifyReply, session: UploadSession): FastifyReply {
    return reply
      .header('upload-offset', String(session.offset))
      .header('upload-length', String(session.size))
      .header('upload-expires', store.expiresAt(session).toUTCString())
      .header('cache-control', 'no-store');
  }

  /** The caller's upload, by the same ownership rule as the whole-file routes. */
  async function ownSession(request: FastifyRequest, uploadId: string): Promise<UploadSession> {
    const found = await store.get(uploadId);
    if (found === 'expired') throw new HttpError(410, MESSAGES.expired);
    if (!found) throw notFound(MESSAGES.notFound);
    try {
      await getWritableRow(app.db, found.templateId, request.actor);
    } catch (error) {
      // Another owner's upload reads exactly like one that does not exist.
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(MESSAGES.notFound);
      throw error;
    }
    return found;
  }

  /** The refusal of a finished upload, answered again to a client that missed it. */
  function refusalOf(session: UploadSession): HttpError | null {
    return session.result?.kind === 'refused'
      ? new HttpError(session.result.status, session.result.errorMessage)
      : null;
  }

  app.post(
    '/uploads',
    { schema: { body: createBodySchema, response: { 201: sessionAnswerSchema } } },
    async (request, reply) => {
      const { templateId, target, filename, mimeType, size } = request.body;
      await getWritableRow(app.db, templateId, request.actor);
      const purpose = target === 'logo' ? 'logo' : 'media';
      const refusal = checkDeclaredUpload(purpose, mimeType, size);
      if (refusal) throw new HttpError(refusal.status, refusal.errorMessage);
      // Told now, not after the whole file has been sent; checked again when it is stored.
      await checkAccountQuota(app.db, quotaSettingsOf(app.config), templateId, size);
      const opened = await store.createWithinOwnerLimit(
        {
          owner: uploadOwnerOf(request.actor),
          templateId,
          stepId: target === 'logo' ? null : target.stepId,
          purpose,
          filename,
          mimeType,
          size,
        },
        MAX_UNFINISHED_UPLOADS_PER_OWNER,
      );
      if (opened.kind === 'too-many-unfinished') {
        const waitMs = Math.min(TOO_MANY_UNFINISHED_RETRY_AFTER_MS, opened.firstExpiresInMs);
        reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
        throw new HttpError(429, MESSAGES.tooManyUnfinished(opened.unfinished));
      }
      const { session } = opened;
      return withOffsetHeaders(reply, session)
        .header('location', `/v1/uploads/${session.uploadId}`)
        .status(201)
        .send(answer(session));
    },
  );

  // Fastify answers HEAD from this route too (headers only): the tus way to ask the offset.
  app.get(
    '/uploads/:uploadId',
    { schema: { params: uploadIdParams, response: { 200: sessionAnswerSchema } } },
    async (request, reply) => {
      const session = await ownSession(request, request.params.uploadId);
      const refused = refusalOf(session);
      if (refused) throw refused;
      return withOffsetHeaders(reply, session).send(answer(session));
    },
  );

  app.patch(
    '/uploads/:uploadId',
    {
      onRequest: holdUploadSlot,
      schema: {
        params: uploadIdParams,
        response: { 200: sessionAnswerSchema, 201: assetSchema },
      },
    },
    async (request, reply) => {
      const { uploadId } = request.params;
      const claimed = parseOffset(request.headers['upload-offset']);
      const body = request.body as unknown;
      if (body !== undefined && !isByteStream(body)) throw new HttpError(415, MESSAGES.notBytes);
      await ownSession(request, uploadId);

      const done = await store.exclusive(uploadId, async () => {
        // Read again under the lock: a request that held it may have moved the offset on.
        let session = await ownSession(request, uploadId);
        const refused = refusalOf(session);
        if (refused) throw refused;
        if (claimed !== session.offset) {
          throw new HttpError(409, MESSAGES.wrongOffset, { offset: session.offset });
        }
        if (session.result?.kind === 'stored') {
          // The answer to the last part was lost: the same asset again, nothing stored twice.
          return withOffsetHeaders(reply, session).status(201).send(session.result.asset);
        }
        const length = Number(request.headers['content-length'] ?? NaN);
        if (Number.isFinite(length) && session.offset + length > session.size) {
          throw new HttpError(413, MESSAGES.pastSize, { offset: session.offset });
        }
        if (body !== undefined) {
          const received = await store.receive(session, body);
          session = received.session;
          if (received.outcome === 'too-large') {
            throw new HttpError(413, MESSAGES.pastSize, { offset: session.offset });
          }
          // Nobody is listening any more; the bytes are kept for the next attempt.
          if (received.outcome === 'cut-off') throw badRequest(MESSAGES.cutOff);
        }
        if (session.offset < session.size) {
          // This request held the lock; once it answers, nothing is arriving any more.
          return withOffsetHeaders(reply, session).send(answer(session, false));
        }
        return finish(session, reply);
      });
      if (done === null) {
        const current = await store.get(uploadId);
        const offset = current && current !== 'expired' ? current.offset : 0;
        throw new HttpError(409, MESSAGES.busy, { offset });
      }
      return done;
    },
  );

  /** The last byte is in: the whole file goes through the same checks as a whole-file upload. */
  async function finish(session: UploadSession, reply: FastifyReply) {
    try {
      const asset = await storeUploadedFile(app, {
        templateId: session.templateId,
        stepId: session.stepId,
        purpose: session.purpose,
        file: store.finishedFile(session),
        filename: session.filename,
      });
      const settled = await store.settle(session, { kind: 'stored', asset });
      return withOffsetHeaders(reply, settled).status(201).send(asset);
    } catch (error) {
      // A refused file is not kept; the refusal is, for a client that missed this answer. Any
      // other failure (the database, the disk) keeps the bytes, so a retry can finish the upload.
      if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
        await store.settle(session, {
          kind: 'refused',
          status: error.statusCode,
          errorMessage: error.errorMessage,
        });
      }
      throw error;
    }
  }

  app.delete(
    '/uploads/:uploadId',
    { schema: { params: uploadIdParams } },
    async (request, reply) => {
      const { uploadId } = request.params;
      await ownSession(request, uploadId);
      const removed = await store.exclusive(uploadId, async () => {
        await store.remove(uploadId);
        return true;
      });
      if (removed === null) throw new HttpError(409, MESSAGES.busy);
      return reply.status(204).send();
    },
  );
}

/**
 * Whose unfinished uploads a new one counts with: the signed-in user, else the guest, keyed as
 * the client keys its owners ('user:{id}', 'anon:{anonId}').
 */
function uploadOwnerOf(actor: Actor): string {
  return ownerKeyOf(actor) ?? guestChannel('');
}

function parseOffset(header: string | string[] | undefined): number {
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header.trim())) {
    throw badRequest(MESSAGES.badOffset);
  }
  return Number(header.trim());
}

function isByteStream(body: unknown): body is AsyncIterable<Uint8Array> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}
