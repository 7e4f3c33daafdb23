/**
 * Whose data a tab or the sync worker works on: the owner key ('user:{id}' or 'anon:{anonId}')
 * and the local database that holds that owner's documents (docs/sync.md, "One local database
 * per owner"). Two people on one browser never share a database, so nothing of one is read or
 * written while the other is signed in, and sign-out needs no clean-up to be safe.
 */
export type OwnerKey = `user:${string}` | `anon:${string}`;

/** A guest's owner key. Every 'anon:' key is made here, so that they all compare equal. */
export const guestOwner = (anonId: string): OwnerKey => `anon:${anonId}`;

/** The signed-in user, else the guest; null when there is neither (no anonymous id yet). */
export function ownerKeyOf(identity: {
  userId: string | null;
  anonId: string | null;
}): OwnerKey | null {
  if (identity.userId) return `user:${identity.userId}`;
  if (identity.anonId) return guestOwner(identity.anonId);
  return null;
}

/** The guest id of an 'anon:' key, or null for a user. */
export const anonIdOf = (owner: string): string | null =>
  owner.startsWith('anon:') ? owner.slice('anon:'.length) : null;

/**
 * The single database every owner shared before databases were per owner. Its documents move
 * to their owner's database the first time that owner's data is opened (workers/ownerSwitch.ts).
 */
export const LEGACY_DATABASE_NAME = 'teamtrail';

const DATABASE_PREFIX = 'teamtrail-owner-';

/**
 * The database name of an owner: a hash, since user ids may hold characters a database name
 * cannot (RxDB allows [a-z0-9_$-]), and the name should not show who uses the browser.
 */
export async function databaseNameFor(owner: string): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(owner)),
  );
  const hex = Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return DATABASE_PREFIX + hex;
}

/**
 * Whether the database `name` has been created in `factory` (RxDB on Dexie keeps one IndexedDB
 * database per collection, named after it), so that looking for work does not create one.
 * Where the browser cannot list databases, it answers true and the caller opens it to look.
 */
export async function localDatabaseExists(factory: IDBFactory, name: string): Promise<boolean> {
  if (typeof factory.databases !== 'function') return true;
  const prefix = `rxdb-dexie-${name}--`;
  return (await factory.databases()).some((info) => info.name?.startsWith(prefix));
}
