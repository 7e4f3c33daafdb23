// @vitest-environment happy-dom
/**
 * The guest's identity is as durable as the guest's work (docs/sync.md "The guest's
 * identity"): the id is kept in IndexedDB and the wgAnonId cookie restored from there.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDeviceStore, type DeviceStore } from '../../../src/localdb/deviceStore';
import { resolveGuestId } from '../../../src/localdb/guestIdentity';
import { readAnonId, storeAnonId } from '../../../src/api/anonId';

const clearCookie = () => {
  document.cookie = 'wgAnonId=; max-age=0; path=/';
};

let store: DeviceStore;
beforeEach(() => {
  clearCookie();
  store = openDeviceStore(new IDBFactory());
});

describe("the guest's identity", () => {
  it('a first visit makes an id and keeps it in IndexedDB and in the cookie', async () => {
    const id = await resolveGuestId(store);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.get('anonId')).toBe(id);
    expect(await store.get('guestIds')).toEqual([id]);
    expect(readAnonId()).toBe(id);
  });

  it('a cookie lost in a crash is restored from IndexedDB: the same id, not a new one', async () => {
    const id = await resolveGuestId(store);
    clearCookie();
    expect(await resolveGuestId(store)).toBe(id);
    expect(readAnonId()).toBe(id);
  });

  it('an earlier version kept the id in the cookie only: that id becomes the durable one', async () => {
    const cookieId = '0b0b0b0b-1111-4222-8333-444455556666';
    storeAnonId(cookieId);
    expect(await resolveGuestId(store)).toBe(cookieId);
    expect(await store.get('anonId')).toBe(cookieId);
  });

  it('a cookie naming another id: the durable id stays, and the other is remembered for adoption', async () => {
    const id = await resolveGuestId(store);
    const other = '0c0c0c0c-1111-4222-8333-444455556666';
    storeAnonId(other);
    expect(await resolveGuestId(store)).toBe(id);
    expect(readAnonId()).toBe(id);
    expect(await store.get('guestIds')).toEqual([id, other]);
  });

  it('without a working IndexedDB, the cookie is all there is', async () => {
    const broken: DeviceStore = {
      get: () => Promise.reject(new Error('no IndexedDB')),
      set: () => Promise.reject(new Error('no IndexedDB')),
      rememberGuestId: () => Promise.reject(new Error('no IndexedDB')),
    };
    const id = await resolveGuestId(broken);
    expect(readAnonId()).toBe(id);
    expect(await resolveGuestId(broken)).toBe(id);
  });
});
