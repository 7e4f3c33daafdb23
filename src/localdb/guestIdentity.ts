/**
 * The guest's anonymous id, made durable (docs/sync.md, "The guest's identity"). The id is the
 * key to everything a guest builds, so it is kept with the data — in IndexedDB, committed
 * strictly — and the wgAnonId cookie (SPEC §9) is restored from there. A cookie alone is lost
 * when the browser crashes before writing its cookies to disk (Chromium: every ~30 s), and the
 * guest's work would be stranded under an id nobody holds any more.
 */
import { readAnonId, storeAnonId } from '../api/anonId';
import { openDeviceStore, type DeviceStore } from './deviceStore';

/** IndexedDB that does not answer (a blocked upgrade, a broken profile) must not block the app. */
const DEVICE_STORE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the device store did not answer')), ms),
    ),
  ]);
}

async function resolve(store: DeviceStore): Promise<string> {
  const stored = await store.get('anonId');
  const cookie = readAnonId();
  const anonId = stored ?? cookie ?? crypto.randomUUID();
  // Written before any work can be made under it.
  if (!stored) await store.set('anonId', anonId);
  await store.rememberGuestId(anonId);
  // A cookie that names another id (set by an older version, or handed out by the server): its
  // work is this device's too, and the sync worker adopts it (workers/ownerSwitch.ts).
  if (cookie && cookie !== anonId) await store.rememberGuestId(cookie);
  if (cookie !== anonId) storeAnonId(anonId);
  return anonId;
}

/**
 * The guest id of this browser: the durable one, restored into the cookie; made and stored at
 * the first visit. Without IndexedDB, the cookie is all there is.
 */
export async function resolveGuestId(store?: DeviceStore): Promise<string> {
  try {
    return await withTimeout(resolve(store ?? openDeviceStore()), DEVICE_STORE_TIMEOUT_MS);
  } catch (error) {
    console.warn('Teamtrail: the guest id is kept in a cookie only', error);
    const existing = readAnonId();
    if (existing) return existing;
    const created = crypto.randomUUID();
    storeAnonId(created);
    return created;
  }
}
