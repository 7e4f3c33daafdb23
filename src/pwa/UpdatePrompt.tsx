/**
 * "Update available — Reload": a notice in the bottom-right corner, shown through the page's
 * notifications (src/ui/notices.tsx), when a new version of the app has been downloaded
 * (src/pwa/serviceWorkerUpdates.ts); the notice is src/pwa/UpdateNotice.tsx. It stays until the organiser answers it and is seen over an
 * open dialog (the host's layer is above the modals'). It never takes the focus and never reloads
 * by itself: the organiser finishes what they are doing first.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { serviceWorkerUpdates, startServiceWorker } from './registerServiceWorker';
import type { ServiceWorkerUpdates } from './serviceWorkerUpdates';

/** Loaded only once an update waits: the notice is not part of the first screen. */
const UpdateNotice = lazy(() => import('./UpdateNotice'));

/** Starts the service worker (production builds) and shows the prompt when an update waits. */
export function ServiceWorkerUpdatePrompt({
  updates = serviceWorkerUpdates,
}: {
  updates?: ServiceWorkerUpdates;
}) {
  useEffect(() => startServiceWorker(updates), [updates]);
  const state = useSyncExternalStore(updates.subscribe, updates.getState, () => 'current');
  // For this page's life: the next page load offers the waiting version again.
  const [dismissed, setDismissed] = useState(false);
  if (state === 'current' || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice
        reloading={state === 'reloading'}
        onReload={updates.reloadToUpdate}
        onDismiss={() => setDismissed(true)}
      />
    </Suspense>
  );
}
