/** The screens' states other than the game itself: loading, a refusal or failure, a wrong address. */
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { isPermanent, type LiveError } from '../api';
import { LIVE_SCREEN_TITLES, LIVE_SCREENS } from '../routes';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function LoadingScreen({ label }: { label: string }) {
  return (
    <Center component="main" mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="gray.7">{label}</Text>
      </Stack>
    </Center>
  );
}

export interface ErrorScreenProps {
  error: LiveError;
  /** The address had no ?key=: a likely reason for a refusal, worth saying. */
  missingKey: boolean;
  screenTitle: string;
}

/**
 * A refusal shows the server's own message (404 for a wrong key or an unknown game); a failure
 * to reach the server says the screen keeps trying, which it does (useLiveResource).
 */
export function ErrorScreen({ error, missingKey, screenTitle }: ErrorScreenProps) {
  useDocumentTitle(`${screenTitle} – Teamtrail`);
  const permanent = isPermanent(error);
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="md" ta="center" maw={560} role="alert">
        <Title order={1} size="h2">
          {permanent ? `Cannot open the ${screenTitle.toLowerCase()}` : 'Cannot reach Teamtrail'}
        </Title>
        <Text size="lg">{error.message}</Text>
        {permanent && missingKey && (
          <Text c="gray.7">
            The address has no screen key. Open the screen again from My Activities: its address
            ends in ?key=….
          </Text>
        )}
        {permanent && !missingKey && (
          <Text c="gray.7">
            Open the screen again from My Activities; the link there always carries the right key.
          </Text>
        )}
        {!permanent && (
          <Text c="gray.7" role="status">
            Trying again every few seconds…
          </Text>
        )}
        <Button variant="light" onClick={() => window.location.reload()}>
          Try again now
        </Button>
      </Stack>
    </Center>
  );
}

export function NotFoundScreen() {
  useDocumentTitle('Page not found – Teamtrail');
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="sm" ta="center" maw={560}>
        <Title order={1}>Page not found</Title>
        <Text c="gray.7">
          There is no live screen at this address. Live screens are{' '}
          {LIVE_SCREENS.map((s) => LIVE_SCREEN_TITLES[s].toLowerCase()).join(', ')}: open them from
          My Activities.
        </Text>
      </Stack>
    </Center>
  );
}
