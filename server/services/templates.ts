/**
 * Templates: reading, creating, changing (with optimistic concurrency), copying and deleting,
 * always on behalf of an owner. Another owner's template is "not found", never "forbidden",
 * so that ids cannot be probed. Master (library) templates are readable by all, writable by none.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { templates, themes } from '../db/schema';
import type {
  Branding,
  LibraryTemplate,
  PlanId,
  Step,
  SyncCheckpoint,
  Template,
  TemplateTombstone,
  TemplateWrite,
  Theme,
} from '../../src/domain/schemas';
import { ACTIVITY_UUID_PATTERN } from '../../src/domain/schemas';
import { computeStepValidationErrors } from '../../src/domain/validation/template';
import {
  createHybridClock,
  randomClockNode,
  stampsAfterWrite,
  type FieldStamps,
} from '../../src/domain/fieldStamps';
import { contentOf, type TemplateContent } from '../../src/domain/templateContent';
import { canCreateLocationGames } from '../../src/domain/plans';
import { serverMessages } from '../messages';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';

export type TemplateRow = typeof templates.$inferSelect;

export interface Owner {
  userId: string | null;
  anonId: string | null;
  plan: PlanId;
}

/** Default branding of a new template; colours from the SPEC §9 presets. */
export const DEFAULT_BRANDING_COLOURS = {
  headerColour: '#0393E3',
  questionBackgroundColour: '#FFFFFF',
  selfieBackgroundColour: '#8FD1FC',
} as const;

const PULL_PAGE_DEFAULT = 100;
export const PULL_PAGE_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Mapping

export function toTemplate(row: TemplateRow, theme: Theme | null): Template {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    gameType: row.gameType as Template['gameType'],
    deliveryType: row.deliveryType as Template['deliveryType'],
    duration: row.duration as Template['duration'],
    steps: row.steps,
    selectedThemeId: row.selectedThemeId,
    theme,
    branding: row.branding,
    stepValidationErrors: computeStepValidationErrors(row.steps),
    master: row.master,
    thumbnail: row.thumbnail,
    shortDescription: row.shortDescription,
    comingSoon: row.comingSoon,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fieldStamps: row.fieldStamps,
    ...restoredFields(row),
  };
}

/**
 * Where an activity that keeps edits made after a deletion came from (docs/sync.md, "Deleted on
 * another device, edited here"); nothing for any other. Only ever answered to the owner: a
 * template that has it is an own template, which no one else can read.
 */
export function restoredFields(row: TemplateRow): { restoredFrom?: string; restoredAt?: string } {
  if (row.restoredFrom === null || row.master) return {};
  return {
    restoredFrom: row.restoredFrom,
    ...(row.restoredAt ? { restoredAt: row.restoredAt.toISOString() } : {}),
  };
}

function contentOfRow(row: TemplateRow): TemplateContent {
  return contentOf(toTemplate(row, null));
}

