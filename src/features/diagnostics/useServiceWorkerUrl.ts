/**
 * The script of the service worker that controls this page, or null when none does (a dev
 * build, or before the first visit finished installing it; docs/offline-app.md). Follows `controllerchange`, so an update that
 * takes over while the panel is open shows.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  container?.addEventListener('controllerchange', onChange);
  return () => container?.removeEventListener('controllerchange', onChange);
}

const getSnapshot = (): string | null =>
  (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller?.scriptURL) || null;

export function useServiceWorkerUrl(): string | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
