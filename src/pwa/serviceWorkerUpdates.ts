/**
 * The update flow of the service worker (docs/offline-app.md): a new version installs in the
 * background and waits; the app offers "Reload"; only when the user clicks it is the waiting
 * worker told to take over (skipWaiting), and the page reloads once it controls the page. Never
 * an automatic reload: an organiser may be in the middle of a form. Until then the old worker
 * keeps serving the old chunks, so a running tab keeps working.
 */

/** The part of workbox-window's `Workbox` used here (tests pass a fake). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

/**
 * - `current`: nothing to offer;
 * - `updateReady`: a new version is installed and waiting for the user's Reload;
 * - `reloading`: the user clicked Reload; the page reloads when the new version takes over.
 */
export type UpdateState = 'current' | 'updateReady' | 'reloading';

/**
 * After asking the waiting worker to take over, how long to wait for it before reloading
 * anyway: a worker that went redundant in between never takes over, and a Reload button that
 * does nothing is worse than a reload into the version still in place.
 */
export const TAKE_OVER_TIMEOUT_MS = 5_000;

export interface ServiceWorkerUpdates {
  getState(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** Follows a registered worker's lifecycle (once workbox-window has loaded). */
  attach(workbox: WorkboxLike): void;
  /**
   * The user asked for the newest version: from the update prompt, or from the screen shown when
   * a screen's code could not be loaded (src/pwa/NewVersionScreen.tsx). Without a waiting
   * worker this is a plain reload, which fetches the new version from the server.
   */
  reloadToUpdate(): void;
}

export interface ServiceWorkerUpdatesOptions {
  reload: () => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

export function createServiceWorkerUpdates({
  reload,
  setTimer = (callback, ms) => setTimeout(callback, ms),
}: ServiceWorkerUpdatesOptions): ServiceWorkerUpdates {
  let state: UpdateState = 'current';
  let workbox: WorkboxLike | null = null;
  // Another tab's Reload activated the waiting version: there is nothing left to skip.
  let takenOverElsewhere = false;
  let reloaded = false;
  const listeners = new Set<() => void>();

  const setState = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(next) {
      workbox = next;
      next.addEventListener('waiting', () => {
        takenOverElsewhere = false;
        if (state === 'current') setState('updateReady');
      });
      next.addEventListener('controlling', () => {
        if (state === 'reloading') reloadOnce();
        // The first install taking this page (clientsClaim) is no update: state stays current.
        else if (state === 'updateReady') takenOverElsewhere = true;
      });
    },
    reloadToUpdate() {
      if (state === 'reloading') return;
      if (state !== 'updateReady' || !workbox || takenOverElsewhere) {
        setState('reloading');
        reloadOnce();
        return;
      }
      setState('reloading');
      workbox.messageSkipWaiting();
      setTimer(reloadOnce, TAKE_OVER_TIMEOUT_MS);
    },
  };
}
