/**
 * A tiny IndexedDB key → Blob store for photos and videos waiting in the outbox: localStorage
 * holds only strings and a few MB, a video can be 100 MB. If IndexedDB is missing or refuses
 * (some private modes), blobs stay in memory: they survive a dropped connection, not a reload.
 */
export interface MediaStore {
  put(key: string, blob: Blob): Promise<void>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
}

const DB_NAME = 'teamtrail-play';
const STORE = 'media';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function createMediaStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): MediaStore {
  const memory = new Map<string, Blob>();
  let db: Promise<IDBDatabase> | null = null;

  const open = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('No IndexedDB'));
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return db;
  };

  const withStore = async <T>(
    mode: IDBTransactionMode,
    run: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const tx = (await open()).transaction(STORE, mode);
    const result = await request(run(tx.objectStore(STORE)));
    if (mode === 'readwrite') {
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
    }
    return result;
  };

  return {
    async put(key, blob) {
      try {
        await withStore('readwrite', (s) => s.put(blob, key));
      } catch {
        memory.set(key, blob);
      }
    },
    async get(key) {
      const kept = memory.get(key);
      if (kept) return kept;
      try {
        const found = await withStore<unknown>('readonly', (s) => s.get(key));
        return found instanceof Blob ? found : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      memory.delete(key);
      try {
        await withStore('readwrite', (s) => s.delete(key));
      } catch {
        // Nothing stored there.
      }
    },
  };
}
