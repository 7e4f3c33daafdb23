/**
 * "Update available — Reload": a small notification in the bottom-right corner when a new
 * version of the app has been downloaded (src/pwa/serviceWorkerUpdates.ts). It never takes
 * the focus and never reloads by itself: the organiser finishes what they are doing first.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Box, Button, Group, Notification, Text } from '@mantine/core';
import { RefreshIcon } from '../ui/icons';
import { serviceWorkerUpdates, startServiceWorker } from './registerServiceWorker';
import type { ServiceWorkerUpdates } from './serviceWorkerUpdates';

export const UPDATE_PROMPT_TEXTS = {
  title: 'Update available',
  body: 'A new version of Teamtrail is ready. Reload to start using it.',
  reload: 'Reload',
  dismiss: 'Remind me later',
} as const;

/** Above Mantine's modals (200) and their overlays, so it is seen even with a dialog open. */
const PROMPT_Z_INDEX = 400;
const PROMPT_WIDTH_PX = 380;

export interface UpdatePromptProps {
  reloading: boolean;
  onReload: () => void;
  onDismiss: () => void;
}

export function UpdatePrompt({ reloading, onReload, onDismiss }: UpdatePromptProps) {
  return (
    <Box
      pos="fixed"
      bottom="var(--mantine-spacing-lg)"
      right="var(--mantine-spacing-lg)"
      w={PROMPT_WIDTH_PX}
      maw="calc(100vw - 2 * var(--mantine-spacing-lg))"
      style={{ zIndex: PROMPT_Z_INDEX }}
    >
      <Notification
        role="status"
        aria-live="polite"
        aria-label={UPDATE_PROMPT_TEXTS.title}
        data-testid="update-prompt"
        title={UPDATE_PROMPT_TEXTS.title}
        icon={<RefreshIcon size={18} />}
        withBorder
        style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        styles={{ root: { alignItems: 'flex-start' } }}
        onClose={onDismiss}
        withCloseButton={!reloading}
        closeButtonProps={{
          'aria-label': UPDATE_PROMPT_TEXTS.dismiss,
          title: UPDATE_PROMPT_TEXTS.dismiss,
        }}
      >
        <Text size="sm" c="gray.7" mt={2}>
          {UPDATE_PROMPT_TEXTS.body}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button
            size="xs"
            onClick={onReload}
            loading={reloading}
            leftSection={<RefreshIcon size={16} />}
          >
            {UPDATE_PROMPT_TEXTS.reload}
          </Button>
        </Group>
      </Notification>
    </Box>
  );
}

/** Starts the service worker (production builds) and shows the prompt when an update waits. */
export function ServiceWorkerUpdatePrompt({
  updates = serviceWorkerUpdates,
}: {
  updates?: ServiceWorkerUpdates;
}) {
  useEffect(() => startServiceWorker(updates), [updates]);
  const state = useSyncExternalStore(updates.subscribe, updates.getState, () => 'current');
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
