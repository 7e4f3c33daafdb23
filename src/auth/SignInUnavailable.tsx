/**
 * When the sign-in service cannot load (offline, script blocked, timeout) the app goes on as a
 * guest. It says so quietly: a small line beside "Sign In / Up" (layouts), and a short page in
 * place of the sign-in screen. Never a modal: the local database and builder keep working.
 */
import {
  Button,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  type FloatingPosition,
} from '@mantine/core';
import { CloudOffIcon } from '../ui/icons';
import { useSignInAvailability } from './context';
import { SIGN_IN_UNAVAILABLE_TEXTS as TEXTS } from './texts';
import { useOnline } from './useOnline';

/** The quiet line beside "Sign In / Up"; nothing while sign-in works. */
export function SignInUnavailableNotice({
  tooltipPosition = 'right',
}: {
  /** Where the explanation opens, clear of the sign-in button. */
  tooltipPosition?: FloatingPosition;
}) {
  const availability = useSignInAvailability();
  const online = useOnline();
  if (availability !== 'unavailable') return null;
  return (
    <Tooltip label={TEXTS.explanation} multiline w={260} withArrow position={tooltipPosition}>
      <Group
        gap={6}
        wrap="nowrap"
        justify="center"
        role="status"
        tabIndex={0}
        data-testid="sign-in-unavailable"
        style={{ cursor: 'help', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <CloudOffIcon size={14} color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">
          {online ? TEXTS.online : TEXTS.offline}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** In place of the sign-in screen when the service could not load. */
export function SignInUnavailablePanel() {
  const online = useOnline();
  return (
    <Paper component="section" withBorder radius="md" p="xl" maw={440} mx="auto" my="xl">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
          <CloudOffIcon size={22} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {online ? TEXTS.online : TEXTS.offline}
        </Title>
        <Text c="dimmed">{TEXTS.explanation}</Text>
        <Stack gap={4}>
          <Button onClick={() => location.reload()} variant="light">
            {TEXTS.retry}
          </Button>
          <Text size="xs" c="dimmed">
            {TEXTS.retryNote}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
