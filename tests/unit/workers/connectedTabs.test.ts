/**
 * workers/connectedTabs.ts: who the sync worker sends as. The newest tab that answers decides;
 * with no tab answering (one between pages, all closed), the identity the tabs last gave, never
 * nobody: a request without the owner's identity was taken by the server for a new guest's.
 */
import { describe, expect, it } from 'vitest';
import { createConnectedTabs } from '../../../workers/connectedTabs';
import type { Identity } from '../../../sync/transport';
import type { PageBridge } from '../../../workers/syncWorkerApi';

const guest = (anonId: string): Identity => ({ token: null, anonId, userId: null });

function tab(identity: Identity | 'silent'): PageBridge & { stored: string[] } {
  const stored: string[] = [];
  return {
    stored,
    getIdentity: () =>
      identity === 'silent' ? new Promise<Identity>(() => undefined) : Promise.resolve(identity),
    storeAnonId: (anonId) => stored.push(anonId),
  };
}

describe('the identity the sync worker sends as', () => {
  it('is the newest tab that answers; a silent one is forgotten', async () => {
    const tabs = createConnectedTabs(20);
    tabs.add(tab(guest('older')));
    tabs.add(tab('silent'));
    expect(await tabs.identity()).toEqual(guest('older'));
  });

  it('with no tab answering (the only tab between pages), stays the last identity a tab gave, not nobody', async () => {
    const tabs = createConnectedTabs(20);
    const page = tab(guest('the-owner'));
    tabs.add(page);
    expect(await tabs.identity()).toEqual(guest('the-owner'));
    // The tab leaves for its next page: the old page no longer answers, the new one not yet.
    page.getIdentity = () => new Promise<Identity>(() => undefined);
    tabs.add(tab('silent'));
    expect(await tabs.identity()).toEqual(guest('the-owner'));
  });

  it('is nobody only before any tab has ever answered', async () => {
    const tabs = createConnectedTabs(20);
    expect(await tabs.identity()).toEqual({ token: null, anonId: null, userId: null });
    tabs.add(tab('silent'));
    expect(await tabs.identity()).toEqual({ token: null, anonId: null, userId: null });
  });

  it('hands a new AnonId to the newest tab', () => {
    const tabs = createConnectedTabs(20);
    const first = tab(guest('a'));
    const second = tab(guest('b'));
    tabs.add(first);
    tabs.add(second);
    tabs.storeAnonId('new-id');
    expect(second.stored).toEqual(['new-id']);
    expect(first.stored).toEqual([]);
  });
});
