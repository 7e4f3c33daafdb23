/**
 * A few facts about this device that outlive any one owner's database: the guest's anonymous id
 * (the key to a guest's work must be at least as durable as the work itself) and the guest ids
 * this browser has used, so that work left under an id that was lost can still be found and
 * adopted (docs/sync.md, "The guest's identity").
 *
 * Plain IndexedDB rather than RxDB: it is read before the first render, in the main bundle, and
 * it must not count against RxDB's limit of open collections. Writes use 'strict' durability:
 * Chromium writes cookies to disk only every ~30 s, so a crash soon after a first visit loses a
 * cookie, but not a strictly committed IndexedDB write.
 */
const DEVICE_DATABASE = 'teamtrail-device';
const STORE = 'meta';

export interface DeviceFacts {
  /** The guest's anonymous id (also in the wgAnonId cookie, restored from here). */
  anonId: string;
  /** Every guest id used on this device, oldest first (the current one included). */
  guestIds: string[];
  /** The shared database of earlier versions has been emptied into per-owner databases. */
  legacyMigrated: boolean;
}

type Key = keyof DeviceFacts;

export interface DeviceStore {
  get<K extends Key>(key: K): Promise<DeviceFacts[K] | undefined>;
  set<K extends Key>(key: K, value: DeviceFacts[K]): Promise<void>;
  /** Adds a guest id to `guestIds` (once). */
  rememberGuestId(anonId: string): Promise<void>;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DEVICE_DATABASE, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
  };
  return promised(request);
}

/** `factory`: the browser's indexedDB by default; fake-indexeddb in Node tests. */
export function openDeviceStore(factory: IDBFactory = indexedDB): DeviceStore {
  let connection: Promise<IDBDatabase> | null = null;
  const db = () => {
    connection ??= open(factory).then((opened) => {
      // Another tab deleting or upgrading the database: let go, reopen on next use.
      opened.onversionchange = () => {
        opened.close();
        connection = null;
      };
      return opened;
    });
    return connection;
  };

  async function write(apply: (store: IDBObjectStore) => void): Promise<void> {
    const tx = (await db()).transaction(STORE, 'readwrite', { durability: 'strict' });
    apply(tx.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    });
  }

  async function get<K extends Key>(key: K): Promise<DeviceFacts[K] | undefined> {
    const tx = (await db()).transaction(STORE, 'readonly');
    return (await promised(tx.objectStore(STORE).get(key))) as DeviceFacts[K] | undefined;
  }

  return {
    get,
    set: (key, value) => write((store) => store.put(value, key)),
    // Read and write in one transaction, so two tabs adding ids at once cannot lose one.
    rememberGuestId: (anonId) =>
      write((store) => {
        const read = store.get('guestIds');
        read.onsuccess = () => {
          const known = (read.result as string[] | undefined) ?? [];
          if (!known.includes(anonId)) store.put([...known, anonId], 'guestIds');
        };
      }),
  };
}
