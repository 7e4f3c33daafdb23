/**
 * The outbox's media store: photos and videos waiting to be sent are kept in IndexedDB, so they
 * survive a reload (a new store on the same database finds them) until they are sent.
 */
import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { createMediaStore } from '../../../src/play/mediaStore';

describe('media waiting in the outbox', () => {
  it('a kept photo survives a reload and is gone once deleted', async () => {
    const indexedDb = new IDBFactory();
    const before = createMediaStore(indexedDb);
    await before.put('c-1', new Blob(['jpeg bytes'], { type: 'image/jpeg' }));

    const afterReload = createMediaStore(indexedDb);
    const found = await afterReload.get('c-1');
    expect(found?.type).toBe('image/jpeg');
    expect(await found?.text()).toBe('jpeg bytes');

    await afterReload.delete('c-1');
    expect(await createMediaStore(indexedDb).get('c-1')).toBeNull();
  });

  it('without IndexedDB, media are kept in memory for as long as the page is open', async () => {
    const store = createMediaStore(undefined);
    await store.put('c-1', new Blob(['video'], { type: 'video/mp4' }));
    expect(await (await store.get('c-1'))?.text()).toBe('video');
    await store.delete('c-1');
    expect(await store.get('c-1')).toBeNull();
  });
});
