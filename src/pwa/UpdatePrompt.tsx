/**
 * "Update available — Reload": a notice in the bottom-right corner, shown through the page's
 * notifications (src/ui/notices.tsx), when a new version of the app has been downloaded
 * (src/pwa/serviceWorkerUpdates.ts). It stays until the organiser answers it and is seen over an
 * open dialog (the host's layer is above the modals'). It never takes the focus and never reloads
 * by itself: the organiser finishes what they are doing first.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNotice } from '../ui/notices';
import { serviceWorkerUpdates, startServiceWorker } from './registerServiceWorker';
import type { ServiceWorkerUpdates } from './serviceWorkerUpdates';

export const UPDATE_PROMPT_TEXTS = {
  title: 'Update available',
  body: 'A new version of Teamtrail is ready. Reload to start using it.',
  reload: 'Reload',
  dismiss: 'Remind me later',
} as const;

export interface UpdatePromptProps {
  reloading: boolean;
  onReload: () => void;
  onDismiss: () => void;
}

/** Shows the prompt while mounted. */
export function UpdatePrompt({ reloading, onReload, onDismiss }: UpdatePromptProps) {
  useNotice({
    title: UPDATE_PROMPT_TEXTS.title,
    message: UPDATE_PROMPT_TEXTS.body,
    action: { label: UPDATE_PROMPT_TEXTS.reload, onClick: onReload, loading: reloading },
    dismissLabel: UPDATE_PROMPT_TEXTS.dismiss,
    onDismiss,
    autoDismissMs: null,
    placement: 'bottom-right',
    // It can wait: a screen's own notice there ("Tasks generated…") is about what was just done.
    givesWay: true,
    testId: 'update-prompt',
  });
  return null;
}

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
    <UpdatePrompt
      reloading={state === 'reloading'}
      onReload={updates.reloadToUpdate}
      onDismiss={() => setDismissed(true)}
    />
  );
}
