/**
 * Shown by the route groups' error screens instead of the SPEC §2.10 fallback when a screen's
 * code could not be downloaded (isChunkLoadError): Teamtrail was updated since the tab opened,
 * or the tab is offline before the app was saved for offline use. A reload fixes both, so that
 * is what it offers; nothing was lost and nobody needs to be notified.
 */
import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Logo } from '../ui/Logo';
import { RefreshIcon } from '../ui/icons';
import { serviceWorkerUpdates } from './registerServiceWorker';
import type { ServiceWorkerUpdates } from './serviceWorkerUpdates';

export const NEW_VERSION_TEXTS = {
  updated: {
    heading: 'Teamtrail has been updated',
    body: 'This screen is part of a newer version than the one open in this tab. Reload to continue.',
  },
  offline: {
    heading: 'You are offline',
    body: 'This screen has not been saved on this computer yet. Reconnect to the internet, then reload.',
  },
  reload: 'Reload',
} as const;

export function NewVersionScreen({
  updates = serviceWorkerUpdates,
}: {
  updates?: ServiceWorkerUpdates;
}) {
  const { online } = useNetwork();
  const texts = online ? NEW_VERSION_TEXTS.updated : NEW_VERSION_TEXTS.offline;
  return (
    <Center mih="100vh" p="xl" data-testid="new-version-screen">
      <Stack
        align="center"
        gap="lg"
        ta="center"
        maw={520}
        role="alert"
        aria-labelledby="new-version-heading"
      >
        <Box mb="sm">
          <Logo size="lg" />
        </Box>
        <Title order={1} id="new-version-heading" fz="h2">
          {texts.heading}
        </Title>
        <Text size="lg" c="gray.7">
          {texts.body}
        </Text>
        <Button size="md" leftSection={<RefreshIcon size={18} />} onClick={updates.reloadToUpdate}>
          {NEW_VERSION_TEXTS.reload}
        </Button>
      </Stack>
    </Center>
  );
}
