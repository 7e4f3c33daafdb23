/**
 * Templates between IndexedDB and the server (docs/sync.md): push local changes (POST for new
 * documents, PATCH with If-Match for changed ones, DELETE for deletions), merge three ways on a
 * 412, and apply pulled changes — merging them into pending local edits instead of letting the
 * server silently win.
 */
import type { RxDocument } from 'rxdb';
import type { TeamtrailDatabase } from '../src/localdb/database';
import type { LocalTemplateDoc } from '../src/localdb/schemas/templates';
import type {
  SyncCheckpoint,
  Template,
  TemplateList,
  TemplateTombstone,
} from '../src/domain/schemas';
import { contentOf } from '../src/domain/templateContent';
import { changedPaths, stampsAfterAck, type FieldStamps } from '../src/domain/fieldStamps';
import {
  appendConflicts,
  readDeletedElsewhere,
  recordDeletedElsewhere,
  type ConflictEntry,
} from './conflictLog';
import { baseWithEchoes, deepEqual, mergeTemplates, type TemplateContent } from './merge';
import { storedStatus } from './status';
import {
  isTransientFailure,
  type Transport,
  type TransportError,
  type TransportResult,
} from './transport';
import { PULL_PAGE_SIZE } from './constants';

/** How a push of one template ended. */
export type PushOutcome =
  | { kind: 'done' }
  | { kind: 'merged' } // 412: merged and stays pending; push again
  | { kind: 'transient'; status: number | null; message: string } // null: no answer
  | { kind: 'refused'; status: number | null; message: string };

const CHECKPOINT_ID = 'templates-checkpoint';
/** Local documents `sync-unconfirmed-<id>`: pushes of a template whose answer never came. */
const UNCONFIRMED_PREFIX = 'sync-unconfirmed-';
/** Distinct contents kept per template and base revision; more means a long offline spell. */
const UNCONFIRMED_LIMIT = 10;

