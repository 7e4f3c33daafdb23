/** The template calls of SPEC §7, plus DELETE (soft) and the incremental pull for sync. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  libraryTemplateSchema,
  type SyncCheckpoint,
  templateListSchema,
  templateSchema,
  templateWriteSchema,
  themeSchema,
  type Template,
} from '../../src/domain/schemas';
import { badRequest } from '../errors';
import {
  copyTemplate,
  createTemplate,
  deleteTemplate,
  getBlankTemplateRow,
  getReadableRow,
  getTemplate,
  listLibrary,
  listMasterTemplates,
  listOwnTemplates,
  listThemes,
  PULL_PAGE_MAX,
  updateTemplate,
  type Owner,
} from '../services/templates';
import { ownerChannel } from '../services/realtime';
import { templateChanged } from '../../src/protocol/events';
import type { Actor } from '../services/actor';

const idParams = z.strictObject({ id: z.string().min(1).max(64) });
// Bodiless POSTs arrive as null (no body) or undefined (an empty JSON body).
const copyBody = z.strictObject({ id: z.uuid().optional() }).nullish();

/** The caller as the template services take it (shared with the task-origin routes). */
export const ownerOf = (actor: Actor): Owner => ({
  userId: actor.userId,
  anonId: actor.anonId,
  plan: actor.plan,
});

/** ETags hold the template's revision (docs/sync.md). */
const etagOf = (revision: number) => `"${revision}"`;

/** If-Match: `"7"`, `W/"7"` or `*`; absent means "whatever is there now". */
function parseIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '*') return null;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  if (!match) throw badRequest('If-Match must be the ETag of the activity, such as "3".');
  return Number(match[1]);
}

export async function templateRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  const announce = (
    actor: Actor,
    template: { id: string; revision: number; updatedAt: string },
    deleted = false,
  ) => {
    for (const channel of ownerChannel(actor)) {
      // A notice only (docs/sync.md): never the template's content, which clients pull.
      app.bus.publish(channel, templateChanged(template, deleted));
    }
  };

  const sendTemplate = (reply: FastifyReply, template: Template, status = 200) =>
    reply.status(status).header('etag', etagOf(template.revision)).send(template);

  app.post(
    '/templates',
    {
      schema: { body: templateWriteSchema, response: { 200: templateSchema, 201: templateSchema } },
    },
    async (request, reply) => {
      const { template, created } = await createTemplate(
        app.db,
        ownerOf(request.actor),
        request.body,
      );
      if (created) announce(request.actor, template);
      return sendTemplate(reply, template, created ? 201 : 200);
    },
  );

  app.get(
    '/templates',
    {
      schema: {
        querystring: z.strictObject({
          since: z.iso.datetime({ offset: true }).optional(),
          sinceId: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(PULL_PAGE_MAX).optional(),
        }),
        response: { 200: templateListSchema },
      },
    },
    async (request) => {
      const { since, sinceId, limit } = request.query;
      if (sinceId !== undefined && since === undefined) {
        throw badRequest('sinceId is only meaningful together with since.');
      }
      // `since` alone means every change from that moment on: no id sorts before ''.
      const checkpoint: SyncCheckpoint | null = since
        ? { updatedAt: since, id: sinceId ?? '' }
        : null;
      return listOwnTemplates(app.db, ownerOf(request.actor), checkpoint, limit);
    },
  );

  app.get(
    '/templates/library',
    {
      schema: {
        // full=true answers the library (master) templates whole, tasks included, so that an
        // offline client can copy one without the network (docs/sync.md, "Lists").
        querystring: z.strictObject({ full: z.enum(['true', 'false']).optional() }),
        // Whole templates first: a summary schema would strip their tasks when serialising.
        response: { 200: z.union([z.array(templateSchema), z.array(libraryTemplateSchema)]) },
      },
    },
    async (request) =>
      request.query.full === 'true'
        ? listMasterTemplates(app.db)
        : listLibrary(app.db, ownerOf(request.actor)),
  );

  app.get('/themes', { schema: { response: { 200: z.array(themeSchema) } } }, async () =>
    listThemes(app.db),
  );

  app.post(
    '/templates/copy_blank',
    { schema: { body: copyBody, response: { 201: templateSchema } } },
    async (request, reply) => {
      const blank = await getBlankTemplateRow(app.db);
      const template = await copyTemplate(
        app.db,
        ownerOf(request.actor),
        blank,
        request.body ?? {},
      );
      announce(request.actor, template);
      return sendTemplate(reply, template, 201);
    },
  );

  app.get(
    '/templates/:id',
    { schema: { params: idParams, response: { 200: templateSchema } } },
    async (request, reply) => {
      const template = await getTemplate(app.db, request.params.id, ownerOf(request.actor));
      return sendTemplate(reply, template);
    },
  );

  app.patch(
    '/templates/:id',
    {
      schema: {
        params: idParams,
        body: templateWriteSchema,
        response: { 200: templateSchema },
      },
    },
    async (request, reply) => {
      const ifMatch = parseIfMatch(request.headers['if-match']);
      const template = await updateTemplate(
        app.db,
        ownerOf(request.actor),
        request.params.id,
        request.body,
        ifMatch,
      );
      announce(request.actor, template);
      return sendTemplate(reply, template);
    },
  );

  app.delete('/templates/:id', { schema: { params: idParams } }, async (request, reply) => {
    const row = await deleteTemplate(app.db, ownerOf(request.actor), request.params.id);
    announce(
      request.actor,
      { id: row.id, revision: row.revision, updatedAt: row.updatedAt.toISOString() },
      true,
    );
    return reply.status(204).send();
  });

  app.post(
    '/templates/:id/copy',
    { schema: { params: idParams, body: copyBody, response: { 201: templateSchema } } },
    async (request, reply) => {
      const owner = ownerOf(request.actor);
      const source = await getReadableRow(app.db, request.params.id, owner);
      const template = await copyTemplate(app.db, owner, source, request.body ?? {});
      announce(request.actor, template);
      return sendTemplate(reply, template, 201);
    },
  );

  app.get(
    '/templates/:id/themes',
    { schema: { params: idParams, response: { 200: z.array(themeSchema) } } },
    async (request) => {
      await getReadableRow(app.db, request.params.id, ownerOf(request.actor));
      return listThemes(app.db);
    },
  );
}
