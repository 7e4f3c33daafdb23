/**
 * A new version shows an "Update available — Reload" prompt; never an automatic
 * reload that could lose a form. skipWaiting only when the user clicks Reload, then the page
 * reloads once the new worker controls it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TAKE_OVER_TIMEOUT_MS,
  createServiceWorkerUpdates,
} from '../../../src/pwa/serviceWorkerUpdates';
import { FakeWorkbox } from './fakeWorkbox';

function setUp() {
  const reload = vi.fn();
  const updates = createServiceWorkerUpdates({ reload });
  const workbox = new FakeWorkbox();
  updates.attach(workbox);
  const changes = vi.fn();
  updates.subscribe(changes);
  return { reload, updates, workbox, changes };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('service worker updates', () => {
  it('the first install taking the page is no update: nothing to offer, no reload', () => {
    const { updates, workbox, reload, changes } = setUp();
    workbox.workerControls();
    expect(updates.getState()).toBe('current');
    expect(changes).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a waiting version is offered, and nothing reloads until the user clicks Reload', () => {
    const { updates, workbox, reload, changes } = setUp();
    workbox.newVersionWaiting();
    expect(updates.getState()).toBe('updateReady');
    expect(changes).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(workbox.skipWaitingMessages).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('Reload tells the waiting worker to take over, and reloads once it controls the page', () => {
    const { updates, workbox, reload } = setUp();
    workbox.newVersionWaiting();
    updates.reloadToUpdate();
    expect(updates.getState()).toBe('reloading');
    expect(workbox.skipWaitingMessages).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    workbox.workerControls();
    expect(reload).toHaveBeenCalledTimes(1);
    // The fallback timer does not reload a second time.
    vi.advanceTimersByTime(TAKE_OVER_TIMEOUT_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a second click while reloading asks nothing more', () => {
    const { updates, workbox } = setUp();
    workbox.newVersionWaiting();
    updates.reloadToUpdate();
    updates.reloadToUpdate();
    expect(workbox.skipWaitingMessages).toHaveLength(1);
  });

  it('reloads anyway when the waiting worker never takes over', () => {
    const { updates, workbox, reload } = setUp();
    workbox.newVersionWaiting();
    updates.reloadToUpdate();
    vi.advanceTimersByTime(TAKE_OVER_TIMEOUT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('another tab’s Reload activating the version does not reload this tab by itself', () => {
    const { updates, workbox, reload } = setUp();
    workbox.newVersionWaiting();
    workbox.workerControls();
    expect(reload).not.toHaveBeenCalled();
    expect(updates.getState()).toBe('updateReady');
    // There is no waiting worker left to skip: this tab's Reload simply reloads.
    updates.reloadToUpdate();
    expect(workbox.skipWaitingMessages).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('without a waiting version (a screen’s code failed to load), Reload is a plain reload', () => {
    const { updates, workbox, reload } = setUp();
    updates.reloadToUpdate();
    expect(workbox.skipWaitingMessages).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('without any service worker (dev, no secure context) Reload is a plain reload', () => {
    const reload = vi.fn();
    const updates = createServiceWorkerUpdates({ reload });
    updates.reloadToUpdate();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
