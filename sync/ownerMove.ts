/**
 * Moves one owner's work from one local database to another: a guest's templates and queued
 * files into the account they signed up with, an earlier guest id's work into the current one,
 * and the documents of the shared database of earlier versions into their owner's database
 * (docs/sync.md, "One local database per owner").
 *
 * Crash-safe by order: each document is written to the target (with its file, for an upload)
 * before it is removed from the source, and a document already in the target is not written
 * again, so a move cut short by a crash finishes on the next run and nothing is lost or doubled.
 * The server hears of it separately: the moved guest ids are recorded as claims in the target
 * (sync/claims.ts), and the engine sends them (POST /v1/users/identify) before it pushes.
 */
import type { RxCollection } from 'rxdb';
import type { TeamtrailDatabase } from '../src/localdb/database';
import type { LocalTemplateDoc } from '../src/localdb/schemas/templates';
import type { UploadDoc } from '../src/localdb/schemas/uploads';
import { UPLOAD_ATTACHMENT_ID } from '../src/localdb/uploadRepository';
import { anonIdOf, guestOwner } from '../src/localdb/owner';
import { addClaims } from './claims';
import { appendConflicts, moveTemplateRecords, readConflictLog } from './conflictLog';

/** The collections a move reads: a source database needs no others open. */
export interface OwnedCollections {
  templates: RxCollection<LocalTemplateDoc>;
  uploads: RxCollection<UploadDoc>;
}

export type MoveSource = Pick<TeamtrailDatabase, 'getLocal' | 'upsertLocal'> & OwnedCollections;

/** Local documents that follow a template: its unconfirmed pushes (merge rule 9). */
const UNCONFIRMED_PREFIX = 'sync-unconfirmed-';

export interface MoveResult {
  templates: number;
  uploads: number;
}

/**
 * Moves the documents owned by any of `fromOwners` in `source` into `target`, re-keyed to
 * `toOwner`. Guest owners among `fromOwners` that had documents become claims in the target.
 */
export async function moveOwnerWork(
  source: MoveSource,
  target: TeamtrailDatabase,
  fromOwners: readonly string[],
  toOwner: string,
): Promise<MoveResult> {
  if (fromOwners.length === 0) return { templates: 0, uploads: 0 };
  const selector = { owner: { $in: [...fromOwners] } };
  const templates = await source.templates.find({ selector }).exec();
  const uploads = await source.uploads.find({ selector }).exec();
  if (templates.length === 0 && uploads.length === 0) return { templates: 0, uploads: 0 };

  // 1. The claims first: should the move stop halfway, the moved part is claimed anyway.
  const claimed = new Set(
    [...templates, ...uploads]
      .map((doc) => anonIdOf(doc.owner))
      .filter((id): id is string => id !== null && guestOwner(id) !== toOwner),
  );
  await addClaims(target, [...claimed]);

  // 2. Templates, with the local documents that belong to them.
  const movedIds = new Set<string>();
  for (const doc of templates) {
    const json = doc.toMutableJSON();
    const existing = await target.templates.findOne(json.id).exec();
    if (!existing) await target.templates.insert({ ...json, owner: toOwner });
    const unconfirmed = await source.getLocal<Record<string, unknown>>(
      UNCONFIRMED_PREFIX + json.id,
    );
    if (unconfirmed) {
      if (!existing)
        await target.upsertLocal(UNCONFIRMED_PREFIX + json.id, unconfirmed.toJSON().data);
      await unconfirmed.remove();
    }
    movedIds.add(json.id);
    await doc.remove();
  }

  // 3. Queued files with their data.
  for (const doc of uploads) {
    const json = doc.toMutableJSON();
    const file = await doc
      .getAttachment(UPLOAD_ATTACHMENT_ID)
      ?.getData()
      .catch(() => null);
    let moved = await target.uploads.findOne(json.id).exec();
    moved ??= await target.uploads.insert({ ...json, owner: toOwner });
    // Also when an earlier move stopped between the record and its file.
    if (file && !moved.getAttachment(UPLOAD_ATTACHMENT_ID)) {
      await moved.putAttachment({ id: UPLOAD_ATTACHMENT_ID, data: file, type: json.mimeType });
    }
    await doc.remove();
  }

  // 4. What the conflict log says about the moved templates (the losing values of merges),
  // where deleted activities' edits went, and the notices already dealt with.
  if (movedIds.size > 0) {
    const entries = await readConflictLog(source as unknown as TeamtrailDatabase).catch(() => []);
    for (const entry of entries.filter((e) => movedIds.has(e.templateId)))
      await appendConflicts(target, entry);
    await moveTemplateRecords(source, target, movedIds);
  }
  return { templates: templates.length, uploads: uploads.length };
}
