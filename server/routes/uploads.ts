/**
 * Uploads (SPEC §7): the logo (multipart field "logo") and a task's media (field "media").
 * Content is checked by its bytes (server/services/uploads), stored under a server-made name,
 * and answered as an Asset {filename, mimeType, url}. The template itself is not changed here:
 * the client puts the asset into its template and saves it like any other edit, so an upload
 * never races the organiser's own edits (docs/sync.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { assetSchema, type Asset } from '../../src/domain/schemas';
import { HttpError, notFound } from '../errors';
import { getWritableRow } from '../services/templates';
import {
  inspectStagedUpload,
  maxUploadBytes,
  uploadTooLarge,
  type UploadPurpose,
} from '../services/uploads/inspect';
import { fitLogo } from '../services/uploads/logo';
import { InvalidStorageKeyError } from '../services/uploads/storage';
import { saveUpload } from '../services/uploads/save';
import { withMultipartUpload } from './multipartUpload';
import { holdUploadSlot } from '../services/uploads/uploadSlots';
import { checkAccountQuota, quotaSettingsOf } from '../services/uploads/quotas';
import type { StagedFile } from '../services/uploads/stagedFile';
import { parseRangeHeader } from '../services/uploads/range';
import { headersForServedFile } from '../services/uploads/serveHeaders';

const FIELD_FOR: Record<UploadPurpose, string> = { logo: 'logo', media: 'media' };

/** The client's file name is kept only as a label; it never becomes a path. */
function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>'.includes(ch))
    .join('')
    .trim()
    .slice(0, 255);
  return cleaned || fallback;
}

export interface ReceivedFile {
  templateId: string;
  /** Null for the logo. */
  stepId: string | null;
  purpose: UploadPurpose;
  /** The bytes, on disk; the caller removes them afterwards (storage keeps its own copy). */
  file: StagedFile;
  /** The client's name for the file, kept only as a label. */
  filename: string | undefined;
}

/**
 * The one way a builder file is accepted, whichever way its bytes arrived (a whole multipart
 * request here, or the chunks of a resumable upload, routes/resumableUploads.ts): inspected by
 * content, the logo fitted, stored, and answered as an Asset. A refused file throws an
 * HttpError with the errorMessage the builder shows.
 */
export async function storeUploadedFile(app: FastifyInstance, file: ReceivedFile): Promise<Asset> {
  const { templateId, stepId, purpose } = file;
  await checkAccountQuota(app.db, quotaSettingsOf(app.config), templateId, file.file.size);
  const inspected = await inspectStagedUpload(file.file, purpose);
  if (!inspected.ok) throw new HttpError(inspected.status, inspected.errorMessage);
  // The logo is fitted to 280x60 (a PNG); other media is kept as sent. A logo is an image, so
  // it was read into memory to be checked.
  const content =
    purpose === 'logo' && inspected.content instanceof Uint8Array
      ? (await fitLogo(inspected.content)).bytes
      : inspected.content;
  const label = cleanFileName(file.filename, `${purpose}.${inspected.type.extension}`);
  const { key } = await saveUpload(
    app,
    { content, type: inspected.type },
    { folder: `templates/${templateId}`, templateId, stepId, purpose, originalName: label },
  );
  return { filename: label, mimeType: inspected.type.mimeType, url: `/uploads/${key}` };
}

export async function uploadRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { files: 1 } });

  async function store(
    templateId: string,
    stepId: string | null,
    purpose: UploadPurpose,
    request: FastifyRequest,
  ): Promise<Asset> {
    const tooLarge = () => {
      const refusal = uploadTooLarge(purpose);
      return new HttpError(refusal.status, refusal.errorMessage);
    };
    return withMultipartUpload(
      app,
      request,
      FIELD_FOR[purpose],
      maxUploadBytes(purpose),
      tooLarge,
      ({ file, filename }) =>
        storeUploadedFile(app, { templateId, stepId, purpose, file, filename }),
    );
  }

  app.post(
    '/templates/:id/branding/logo',
    {
      onRequest: holdUploadSlot,
      schema: {
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        response: { 201: assetSchema },
      },
    },
    async (request, reply) => {
      await getWritableRow(app.db, request.params.id, request.actor);
      return reply.status(201).send(await store(request.params.id, null, 'logo', request));
    },
  );

  app.post(
    '/templates/:templateId/steps/:stepId/media',
    {
      onRequest: holdUploadSlot,
      schema: {
        params: z.strictObject({
          templateId: z.string().min(1).max(64),
          stepId: z.string().min(1).max(64),
        }),
        response: { 201: assetSchema },
      },
    },
    async (request, reply) => {
      const { templateId, stepId } = request.params;
      // The task itself may not have reached the server yet (an offline edit still queued), so
      // only the template's ownership is checked; the asset is bound to the task by the edit.
      await getWritableRow(app.db, templateId, request.actor);
      return reply.status(201).send(await store(templateId, stepId, 'media', request));
    },
  );
}

/**
 * GET /uploads/{key}: stored files, with headers that stop browsers from sniffing or scripting
 * them, and byte ranges (Safari plays video only from a server that answers Range requests).
 */
export async function servedUploadRoutes(app: FastifyInstance) {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const info = await app.storage.head(key).catch((error: unknown) => {
      if (error instanceof InvalidStorageKeyError) return null;
      throw error;
    });
    if (!info) throw notFound('There is no such file.');
    reply.headers(headersForServedFile(info.contentType)).header('accept-ranges', 'bytes');
    const range = parseRangeHeader(request.headers.range, info.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    }
    const file = await app.storage.get(key, range ?? undefined);
    if (!file) throw notFound('There is no such file.');
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
    reply.header('content-length', range ? range.end - range.start + 1 : file.size);
    return reply.send(file.body);
  });
}
