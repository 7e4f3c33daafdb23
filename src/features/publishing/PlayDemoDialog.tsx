/**
 * SPEC §2.9 Play Demo, "Play Welcome to Teamtrail!": explains the sample activity and shows its
 * QR code and Activity Code, with "Contact Us" and "Close". SPEC's fixed 12-digit code is a
 * placeholder of the original app that no phone could play: the dialog shows the
 * standing sample game's real code instead (GET /v1/sample_game, docs/games.md), with its QR,
 * and a link to play it in this browser. The sample game is read afresh each time the dialog
 * opens (the poll layer with no interval), with the loader: a new sample game starts each day, so
 * an earlier opening's code may have ended.
 */
import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { fetchSampleGame } from '../../api/games';
import { usePolledRequest } from '../../api/usePolledRequest';
// gameCodes, not games: the Dashboard opens this dialog, and zod stays out of the first screen.
import { formatCode } from '../../domain/gameCodes';
import { MESSAGES } from '../../domain/messages';
import { MobileAppPanel } from '../../ui/MobileAppPanel';
import { useFocusOnStepChange } from '../../ui/useFocusOnStepChange';
import { ContactUsButton } from './ContactUsButton';
import { dialogModalProps } from './dialogModalProps';
import { DIALOG_TEXTS } from './texts';

const QR_SIZE = 184;

export const SAMPLE_GAME_TEXTS = {
  loading: 'Getting the sample activity ready…',
  unavailable:
    'The sample activity cannot be reached right now. Check your connection and try again.',
  retry: 'Try again',
  playHere: 'Play it in this browser',
} as const;

export interface PlayDemoDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function PlayDemoDialog({ opened, onClose }: PlayDemoDialogProps) {
  return (
    <Modal
      {...dialogModalProps}
      opened={opened}
      onClose={onClose}
      title={DIALOG_TEXTS.playDemo.title}
      size="lg"
    >
      <Stack gap="lg">
        <Text>{DIALOG_TEXTS.playDemo.intro}</Text>
        <SampleGame />
        <MobileAppPanel />
        <Group justify="flex-end" gap="sm">
          <ContactUsButton onNavigate={onClose} />
          <Button onClick={onClose}>{MESSAGES.common.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Mounted while the dialog is open (the Modal drops it when closed): each opening asks afresh. */
function SampleGame() {
  const texts = DIALOG_TEXTS.playDemo;
  // Try again starts afresh (the loader shows again).
  const [attempt, setAttempt] = useState(0);
  const { data: sample, error } = usePolledRequest({
    request: fetchSampleGame,
    intervalMs: null,
    restartKey: attempt,
  });
  // Status null: no answer came. Checked here rather than with isUnreachable, whose chunk of its
  // own would be one more file for the first screen.
  const failure = error
    ? error.status === null
      ? SAMPLE_GAME_TEXTS.unavailable
      : error.message
    : null;

  // After Try again the button is gone: focus goes to what replaces it.
  const box = useRef<HTMLDivElement>(null);
  useFocusOnStepChange(box, failure !== null ? `failed ${attempt}` : sample ? 'shown' : 'loading');

  return (
    <Paper withBorder radius="md" p="lg" mih={QR_SIZE + 40} ref={box}>
      {failure === null && !sample && (
        <Stack align="center" justify="center" h={QR_SIZE} gap="sm" role="status">
          <Loader size="md" />
          <Text c="dimmed">{SAMPLE_GAME_TEXTS.loading}</Text>
        </Stack>
      )}
      {failure !== null && (
        <Alert color="red" title={failure} role="alert">
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            mt="xs"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {SAMPLE_GAME_TEXTS.retry}
          </Button>
        </Alert>
      )}
      {failure === null && sample && (
        <SimpleGrid cols={2} spacing="lg" verticalSpacing="lg">
          <Image
            src={sample.qrCodeUrl}
            alt={texts.qrAlt}
            w={QR_SIZE}
            h={QR_SIZE}
            fit="contain"
            mx="auto"
          />
          <Stack gap={6} justify="center">
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {texts.codeLabel}
            </Text>
            <Text
              ff="monospace"
              fz={26}
              fw={700}
              lh={1.2}
              data-testid="play-demo-code"
              aria-label={`${texts.codeLabel} ${sample.code.split('').join(' ')}`}
            >
              {formatCode(sample.code)}
            </Text>
            <Text size="sm" c="dimmed">
              {texts.howTo}
            </Text>
            <Anchor
              href={`/play/${encodeURIComponent(sample.code)}`}
              target="_blank"
              rel="noopener"
              fw={600}
            >
              {SAMPLE_GAME_TEXTS.playHere}
            </Anchor>
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}
