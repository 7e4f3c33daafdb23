/**
 * The read-only lists kept for offline reading: the library (whole master templates, so they can
 * be copied offline), the themes, and the rows of My Activities. Each pull replaces the list.
 */
import type { RxCollection } from 'rxdb';
import type { TeamtrailDatabase } from '../src/localdb/database';
import type { ActivityRow, Template, Theme } from '../src/domain/schemas';
import { deepEqual } from './merge';
import type { Transport, TransportError } from './transport';

async function replaceAll<D extends { id: string }>(
  collection: RxCollection<D>,
  docs: D[],
  keep: (doc: D) => boolean = () => true,
) {
  const ids = new Set(docs.map((d) => d.id));
  const existing = await collection.find().exec();
  const stale = existing.filter((doc) => !ids.has(doc.primary) && keep(doc.toJSON() as D));
  if (stale.length) await collection.bulkRemove(stale.map((doc) => doc.primary));
  // Only what changed is written: most pulls bring the same library and themes, and rewriting
  // them would cost a write per document and wake every tab's list subscriptions for nothing.
  const current = new Map(existing.map((doc) => [doc.primary, doc.toJSON()]));
  const changed = docs.filter((doc) => !deepEqual(current.get(doc.id), doc));
  if (changed.length) await collection.bulkUpsert(changed);
}

export async function pullLibrary(
  db: TeamtrailDatabase,
  transport: Transport,
): Promise<TransportError | null> {
  const result = await transport.request<Template[]>('GET', '/v1/templates/library?full=true');
  if (!result.ok) return result.error;
  await replaceAll(
    db.library,
    result.data.body.map((data, position) => ({ id: data.id, data, position })),
  );
  return null;
}

export async function pullThemes(
  db: TeamtrailDatabase,
  transport: Transport,
): Promise<TransportError | null> {
  const result = await transport.request<Theme[]>('GET', '/v1/themes');
  if (!result.ok) return result.error;
  await replaceAll(
    db.themes,
    result.data.body.map((data, position) => ({ id: data.id, data, position })),
  );
  return null;
}

export async function pullActivities(
  db: TeamtrailDatabase,
  transport: Transport,
  owner: string,
): Promise<TransportError | null> {
  const result = await transport.request<ActivityRow[]>('GET', '/v1/my_games');
  if (!result.ok) return result.error;
  await replaceAll(
    db.activities,
    result.data.body.map((data, position) => ({ id: data.id, owner, data, position })),
    // Only this owner's rows are replaced; another account's stay until it signs in again.
    (doc) => doc.owner === owner,
  );
  return null;
}
