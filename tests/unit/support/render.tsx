/**
 * Renders components as a page of the app has them: inside the app's Mantine theme, with the
 * page's host of notifications (src/ui/notificationsHost.tsx, here loaded at once), so that a
 * notice a component shows (src/ui/notices.tsx) is in the document. The live screens pass their
 * own host's settings.
 */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, type NotificationsProps } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { APP_NOTIFICATIONS } from '../../../src/ui/notificationsHost';
import { theme } from '../../../src/ui/theme';

export function MantineTestProviders({
  children,
  notifications = APP_NOTIFICATIONS,
}: {
  children: ReactNode;
  notifications?: NotificationsProps;
}) {
  return (
    <MantineProvider theme={theme}>
      {children}
      <Notifications {...notifications} />
    </MantineProvider>
  );
}

export function renderWithMantine(
  ui: ReactNode,
  { notifications }: { notifications?: NotificationsProps } = {},
) {
  return render(<MantineTestProviders notifications={notifications}>{ui}</MantineTestProviders>);
}
