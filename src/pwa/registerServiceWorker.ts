/**
 * Registers the organiser app's service worker (built by vite-plugin-pwa, vite.config.ts) in
 * production builds, and checks for a new version while a tab stays open. Dev (`vite`) and the
 * unit tests never register one. workbox-window is loaded on demand, after the page's own load,
 * so it costs the first paint nothing.
 */
import { createServiceWorkerUpdates, type ServiceWorkerUpdates } from './serviceWorkerUpdates';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * A tab can stay open for days without navigating (the browser only checks for a new worker on
 * navigations): ask once an hour, which costs one small conditional request.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** One per page: the prompt and the "new version" screen share it. */
export const serviceWorkerUpdates: ServiceWorkerUpdates = createServiceWorkerUpdates({
  reload: () => window.location.reload(),
});

let started = false;

/**
 * Starts the service worker once per page. Off outside production builds, and where the browser
 * has none (a plain-HTTP address other than localhost is not a secure context).
 */
export function startServiceWorker(
  updates: ServiceWorkerUpdates = serviceWorkerUpdates,
  enabled: boolean = import.meta.env.PROD,
): void {
  if (started || !enabled || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  started = true;
  void import('workbox-window')
    .then(async ({ Workbox }) => {
      const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      updates.attach(workbox);
      // Waits for the page's load event, so the worker's downloads do not compete with it.
      await workbox.register();
      setInterval(() => {
        if (navigator.onLine) workbox.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    .catch((error: unknown) => {
      // Without a worker the app still works online; only the offline shell is missing.
      console.warn('The service worker could not be registered', error);
    });
}
