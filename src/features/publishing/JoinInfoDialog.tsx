/**
 * SPEC §2.9 Activity join info: the current instance's schedule (start and end as DD/MM/YYYY
 * HH:mm), its QR code and its Activity Code, read from the game status each time it opens.
 */
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/client';
import { fetchGameStatus } from '../../api/games';
import { useApiCredentials } from '../../auth/session';
import { MESSAGES } from '../../domain/messages';
import type { GameStatus } from '../../domain/schemas';
import { isUnreachable } from '../../protocol/result';
import { DialogErrorState } from './DialogErrorState';
import { dialogModalProps, RESULT_DIALOG_SIZE } from './dialogModalProps';
import { ScheduledJoinDetails } from './ScheduledJoinDetails';
import { DIALOG_TEXTS } from './texts';
import { useJoinAddress } from './useJoinAddress';

export interface JoinInfoDialogProps {
  opened: boolean;
  onClose: () => void;
  activityName: string;
  /** The current instance's status address (ActivityRow.gameStatusUrl). */
  gameStatusUrl: string | null | undefined;
}

const texts = DIALOG_TEXTS.joinInfo;
const LOADING_MIN_HEIGHT = 260;

type JoinInfoState =
  | { stage: 'loading' }
  | { stage: 'loaded'; status: GameStatus }
  | { stage: 'error'; message: string; offline: boolean };

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
  const joinAddress = useJoinAddress();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<JoinInfoState>({ stage: 'loading' });

  useEffect(() => {
    let current = true;
    void fetchGameStatus(gameStatusUrl, credentials).then((result) => {
      if (!current) return;
      if (result.ok) setState({ stage: 'loaded', status: result.data });
      else {
        const offline = isUnreachable(result.error);
        setState({
          stage: 'error',
          offline,
          message: offline ? OFFLINE_MESSAGE : MESSAGES.launch.pollFailed,
        });
      }
    });
    return () => {
      current = false;
    };
    // A token refresh must not reload what is on screen; `attempt` asks for a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameStatusUrl, attempt]);

  if (state.stage === 'loading') {
    return (
      <Stack align="center" justify="center" gap="md" mih={LOADING_MIN_HEIGHT} role="status">
        <Loader />
        <Text c="dimmed">{texts.loading}</Text>
      </Stack>
    );
  }
  if (state.stage === 'error') {
    return (
      <DialogErrorState
        message={state.message}
        offline={state.offline}
        onClose={onClose}
        onTryAgain={() => {
          setState({ stage: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  const { status } = state;
  return (
    <Stack gap="lg">
      {/* Full width above the two columns: beside the QR code it would make the dialog taller. */}
      <ScheduledJoinDetails status={status} joinAddress={joinAddress} onClose={onClose} />
    </Stack>
  );
}