export function toTombstone(row: TemplateRow): TemplateTombstone {
  return {
    id: row.id,
    deleted: true,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLibraryTemplate(row: TemplateRow): LibraryTemplate {
  return {
    id: row.id,
    name: row.name,
    thumbnail: row.thumbnail,
    deliveryType: row.deliveryType as LibraryTemplate['deliveryType'],
    gameType: row.gameType as LibraryTemplate['gameType'],
    description: row.description,
    shortDescription: row.shortDescription,
    duration: row.duration as LibraryTemplate['duration'],
    comingSoon: row.comingSoon,
    master: row.master,
  };
}

// ---------------------------------------------------------------------------------------------
// Ownership

/**
 * The rows of an owner, in templates or any table that is owned the same way (a user, or a
 * guest's anonymous id not yet linked to a user): AI requests use it too.
 */
export function ownedBy(
  owner: Pick<Owner, 'userId' | 'anonId'>,
  table: { ownerUserId: AnyPgColumn; ownerAnonId: AnyPgColumn } = templates,
): SQL {
  const clauses: SQL[] = [];
  if (owner.userId) clauses.push(eq(table.ownerUserId, owner.userId));
  if (owner.anonId)
    clauses.push(and(eq(table.ownerAnonId, owner.anonId), isNull(table.ownerUserId))!);
  // No identity at all matches nothing.
  return clauses.length ? or(...clauses)! : sql`false`;
}

const isOwnedBy = (row: TemplateRow, owner: Owner): boolean =>
  (owner.userId !== null && row.ownerUserId === owner.userId) ||
  (owner.anonId !== null && row.ownerUserId === null && row.ownerAnonId === owner.anonId);

/** Readable: the owner's own, or a master template. Deleted templates are not readable. */
export const canRead = (row: TemplateRow, owner: Owner): boolean =>
  row.deletedAt === null && (row.master || isOwnedBy(row, owner));

// ---------------------------------------------------------------------------------------------
// Themes

export async function listThemes(db: Database): Promise<Theme[]> {
  const rows = await db.select().from(themes).orderBy(asc(themes.sortOrder), asc(themes.name));
  return rows.map(({ sortOrder: _sortOrder, ...theme }) => theme);
}

async function themeMap(db: Database): Promise<Map<string, Theme>> {
  return new Map((await listThemes(db)).map((t) => [t.id, t]));
}

async function withTheme(db: Database, row: TemplateRow): Promise<Template> {
  const themesById = await themeMap(db);
  return toTemplate(row, (row.selectedThemeId && themesById.get(row.selectedThemeId)) || null);
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getReadableRow(db: Database, id: string, owner: Owner): Promise<TemplateRow> {
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  if (!row || !canRead(row, owner)) throw notFound('This activity does not exist.');
  return row;
}

/** A template the owner may change: their own; master templates are never writable. */
export async function getWritableRow(db: Database, id: string, owner: Owner): Promise<TemplateRow> {
  const row = await getReadableRow(db, id, owner);
  if (row.master) throw forbidden(serverMessages.libraryTemplateReadOnly);
  return row;
}

export async function getTemplate(db: Database, id: string, owner: Owner): Promise<Template> {
  return withTheme(db, await getReadableRow(db, id, owner));
}

export interface TemplatePage {
  templates: (Template | TemplateTombstone)[];
  checkpoint: SyncCheckpoint | null;
  hasMore: boolean;
}

/**
 * GET /templates. Without a checkpoint: every live template of the owner, newest first, with
 * the checkpoint to pull changes from. With one: the changes after it, deletions included as
 * tombstones, oldest first, a page at a time (docs/sync.md).
 */
export async function listOwnTemplates(
  db: Database,
  owner: Owner,
  since: SyncCheckpoint | null,
  limit = PULL_PAGE_DEFAULT,
): Promise<TemplatePage> {
  const themesById = await themeMap(db);
  const map = (row: TemplateRow) =>
    row.deletedAt
      ? toTombstone(row)
      : toTemplate(row, (row.selectedThemeId && themesById.get(row.selectedThemeId)) || null);

  if (!since) {
    const rows = await db
      .select()
      .from(templates)
      .where(ownedBy(owner))
      .orderBy(desc(templates.updatedAt), desc(templates.id));
    const latest = rows[0];
    return {
      templates: rows.filter((r) => r.deletedAt === null).map(map),
      checkpoint: latest ? { updatedAt: latest.updatedAt.toISOString(), id: latest.id } : null,
      hasMore: false,
    };
  }

  const sinceDate = new Date(since.updatedAt);
  const rows = await db
    .select()
    .from(templates)
    .where(
      and(
        ownedBy(owner),
        or(
          gt(templates.updatedAt, sinceDate),
          and(eq(templates.updatedAt, sinceDate), gt(templates.id, since.id)),
        ),
      ),
    )
    .orderBy(asc(templates.updatedAt), asc(templates.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    templates: page.map(map),
    checkpoint: last ? { updatedAt: last.updatedAt.toISOString(), id: last.id } : since,
    hasMore: rows.length > limit,
  };
}

/** GET /templates/library: master templates for everyone, plus the caller's own when signed in. */
export async function listLibrary(db: Database, owner: Owner): Promise<LibraryTemplate[]> {
  const visible = owner.userId
    ? or(and(eq(templates.master, true), eq(templates.isBlank, false)), ownedBy(owner))
    : and(eq(templates.master, true), eq(templates.isBlank, false));
  const rows = await db
    .select()
    .from(templates)
    .where(and(isNull(templates.deletedAt), visible))
    .orderBy(desc(templates.master), asc(templates.comingSoon), asc(templates.name));
  return rows.map(toLibraryTemplate);
}

/** The library's master templates, whole (tasks included), for offline copies. */
export async function listMasterTemplates(db: Database): Promise<Template[]> {
  const themesById = await themeMap(db);
  const rows = await db
    .select()
    .from(templates)
    .where(
      and(isNull(templates.deletedAt), eq(templates.master, true), eq(templates.isBlank, false)),
    )
    .orderBy(asc(templates.comingSoon), asc(templates.name));
  return rows.map((row) =>
    toTemplate(row, (row.selectedThemeId && themesById.get(row.selectedThemeId)) || null),
  );
}

// ---------------------------------------------------------------------------------------------
// Writing

function checkWritableContent(write: TemplateWrite, owner: Owner): void {
  if (write.gameType === 'location' && !canCreateLocationGames(owner.plan)) {
    throw forbidden(serverMessages.locationNeedsHigherTier);
  }
  if (write.steps) checkSteps(write.steps);
  if (write.branding?.logo) checkAssetUrl(write.branding.logo.url);
}

function checkSteps(steps: Step[]): void {
  const ids = new Set<string>();
  for (const step of steps) {
    if (ids.has(step.id)) throw badRequest(`Two tasks have the same id (${step.id}).`);
    ids.add(step.id);
    const answerIds = new Set(step.answers.map((a) => a.id));
    if (answerIds.size !== step.answers.length) {
      throw badRequest(`Two answers of task ${step.id} have the same id.`);
    }
    if (step.media) checkAssetUrl(step.media.url);
  }
}

/** Media and logos must be files uploaded to Teamtrail, never links to other hosts. */
function checkAssetUrl(url: string): void {
  if (!/^\/uploads\/[a-z0-9][a-z0-9/_.-]*$/.test(url) || url.includes('..')) {
    throw badRequest(
      'Media and logos must be uploaded to Teamtrail; links to other sites are not accepted.',
    );
  }
}

async function checkThemeExists(db: Database, themeId: string | null | undefined): Promise<void> {
  if (!themeId) return;
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, themeId));
  if (!row) throw badRequest(`There is no theme ${themeId}.`);
}

async function defaultThemeId(db: Database): Promise<string | null> {
  const [first] = await db
    .select({ id: themes.id })
    .from(themes)
    .orderBy(asc(themes.sortOrder))
    .limit(1);
  return first?.id ?? null;
}

/**
 * Stamps changes sent without stamps (API clients, older apps) on the server's own hybrid clock,
 * so that every change carries a stamp of the one clock the merge compares (docs/sync.md).
 */
const serverClock = createHybridClock({ node: randomClockNode('srv') });
/** A sent stamp further ahead of the server's clock than this is replaced by the server's. */
const STAMP_AHEAD_TOLERANCE_MS = 60_000;

function stampWrite(
  before: TemplateContent | null,
  after: TemplateContent,
  stored: FieldStamps,
  sent: FieldStamps | undefined,
): FieldStamps {
  return stampsAfterWrite(
    before,
    after,
    stored,
    sent,
    (floor) => serverClock.stamp(floor),
    Date.now() + STAMP_AHEAD_TOLERANCE_MS,
  );
}

function mergeBranding(current: Branding, patch: TemplateWrite['branding']): Branding {
  if (!patch) return current;
  const merged = { ...current, ...patch, id: current.id };
  if (merged.logo) merged.logo = { ...merged.logo, brandingId: current.id };
  return merged;
}

/** Owner columns for a new template: a user's, or else the guest's anonymous id. */
function ownerColumns(owner: Owner): { ownerUserId: string | null; ownerAnonId: string | null } {
  if (owner.userId) return { ownerUserId: owner.userId, ownerAnonId: null };
  if (owner.anonId) return { ownerUserId: null, ownerAnonId: owner.anonId };
  throw new HttpError(400, 'An AnonId header or a sign-in is needed to save an activity.');
}

/**
 * POST /templates. A client may choose the id (offline-first clients create templates before
 * they can reach the server); sending the same create again answers the existing template, so
 * the call is idempotent.
 */
export async function createTemplate(
  db: Database,
  owner: Owner,
  write: TemplateWrite,
  now = new Date(),
): Promise<{ template: Template; created: boolean }> {
  checkWritableContent(write, owner);
  await checkThemeExists(db, write.selectedThemeId);
  const id = write.id ?? randomUUID();
  if (write.id && !ACTIVITY_UUID_PATTERN.test(write.id)) {
    throw badRequest('A new activity id must be a UUID.');
  }
  // The route's schema checks it already; services are called from elsewhere too (tests, seed).
  if (write.restoredFrom !== undefined && !ACTIVITY_UUID_PATTERN.test(write.restoredFrom)) {
    throw badRequest(
      'restoredFrom must be the id (a UUID) of the deleted activity whose edits this one keeps.',
    );
  }
  const [existing] = await db.select().from(templates).where(eq(templates.id, id));
  if (existing) {
    if (canRead(existing, owner) && !existing.master) {
      return { template: await withTheme(db, existing), created: false };
    }
    throw conflict('This id is already in use. Create the activity with another id.');
  }
  const brandingId = randomUUID();
  const branding: Branding = mergeBranding(
    { id: brandingId, logo: null, ...DEFAULT_BRANDING_COLOURS },
    write.branding,
  );
  const content: TemplateContent = {
    name: write.name ?? '',
    description: write.description ?? '',
    shortDescription: write.shortDescription ?? '',
    gameType: write.gameType ?? 'quiz',
    deliveryType: write.deliveryType ?? 'inPerson',
    duration: write.duration ?? 60,
    selectedThemeId:
      write.selectedThemeId === undefined ? await defaultThemeId(db) : write.selectedThemeId,
    branding,
    steps: write.steps ?? [],
  };
  const [row] = await db
    .insert(templates)
    .values({
      id,
      ...ownerColumns(owner),
      ...content,
      fieldStamps: stampWrite(null, content, {}, write.fieldStamps),
      // Kept as sent: the deleted activity may be another identity's of the same person (a guest
      // who signed in since), so it is not looked up, and nothing about it is ever answered.
      ...(write.restoredFrom ? { restoredFrom: write.restoredFrom, restoredAt: now } : {}),
      revision: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { template: await withTheme(db, row!), created: true };
}

/**
 * PATCH /templates/{id}. With If-Match, the change applies only to the revision the client
 * last saw; otherwise 412 with the current template, for the client to merge (docs/sync.md).
 * The row is locked for the check-and-write, so of two PATCHes with the same If-Match exactly
 * one wins.
 */
export async function updateTemplate(
  db: Database,
  owner: Owner,
  id: string,
  write: TemplateWrite,
  ifMatch: number | null,
  now = new Date(),
): Promise<Template> {
  if (write.id !== undefined && write.id !== id) {
    throw badRequest('The id in the body does not match the activity being changed.');
  }
  checkWritableContent(write, owner);
  await checkThemeExists(db, write.selectedThemeId);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
    if (!current || !canRead(current, owner)) throw notFound('This activity does not exist.');
    if (current.master) throw forbidden(serverMessages.libraryTemplateReadOnly);
    if (ifMatch !== null && ifMatch !== current.revision) {
      throw new HttpError(412, serverMessages.changedElsewhere, {
        template: await withTheme(tx as unknown as Database, current),
      });
    }
    const before = contentOfRow(current);
    const after: TemplateContent = {
      name: write.name ?? current.name,
      description: write.description ?? current.description,
      shortDescription: write.shortDescription ?? current.shortDescription,
      gameType: (write.gameType ?? current.gameType) as TemplateContent['gameType'],
      deliveryType: (write.deliveryType ?? current.deliveryType) as TemplateContent['deliveryType'],
      duration: (write.duration ?? current.duration) as TemplateContent['duration'],
      selectedThemeId:
        write.selectedThemeId === undefined ? current.selectedThemeId : write.selectedThemeId,
      branding: mergeBranding(current.branding, write.branding),
      steps: write.steps ?? current.steps,
    };
    const [updated] = await tx
      .update(templates)
      .set({
        ...after,
        fieldStamps: stampWrite(before, after, current.fieldStamps, write.fieldStamps),
        revision: current.revision + 1,
        // Never move backwards, so that a later change always sorts after an earlier one.
        updatedAt: now > current.updatedAt ? now : new Date(current.updatedAt.getTime() + 1),
      })
      .where(eq(templates.id, id))
      .returning();
    return updated!;
  });
  return withTheme(db, row);
}

/** DELETE /templates/{id}: a soft delete that sync clients see as a tombstone. */
export async function deleteTemplate(
  db: Database,
  owner: Owner,
  id: string,
  now = new Date(),
): Promise<TemplateRow> {
  const current = await getWritableRow(db, id, owner);
  const [row] = await db
    .update(templates)
    .set({
      deletedAt: now,
      revision: current.revision + 1,
      updatedAt: now > current.updatedAt ? now : new Date(current.updatedAt.getTime() + 1),
    })
    .where(and(eq(templates.id, id), isNull(templates.deletedAt)))
    .returning();
  if (!row) throw notFound('This activity does not exist.');
  return row;
}

/**
 * POST /templates/{id}/copy and /templates/copy_blank: a new template of the caller's with the
 * source's content. A copy of a library template keeps its name; a copy of one's own template
 * is called "Copy of …". Coming-soon templates cannot be copied yet.
 */
export async function copyTemplate(
  db: Database,
  owner: Owner,
  source: TemplateRow,
  options: { id?: string } = {},
  now = new Date(),
): Promise<Template> {
  if (source.comingSoon) throw forbidden(serverMessages.comingSoon);
  if (source.gameType === 'location' && !canCreateLocationGames(owner.plan)) {
    throw forbidden(serverMessages.locationNeedsHigherTier);
  }
  const id = options.id ?? randomUUID();
  const [taken] = await db.select({ id: templates.id }).from(templates).where(eq(templates.id, id));
  if (taken) throw conflict('This id is already in use. Copy the activity with another id.');
  const brandingId = randomUUID();
  const name = source.master ? source.name : `Copy of ${source.name}`.slice(0, 200);
  const [row] = await db
    .insert(templates)
    .values({
      id,
      ...ownerColumns(owner),
      sourceTemplateId: source.id,
      name,
      description: source.description,
      shortDescription: source.shortDescription,
      gameType: source.gameType,
      deliveryType: source.deliveryType,
      duration: source.duration,
      thumbnail: source.master ? source.thumbnail : null,
      selectedThemeId: source.selectedThemeId,
      branding: {
        ...source.branding,
        id: brandingId,
        logo: source.branding.logo ? { ...source.branding.logo, brandingId } : null,
      },
      steps: source.steps,
      revision: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return withTheme(db, row!);
}

export async function getBlankTemplateRow(db: Database): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.isBlank, true), isNull(templates.deletedAt)))
    .limit(1);
  if (!row) throw new Error('The blank template is missing: the seed has not run');
  return row;
}
