/**
 * Opens the local database of the owner now using the browser and brings into it the work that
 * is that owner's to take (docs/sync.md, "One local database per owner"):
 *
 * 1. The shared database of earlier versions: its documents of this owner (and of this
 *    device's guest ids) move here; others wait for their owner. Emptied, it is deleted.
 * 2. Guest work: a user takes the current guest id's work (a guest who signs up keeps what they
 *    built), and anyone takes the work of an earlier guest id of this device whose id was lost
 *    (a crash before the cookie reached the disk): adopted, never stranded.
 *
 * Moved guest ids become claims (sync/claims.ts) that the engine sends to the server before it
 * pushes. The builder's crash-safe drafts of a guest's templates move with them, to this owner's
 * drafts store (src/localdb/draftDatabase.ts, moveDrafts). A failure here is logged and never stops
 * the owner's own database from opening.
 */
import type { TeamtrailDatabase } from '../src/localdb/database';
import type { DeviceStore } from '../src/localdb/deviceStore';
import { deleteDraftStore, moveDrafts, type DraftMove } from '../src/localdb/draftDatabase';
import { LEGACY_DATABASE_NAME, databaseNameFor, guestOwner } from '../src/localdb/owner';
import { moveOwnerWork } from '../sync/ownerMove';
import type { Identity } from '../sync/transport';

export interface OwnerSwitchDeps {
  openDatabase(name: string, collections: 'all' | 'owned'): Promise<TeamtrailDatabase>;
  device: DeviceStore;
  /** Whether an RxDB database of that name exists (so that looking does not create one). */
  databaseExists(name: string): Promise<boolean>;
  /** The IndexedDB of the builder's drafts stores: this context's own unless given. */
  indexedDB?: IDBFactory;
}

export async function openOwnerDatabase(
  owner: string,
  identity: Identity,
  deps: OwnerSwitchDeps,
): Promise<TeamtrailDatabase> {
  const db = await deps.openDatabase(await databaseNameFor(owner), 'all');
  try {
    await adoptWork(db, owner, identity, deps);
  } catch (error) {
    // The work stays where it is and is looked for again at the next start.
    console.error('Teamtrail: moving earlier local work failed', error);
  }
  return db;
}

async function adoptWork(
  db: TeamtrailDatabase,
  owner: string,
  identity: Identity,
  deps: OwnerSwitchDeps,
): Promise<void> {
  const guestIds = (await deps.device.get('guestIds')) ?? [];
  const guestOwners = guestIds.map(guestOwner);

  if (!(await deps.device.get('legacyMigrated'))) {
    await fromLegacy(db, owner, guestOwners, deps);
  }

  for (const anonId of guestIds) {
    const guest = guestOwner(anonId);
    if (guest === owner) continue;
    const current = anonId === identity.anonId;
    const name = await databaseNameFor(guest);
    if (!(await deps.databaseExists(name))) {
      if (!current) await forgetGuestId(deps.device, anonId);
      continue;
    }
    // The drafts before the templates: once a template is in this owner's database the
    // builder may open it and write its drafts back, and they are there already.
    const drafts = await moveGuestDrafts(name, db.name, guest, owner, deps);
    const source = await deps.openDatabase(name, 'owned');
    let emptied = false;
    try {
      await moveOwnerWork(source, db, [guest], owner);
      emptied =
        (await source.templates.count().exec()) + (await source.uploads.count().exec()) === 0;
    } finally {
      // An earlier guest id is done with once all its work has moved: nothing else uses it. A
      // move cut short (a failure, a quota) keeps it, and the next start finishes the move.
      if (current || !emptied) await source.close();
      else await source.remove();
    }
    if (!current && emptied) {
      // Its drafts store goes with it once emptied (kept if the drafts could not be moved).
      if (drafts?.left === 0) await deleteDraftStore(name, deps.indexedDB ?? globalThis.indexedDB);
      await forgetGuestId(deps.device, anonId);
    }
  }
}

/**
 * The guest's drafts, to this owner's drafts store; null if that failed. The drafts are a
 * crash's insurance for the last keystrokes: their failure does not hold the work's move up.
 * The current guest's store is looked at on every start (their database stays), so drafts a
 * tab still open put there after the move follow at the next one.
 */
async function moveGuestDrafts(
  fromDatabase: string,
  toDatabase: string,
  guest: string,
  owner: string,
  deps: OwnerSwitchDeps,
): Promise<DraftMove | null> {
  try {
    return await moveDrafts(
      fromDatabase,
      toDatabase,
      guest,
      owner,
      deps.indexedDB ?? globalThis.indexedDB,
    );
  } catch (error) {
    console.error("Teamtrail: moving a guest's kept drafts failed", error);
    return null;
  }
}

async function fromLegacy(
  db: TeamtrailDatabase,
  owner: string,
  guestOwners: readonly string[],
  deps: OwnerSwitchDeps,
): Promise<void> {
  if (!(await deps.databaseExists(LEGACY_DATABASE_NAME))) {
    await deps.device.set('legacyMigrated', true);
    return;
  }
  const legacy = await deps.openDatabase(LEGACY_DATABASE_NAME, 'owned');
  let empty = false;
  try {
    // The device's guest work too: a user's, as a sign-in would have moved it; a guest's, as
    // an earlier id's would be adopted.
    const takes = [owner, ...guestOwners];
    await moveOwnerWork(legacy, db, takes, owner);
    const left = (await legacy.templates.count().exec()) + (await legacy.uploads.count().exec());
    empty = left === 0;
  } finally {
    if (empty) await legacy.remove();
    else await legacy.close();
  }
  if (empty) await deps.device.set('legacyMigrated', true);
}

async function forgetGuestId(device: DeviceStore, anonId: string): Promise<void> {
  const known = (await device.get('guestIds')) ?? [];
  await device.set(
    'guestIds',
    known.filter((id) => id !== anonId),
  );
}