interface Context {
  db: TeamtrailDatabase;
  transport: Transport;
  now: () => Date;
  /** The owner key of the current identity ('user:…' or 'anon:…'). */
  owner: string;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * What a PATCH must send (all of them for a create): the stamps the server does not hold yet,
 * and the stamp of every path whose value differs from the server's copy even where the server
 * holds that stamp already (a merge keeps a path's later stamp, which can be the server's while
 * the value kept is this device's). A changed value sent without a stamp would be stamped by
 * the server's own clock.
 */
function stampsToSend(
  stamps: FieldStamps,
  content: TemplateContent,
  server: Template | null,
): FieldStamps {
  if (!server?.fieldStamps) return { ...stamps };
  const serverStamps = server.fieldStamps;
  const changedHere = new Set(changedPaths(contentOf(server), content));
  const changed: FieldStamps = {};
  for (const [path, stamp] of Object.entries(stamps))
    if (serverStamps[path] !== stamp || changedHere.has(path)) changed[path] = stamp;
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Push

export async function pushTemplate(ctx: Context, id: string): Promise<PushOutcome> {
  const doc = await ctx.db.templates.findOne(id).exec();
  if (!doc || doc.syncState !== 'pending') return { kind: 'done' };
  const snapshot = doc.toMutableJSON();
  const version = snapshot.localVersion;

  if (snapshot.deletedLocally) {
    if (snapshot.server === null) {
      await doc.remove();
      return { kind: 'done' };
    }
    const result = await ctx.transport.request('DELETE', `/v1/templates/${encodeURIComponent(id)}`);
    // 404: already gone on the server (deleted elsewhere, or never ours): the goal is reached.
    if (result.ok || result.error.status === 404) {
      const latest = await ctx.db.templates.findOne(id).exec();
      if (latest?.deletedLocally) await latest.remove();
      if (snapshot.lastError !== null) await forgetUnconfirmed(ctx.db, id);
      return { kind: 'done' };
    }
    return failure(result.error);
  }

  const body = {
    ...snapshot.content,
    id,
    fieldStamps: stampsToSend(snapshot.stamps ?? {}, snapshot.content, snapshot.server),
  };
  const baseRevision = snapshot.server?.revision ?? null;
  if (snapshot.server === null) {
    // The id was chosen here, so a retried create after a lost answer is answered 200 with the
    // same template instead of making a duplicate (the server's POST is idempotent).
    const result = await createOnServer(ctx, id, body);
    if (result.ok && result.data.status === 201) {
      await acknowledge(ctx, doc, result.data.body, version);
      return { kind: 'done' };
    }
    if (result.ok) {
      // 200: an earlier create of ours got there first, so this body was not written. The
      // server holds that earlier content (perhaps changed since on another device): merge.
      const pending = await mergeServerVersion(ctx, id, result.data.body, 'push', snapshot.content);
      return pending ? { kind: 'merged' } : { kind: 'done' };
    }
    if (result.error.status === 409) {
      // The id is taken: an earlier create of ours that reached the server and was deleted on
      // another device since (the server does not create a deleted id again). Kept under a new id.
      await restoreDeletedTemplate(ctx, id);
      return { kind: 'done' };
    }
    return failed(ctx, id, baseRevision, snapshot.content, result.error);
  }

  const result = await ctx.transport.request<Template>(
    'PATCH',
    `/v1/templates/${encodeURIComponent(id)}`,
    {
      body,
      headers: { 'if-match': `"${snapshot.server.revision}"` },
    },
  );
  if (result.ok) {
    await acknowledge(ctx, doc, result.data.body, version);
    return { kind: 'done' };
  }
  if (result.error.status === 412) {
    const current = (result.error.body as { template?: Template } | null)?.template;
    if (!current)
      return {
        kind: 'transient',
        status: 412,
        message: 'The server did not send its version to merge with.',
      };
    // This request was not applied, but a copy of it delivered twice may have been.
    await mergeServerVersion(ctx, id, current, 'push', snapshot.content);
    return { kind: 'merged' };
  }
  if (result.error.status === 404 || result.error.status === 410) {
    // Deleted on another device (a full pull carries no tombstones, so this may be the first
    // this device hears of it): the edits it never received are kept as a new activity.
    await restoreDeletedTemplate(ctx, id);
    return { kind: 'done' };
  }
  return failed(ctx, id, baseRevision, snapshot.content, result.error);
}

/**
 * POST of a template made here. One that keeps the edits of an activity deleted on another
 * device (restoreDeletedTemplate) says which (`restoredFrom`), so that My Activities can tell
 * the organiser on every device why it appeared. The marker matters less than the edits: when
 * the server refuses it (a server from before it knows no such field, or an id it does not take
 * for a UUID), the create is sent again without it.
 */
async function createOnServer(
  ctx: Context,
  id: string,
  body: Record<string, unknown>,
): Promise<TransportResult<Template>> {
  const restoredFrom = (await readDeletedElsewhere(ctx.db)).find((e) => e.restoredAs === id)?.id;
  if (!restoredFrom) {
    return ctx.transport.request<Template>('POST', '/v1/templates', { body });
  }
  const result = await ctx.transport.request<Template>('POST', '/v1/templates', {
    body: { ...body, restoredFrom },
  });
  if (!result.ok && result.error.status === 400 && result.error.message.includes('restoredFrom')) {
    return ctx.transport.request<Template>('POST', '/v1/templates', { body });
  }
  return result;
}

/**
 * A template deleted on the server (on another device) that holds edits the server never
 * received: the edits are not thrown away. The local document becomes a new activity — a new
 * id, since the server does not create a deleted id again (409), the same content and name —
 * that the next push creates like any activity made here. Files queued for the old id follow
 * it; the deletion is recorded (recordDeletedElsewhere) for the builder to follow the new id,
 * and the conflict log holds a 'deleted' entry with `restoredFrom`, which the builder shows as
 * a notice. The create tells the server the old id too (createOnServer), for My Activities'
 * "Restored" marker. Safe to repeat after a crash half-way: the new id is recorded first and reused.
 * Answers the new id.
 */
export async function restoreDeletedTemplate(ctx: Context, id: string): Promise<string | null> {
  const doc = await ctx.db.templates.findOne(id).exec();
  if (!doc) return null;
  const local = doc.toMutableJSON();
  const at = ctx.now().toISOString();
  const known = (await readDeletedElsewhere(ctx.db)).find((e) => e.id === id)?.restoredAs;
  const newId = known ?? crypto.randomUUID();
  if (!known) {
    await recordDeletedElsewhere(ctx.db, {
      id,
      name: local.content.name,
      at,
      restoredAs: newId,
    });
    await appendConflicts(ctx.db, {
      at,
      templateId: newId,
      templateName: local.content.name,
      source: 'deleted',
      conflicts: [{ path: 'template', ours: local.content, theirs: null, kept: 'ours' }],
      restoredFrom: id,
    });
  }
  const restoredContent = (content: TemplateContent): TemplateContent => ({
    ...content,
    // The branding record is the server's; the new activity gets one of its own, as a copy does.
    branding: { ...content.branding, id: crypto.randomUUID() },
  });
  if (!(await ctx.db.templates.findOne(newId).exec())) {
    await ctx.db.templates.insert({
      id: newId,
      owner: ctx.owner,
      content: restoredContent(local.content),
      stamps: { ...local.stamps },
      server: null,
      localVersion: 1,
      pushedVersion: 0,
      localChangedAt: local.localChangedAt,
      deletedLocally: false,
      syncState: 'pending',
      lastError: null,
      lastConflictAt: at,
      sortAt: at,
    });
  }
  const uploads = await ctx.db.uploads.find({ selector: { templateId: id } }).exec();
  for (const upload of uploads) {
    await upload.incrementalModify((current) =>
      current.templateId === id ? { ...current, templateId: newId } : current,
    );
  }
  // An edit that landed on the old id while this ran is carried over before it goes.
  const latest = await ctx.db.templates.findOne(id).exec();
  if (latest && latest.localVersion !== local.localVersion && !latest.deletedLocally) {
    const content = latest.toMutableJSON().content;
    const restored = await ctx.db.templates.findOne(newId).exec();
    await restored?.incrementalModify((current) => ({
      ...current,
      content: { ...content, branding: { ...content.branding, id: current.content.branding.id } },
      stamps: { ...latest.stamps },
      localVersion: current.localVersion + 1,
      localChangedAt: latest.localChangedAt,
      syncState: 'pending',
    }));
  }
  if (latest) await latest.remove();
  await forgetUnconfirmed(ctx.db, id);
  return newId;
}

function failure({ status, message }: TransportError): PushOutcome {
  return isTransientFailure(status)
    ? { kind: 'transient', status, message }
    : { kind: 'refused', status, message };
}

/**
 * A push that failed. When the failure may hide an applied push (no answer, a timeout, a 5xx
 * from a proxy), what was sent is remembered: if the server turns out to hold it, stamped later
 * than edits made here meanwhile, the merge must not take it for another device's change
 * (merge rule 9).
 */
async function failed(
  ctx: Context,
  id: string,
  baseRevision: number | null,
  sent: TemplateContent,
  error: TransportError,
): Promise<PushOutcome> {
  const outcome = failure(error);
  if (outcome.kind === 'transient') await rememberUnconfirmed(ctx.db, id, baseRevision, sent);
  return outcome;
}

interface UnconfirmedPushes {
  /** The server revision the pushes were based on (their If-Match); null for creates. */
  baseRevision: number | null;
  /** Oldest first. */
  contents: TemplateContent[];
}

async function readUnconfirmed(
  db: TeamtrailDatabase,
  id: string,
): Promise<UnconfirmedPushes | null> {
  const saved = (await db.getLocal<UnconfirmedPushes>(UNCONFIRMED_PREFIX + id))?.toJSON().data;
  return saved
    ? { baseRevision: saved.baseRevision, contents: [...saved.contents] as TemplateContent[] }
    : null;
}

async function rememberUnconfirmed(
  db: TeamtrailDatabase,
  id: string,
  baseRevision: number | null,
  content: TemplateContent,
) {
  const saved = await readUnconfirmed(db, id);
  const contents = saved && saved.baseRevision === baseRevision ? saved.contents : [];
  if (contents.some((c) => deepEqual(c, content))) return;
  await db.upsertLocal<UnconfirmedPushes>(UNCONFIRMED_PREFIX + id, {
    baseRevision,
    contents: [...contents, content].slice(-UNCONFIRMED_LIMIT),
  });
}

async function unconfirmedPushes(
  db: TeamtrailDatabase,
  id: string,
  baseRevision: number | null,
): Promise<TemplateContent[] | null> {
  const saved = await readUnconfirmed(db, id);
  if (!saved) return null;
  return saved.baseRevision === baseRevision ? saved.contents : [];
}

/** The server answered: older unconfirmed pushes no longer matter. */
async function forgetUnconfirmed(db: TeamtrailDatabase, id: string) {
  const saved = await db.getLocal(UNCONFIRMED_PREFIX + id);
  if (saved) await saved.remove();
}

/**
 * The stamps of the merge's base (merge rule 10): the server's stamps of the copy's base, except
 * where rule 9 took the server's value (a push of this device echoed back) as the base: there the
 * base is the server's, and so is its stamp. None for a base the server never confirmed.
 */
function baseStampsOf(
  server: Template | null,
  mergeBase: TemplateContent | null,
  theirsStamps: FieldStamps | undefined,
): FieldStamps | undefined {
  if (!server?.fieldStamps || mergeBase === null) return undefined;
  const stamps = { ...server.fieldStamps };
  for (const path of changedPaths(contentOf(server), mergeBase)) {
    const echoed = theirsStamps?.[path];
    if (echoed === undefined) delete stamps[path];
    else stamps[path] = echoed;
  }
  return stamps;
}

/** The server has this push: remember its state as the new base, keep any newer local edits. */
async function acknowledge(
  ctx: Context,
  doc: RxDocument<LocalTemplateDoc>,
  server: Template,
  version: number,
) {
  // Only a push that failed before leaves unconfirmed pushes behind (see `failed`).
  if (doc.lastError !== null) await forgetUnconfirmed(ctx.db, doc.id);
  await doc.incrementalModify((current) => {
    const upToDate = current.localVersion === version;
    return {
      ...current,
      server,
      pushedVersion: Math.max(current.pushedVersion, version),
      // The server may normalise what it stores (the branding id, for one); take its content
      // when nothing changed here meanwhile.
      content: upToDate ? contentOf(server) : current.content,
      stamps: upToDate
        ? (server.fieldStamps ?? current.stamps)
        : stampsAfterAck(current.content, current.stamps, contentOf(server), server.fieldStamps),
      syncState: upToDate ? 'synced' : 'pending',
      lastError: null,
      sortAt: later(current.sortAt, server.updatedAt),
    };
  });
}

/**
 * A server version met local edits it does not include: merge three ways (base = the server
 * state the local copy came from, adjusted for this device's unconfirmed pushes, merge rule 9)
 * and keep the result pending, to be pushed at the server's revision. When the merge adds
 * nothing to the server's version there is nothing to push. `sentNow` is the content of the
 * push that was just answered, when there is one. Answers whether the document still has
 * something to push.
 */
export async function mergeServerVersion(
  ctx: Context,
  id: string,
  theirs: Template,
  source: ConflictEntry['source'],
  sentNow: TemplateContent | null = null,
): Promise<boolean> {
  const doc = await ctx.db.templates.findOne(id).exec();
  if (!doc) return false;
  const baseRevision = doc.server?.revision ?? null;
  const unconfirmed = await unconfirmedPushes(ctx.db, id, baseRevision);
  // For a template the server never confirmed, only earlier sends can say what it was created
  // from; the one just answered 200 was not written.
  const sent =
    baseRevision === null && !unconfirmed?.length
      ? []
      : [...(unconfirmed ?? []), ...(sentNow ? [sentNow] : [])];
  let conflicts: ConflictEntry['conflicts'] = [];
  let name = theirs.name;
  let pending = false;
  await doc.incrementalModify((current) => {
    const base = current.server ? contentOf(current.server) : null;
    const sameBase = (current.server?.revision ?? null) === baseRevision;
    const mergeBase = sameBase ? baseWithEchoes(base, sent, contentOf(theirs)) : base;
    const result = mergeTemplates({
      base: mergeBase,
      ours: current.content,
      theirs: contentOf(theirs),
      oursChangedAt: current.localChangedAt,
      theirsChangedAt: theirs.updatedAt,
      oursStamps: current.stamps,
      theirsStamps: theirs.fieldStamps,
      baseStamps: baseStampsOf(current.server, mergeBase, theirs.fieldStamps),
    });
    conflicts = result.conflicts;
    name = result.merged.name;
    const nothingToPush = deepEqual(result.merged, contentOf(theirs));
    pending = !nothingToPush;
    return {
      ...current,
      owner: ctx.owner,
      server: theirs,
      content: result.merged,
      // Nothing to push: the document is the server's version, stamps included (a change made
      // here too, to the same value, must not keep a stamp the server never gets).
      stamps: nothingToPush && theirs.fieldStamps ? { ...theirs.fieldStamps } : result.stamps,
      pushedVersion: nothingToPush ? current.localVersion : current.pushedVersion,
      syncState: nothingToPush ? 'synced' : 'pending',
      lastError: null,
      lastConflictAt: result.conflicts.length ? ctx.now().toISOString() : current.lastConflictAt,
      sortAt: later(current.sortAt, theirs.updatedAt),
    };
  });
  if (unconfirmed !== null) await forgetUnconfirmed(ctx.db, id);
  if (conflicts.length) {
    await appendConflicts(ctx.db, {
      at: ctx.now().toISOString(),
      templateId: id,
      templateName: name,
      source,
      conflicts,
    });
  }
  return pending;
}

/** A refused push, kept in the template's lastError (a number: storedStatus). */
export async function markRefused(
  ctx: Context,
  id: string,
  status: number | null,
  message: string,
) {
  const doc = await ctx.db.templates.findOne(id).exec();
  if (!doc) return;
  await doc.incrementalModify((current) => ({
    ...current,
    syncState:
      current.localVersion > current.pushedVersion || current.deletedLocally
        ? 'error'
        : current.syncState,
    lastError: {
      message,
      status: storedStatus(status),
      at: ctx.now().toISOString(),
      nextAttemptAt: null,
    },
  }));
}

/** A push that will be tried again, kept in lastError: no answer (null) is stored as 0. */
export async function markTransientFailure(
  ctx: Context,
  id: string,
  status: number | null,
  message: string,
  nextAttemptAt: Date,
) {
  const doc = await ctx.db.templates.findOne(id).exec();
  if (!doc) return;
  await doc.incrementalModify((current) => ({
    ...current,
    lastError: {
      message,
      status: storedStatus(status),
      at: ctx.now().toISOString(),
      nextAttemptAt: nextAttemptAt.toISOString(),
    },
  }));
}

// ---------------------------------------------------------------------------------------------
// Pull

async function readCheckpoint(
  db: TeamtrailDatabase,
  owner: string,
): Promise<SyncCheckpoint | null> {
  const doc = await db.getLocal<{ owner: string; checkpoint: SyncCheckpoint | null }>(
    CHECKPOINT_ID,
  );
  const data = doc?.toJSON().data;
  return data && data.owner === owner ? data.checkpoint : null;
}

async function writeCheckpoint(
  db: TeamtrailDatabase,
  owner: string,
  checkpoint: SyncCheckpoint | null,
) {
  await db.upsertLocal(CHECKPOINT_ID, { owner, checkpoint });
}

export async function resetCheckpoint(db: TeamtrailDatabase) {
  const doc = await db.getLocal(CHECKPOINT_ID);
  if (doc) await doc.remove();
}

/**
 * Pulls the changes since the last checkpoint (or everything, the first time for this owner)
 * and applies them. Answers the error when the server could not be asked.
 */
export async function pullTemplates(ctx: Context): Promise<TransportError | null> {
  const saved = await readCheckpoint(ctx.db, ctx.owner);
  if (!saved) {
    const result = await ctx.transport.request<TemplateList>('GET', '/v1/templates');
    if (!result.ok) return result.error;
    const all = result.data.body;
    const listed = new Set(all.templates.map((t) => t.id));
    for (const template of all.templates) await applyServerTemplate(ctx, template);
    await forgetTemplatesMissingFromServer(ctx, listed);
    await writeCheckpoint(ctx.db, ctx.owner, all.checkpoint);
    return null;
  }
  let checkpoint: SyncCheckpoint = saved;
  for (;;) {
    const query: string = `since=${encodeURIComponent(checkpoint.updatedAt)}&sinceId=${encodeURIComponent(checkpoint.id)}&limit=${PULL_PAGE_SIZE}`;
    const result: TransportResult<TemplateList> = await ctx.transport.request<TemplateList>(
      'GET',
      `/v1/templates?${query}`,
    );
    if (!result.ok) return result.error;
    const page = result.data.body;
    for (const template of page.templates) await applyServerTemplate(ctx, template);
    // Saved after each page is applied: a crash mid-pull repeats at most one page, and applying
    // a page twice changes nothing.
    checkpoint = page.checkpoint ?? checkpoint;
    await writeCheckpoint(ctx.db, ctx.owner, checkpoint);
    if (!page.hasMore) return null;
  }
}

export async function applyServerTemplate(ctx: Context, item: Template | TemplateTombstone) {
  const doc = await ctx.db.templates.findOne(item.id).exec();

  if ('deleted' in item) {
    if (!doc) return;
    const local = doc.toMutableJSON();
    const unpushed = local.localVersion > local.pushedVersion && !local.deletedLocally;
    if (unpushed) {
      // Deleted elsewhere while edited here: the edits are kept, as a new activity.
      await restoreDeletedTemplate(ctx, item.id);
      return;
    }
    if (!local.deletedLocally) {
      await recordDeletedElsewhere(ctx.db, {
        id: item.id,
        name: local.content.name,
        at: ctx.now().toISOString(),
        restoredAs: null,
      });
    }
    await doc.remove();
    if (local.lastError !== null) await forgetUnconfirmed(ctx.db, item.id);
    return;
  }

  if (!doc) {
    const at = item.updatedAt;
    await ctx.db.templates.insert({
      id: item.id,
      owner: ctx.owner,
      content: contentOf(item),
      stamps: { ...item.fieldStamps },
      server: item,
      localVersion: 0,
      pushedVersion: 0,
      localChangedAt: at,
      deletedLocally: false,
      syncState: 'synced',
      lastError: null,
      lastConflictAt: null,
      sortAt: at,
    });
    return;
  }

  const local = doc.toMutableJSON();
  const known = local.server;
  const newer = !known || item.revision > known.revision;
  if (!newer) {
    // Same revision: nothing new in the content, but the owner may have changed (identify
    // moves a guest's templates to the user without a new revision).
    if (local.owner !== ctx.owner || (known && known.updatedAt !== item.updatedAt)) {
      await doc.incrementalModify((current) => ({
        ...current,
        owner: ctx.owner,
        server: current.server && current.server.revision === item.revision ? item : current.server,
      }));
    }
    return;
  }
  if (local.deletedLocally) {
    // Our deletion still has to reach the server; it wins over a newer version of the content.
    await doc.incrementalModify((current) => ({ ...current, owner: ctx.owner, server: item }));
    return;
  }
  if (local.localVersion > local.pushedVersion) {
    await mergeServerVersion(ctx, item.id, item, 'pull');
    return;
  }
  await doc.incrementalModify((current) =>
    current.localVersion > current.pushedVersion
      ? current // an edit landed meanwhile; the next push merges it at the server's revision
      : {
          ...current,
          owner: ctx.owner,
          server: item,
          content: contentOf(item),
          stamps: { ...item.fieldStamps },
          syncState: 'synced',
          lastError: null,
          sortAt: later(current.sortAt, item.updatedAt),
        },
  );
}

/**
 * After a full pull: a synced local template of this owner that the server no longer lists was
 * deleted while this device did not hear of it. Templates with pending edits stay: their push
 * answers 404 and keeps the edits as a new activity (restoreDeletedTemplate).
 */
async function forgetTemplatesMissingFromServer(ctx: Context, listed: Set<string>) {
  const mine = await ctx.db.templates.find({ selector: { owner: ctx.owner } }).exec();
  for (const doc of mine) {
    if (listed.has(doc.id) || doc.server === null) continue;
    if (doc.syncState === 'synced' && doc.localVersion <= doc.pushedVersion) {
      await recordDeletedElsewhere(ctx.db, {
        id: doc.id,
        name: doc.content.name,
        at: ctx.now().toISOString(),
        restoredAs: null,
      });
      await doc.remove();
    }
  }
}
