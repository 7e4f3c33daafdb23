import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { APP_NOTIFICATIONS, NotificationsHost } from '../ui/notificationsHost';
import { cssVariablesResolver, theme } from '../ui/theme';
import { ServiceWorkerUpdatePrompt } from '../pwa/UpdatePrompt';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
      <NotificationsHost {...APP_NOTIFICATIONS} />
      <ServiceWorkerUpdatePrompt />
    </MantineProvider>
  );
}
