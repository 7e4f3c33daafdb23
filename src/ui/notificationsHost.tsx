/**
 * The page's one host of notifications (@mantine/notifications), where the notices of
 * src/ui/notices.tsx show. It is loaded just after the first screen, not with it: some 10 KB
 * gzipped that "/" does not wait for (its 250 KB budget, docs/offline-app.md). A notice shown
 * before it has arrived waits in the notifications' store and shows when it does.
 */
import { lazy, Suspense } from 'react';
import { getDefaultZIndex } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';

/**
 * The organiser app's host: a notice goes bottom-right unless it says otherwise, one at a time
 * in each place (a newer one waits for the one before it, which only happens by a race: each
 * screen keeps one notice per place; the page's update prompt gives way to them). Its layer is
 * above the modals and their overlays, so that a notice is seen with a dialog open.
 */
export const APP_NOTIFICATIONS = {
  position: 'bottom-right',
  limit: 1,
  zIndex: getDefaultZIndex('overlay'),
} as const satisfies NotificationsProps;

const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

export function NotificationsHost(props: NotificationsProps) {
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
