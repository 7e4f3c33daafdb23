/**
 * SPEC §2.9 Activity join info: the current instance's schedule (start and end as DD/MM/YYYY
 * HH:mm), its QR code and its Activity Code, read from the game status each time it opens.
 */
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { OFFLINE_MESSAGE } from '../../api/client';
import { fetchGameStatus } from '../../api/games';
import { usePolledRequest } from '../../api/usePolledRequest';
import { useApiCredentials } from '../../auth/session';
import { MESSAGES } from '../../domain/messages';
import { isUnreachable } from '../../protocol/result';
import { DialogErrorState } from './DialogErrorState';
import { dialogModalProps, RESULT_DIALOG_SIZE } from './dialogModalProps';
import { ScheduledJoinDetails } from './ScheduledJoinDetails';
import { DIALOG_TEXTS } from './texts';
import { useJoinAddress } from './useJoinAddress';
import { useFocusOnStepChange } from '../../ui/useFocusOnStepChange';

export interface JoinInfoDialogProps {
  opened: boolean;
  onClose: () => void;
  activityName: string;
  /** The current instance's status address (ActivityRow.gameStatusUrl). */
  gameStatusUrl: string | null | undefined;
}

const texts = DIALOG_TEXTS.joinInfo;
const LOADING_MIN_HEIGHT = 260;

export function JoinInfoDialog({
  opened,
  onClose,
  activityName,
  gameStatusUrl,
}: JoinInfoDialogProps) {
  return (
    <Modal
      {...dialogModalProps}
      opened={opened}
      onClose={onClose}
      title={texts.title}
      size={RESULT_DIALOG_SIZE}
    >
      <Stack gap="lg">
        <Text fw={600} size="lg" data-testid="join-info-name">
          {activityName}
        </Text>
        {gameStatusUrl ? (
          <JoinInfoContent gameStatusUrl={gameStatusUrl} onClose={onClose} />
        ) : (
          <>
            <Text c="dimmed">{texts.noInstance}</Text>
            <Group justify="flex-end">
              <Button onClick={onClose}>{MESSAGES.common.close}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Mounted while the dialog is open: every opening reads the status afresh. */
function JoinInfoContent({
  gameStatusUrl,
  onClose,
}: {
  gameStatusUrl: string;
  onClose: () => void;
}) {
  const credentials = useApiCredentials();
  // Try again starts afresh (the loader shows again), the join address too; a token refresh
  // asks nothing.
  const [attempt, setAttempt] = useState(0);
  const joinAddress = useJoinAddress(attempt);
  const { data: status, error } = usePolledRequest({
    request: () => fetchGameStatus(gameStatusUrl, credentials),
    intervalMs: null,
    restartKey: `${attempt} ${gameStatusUrl}`,
  });

  // After Try again its button is gone: focus goes to what replaces it.
  const box = useRef<HTMLDivElement>(null);
  useFocusOnStepChange(box, error ? `failed ${attempt}` : status ? 'shown' : 'loading');

  let body: ReactNode;
  if (error) {
    const offline = isUnreachable(error);
    body = (
      <DialogErrorState
        message={offline ? OFFLINE_MESSAGE : MESSAGES.launch.pollFailed}
        offline={offline}
        onClose={onClose}
        onTryAgain={() => setAttempt((n) => n + 1)}
      />
    );
  } else if (!status) {
    body = (
      <Stack align="center" justify="center" gap="md" mih={LOADING_MIN_HEIGHT} role="status">
        <Loader />
        <Text c="dimmed">{texts.loading}</Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg">
        {/* Full width above the two columns: beside the QR code it would make the dialog taller. */}
        <ScheduledJoinDetails status={status} joinAddress={joinAddress} onClose={onClose} />
      </Stack>
    );
  }
  return <div ref={box}>{body}</div>;
}
