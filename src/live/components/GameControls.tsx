/**
 * The organiser's controls of a game, on the statistics screen (docs/games.md "Game control"):
 * Pause / Resume, a new end (more time, or an end a few minutes from now), and End now after a
 * confirmation. Each shows the server's refusal next to the controls (a FREE plan cannot run
 * past its day: SPEC §6) and changes the screen at once on success; the phones and the other
 * screens hear of it through the game's event stream.
 */
import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Paper, Stack, Text } from '@mantine/core';
import type { Announcement, GameControl, GamePhase, PublicGame } from '../../domain/games';
import { changeGameEnd, controlGame, type ApiResult, type GameControlAction } from '../api';
import { formatDuration, formatWhen } from '../format';
import { useNow } from '../hooks/useNow';
import { AnnounceButton } from './AnnounceButton';

export const GAME_CONTROL_TEXTS = {
  heading: 'Game controls',
  pause: 'Pause',
  resume: 'Resume',
  changeEnd: 'Change end',
  addTime: 'Add time',
  endSoon: 'End soon',
  endNow: 'End now',
  callOff: 'Call off',
  confirmTitle: 'End the game now?',
  confirmCallOffTitle: 'Call off this game?',
  confirmBody:
    'Teams can no longer answer and the scores become final. The phones and the scoreboard show the results at once.',
  confirmCallOffBody: 'The game will not start: teams cannot join it or answer.',
  keepPlaying: 'Keep playing',
  keepScheduled: 'Keep it scheduled',
} as const;

const MINUTE = 60_000;
const COUNTDOWN_TICK_MS = 1_000;
const ADD_TIME_MINUTES = [15, 30, 60] as const;
const END_SOON_MINUTES = [5, 15] as const;

function statusSentence(game: PublicGame, phase: GamePhase, now: number): string {
  const left = formatDuration((Date.parse(game.endsAt) - now) / 1000);
  switch (phase) {
    case 'upcoming':
      return `Starts ${formatWhen(game.startsAt)} and ends ${formatWhen(game.endsAt)}.`;
    case 'paused':
      return `Paused at ${formatWhen(game.pausedAt ?? game.endsAt)}: teams cannot answer until you resume. Ends ${formatWhen(game.endsAt)}, in ${left}.`;
    case 'open':
      return `Running. Ends ${formatWhen(game.endsAt)}, in ${left}.`;
    case 'ended':
      return `Ended ${formatWhen(game.endsAt)}.`;
  }
}

export interface GameControlsProps {
  gameId: string;
  screenKey: string | null;
  game: PublicGame;
  phase: GamePhase;
  /** The game as the server now has it, to show at once. */
  onChanged: (control: GameControl) => void;
}

export function GameControls({ gameId, screenKey, game, phase, onChanged }: GameControlsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [announced, setAnnounced] = useState<Announcement | null>(null);
  // The time left in the status line, and which "end soon" choices are still ahead.
  const now = useNow(COUNTDOWN_TICK_MS).getTime();
  if (phase === 'ended') return null;

  const run = async (label: string, call: () => Promise<ApiResult<GameControl>>) => {
    setBusy(label);
    setError(null);
    const result = await call();
    setBusy(null);
    if (result.ok) onChanged(result.data);
    else setError(result.error.message);
    return result.ok;
  };
  const act = (action: GameControlAction) =>
    run(action, () => controlGame(gameId, screenKey, action));
  const endAt = (label: string, endsAt: Date) =>
    void run(label, () => changeGameEnd(gameId, screenKey, endsAt));
  const upcoming = phase === 'upcoming';
  const endsAt = Date.parse(game.endsAt);

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby="game-controls-heading"
      data-testid="game-controls"
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} id="game-controls-heading">
            {GAME_CONTROL_TEXTS.heading}
          </Text>
          <Text size="sm" c="gray.7" role="status" data-testid="game-status">
            {statusSentence(game, phase, now)}
          </Text>
          {announced && (
            <Text size="sm" c="gray.7" lineClamp={1} data-testid="announcement-sent">
              Announced {formatWhen(announced.createdAt)}: “{announced.text}”
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {!upcoming && (
            <AnnounceButton gameId={gameId} screenKey={screenKey} onSent={setAnnounced} />
          )}
          {phase === 'paused' ? (
            <Button loading={busy === 'resume'} onClick={() => void act('resume')} color="brand.7">
              {GAME_CONTROL_TEXTS.resume}
            </Button>
          ) : (
            !upcoming && (
              <Button
                variant="default"
                loading={busy === 'pause'}
                onClick={() => void act('pause')}
              >
                {GAME_CONTROL_TEXTS.pause}
              </Button>
            )
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" loading={busy === 'end-time'}>
                {GAME_CONTROL_TEXTS.changeEnd}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{GAME_CONTROL_TEXTS.addTime}</Menu.Label>
              {ADD_TIME_MINUTES.map((minutes) => {
                const to = new Date(endsAt + minutes * MINUTE);
                return (
                  <Menu.Item key={`add-${minutes}`} onClick={() => endAt('end-time', to)}>
                    {formatDuration(minutes * 60)} more · ends {formatWhen(to.toISOString())}
                  </Menu.Item>
                );
              })}
              {!upcoming && (
                <>
                  <Menu.Label>{GAME_CONTROL_TEXTS.endSoon}</Menu.Label>
                  {END_SOON_MINUTES.filter((minutes) => now + minutes * MINUTE < endsAt).map(
                    (minutes) => {
                      const to = new Date(now + minutes * MINUTE);
                      return (
                        <Menu.Item key={`soon-${minutes}`} onClick={() => endAt('end-time', to)}>
                          Ends in {minutes} minutes · at {formatWhen(to.toISOString())}
                        </Menu.Item>
                      );
                    },
                  )}
                </>
              )}
            </Menu.Dropdown>
          </Menu>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {upcoming ? GAME_CONTROL_TEXTS.callOff : GAME_CONTROL_TEXTS.endNow}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" mt="sm" withCloseButton onClose={() => setError(null)} role="alert">
          {error}
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={upcoming ? GAME_CONTROL_TEXTS.confirmCallOffTitle : GAME_CONTROL_TEXTS.confirmTitle}
        centered
      >
        <Text mb="lg">
          {upcoming ? GAME_CONTROL_TEXTS.confirmCallOffBody : GAME_CONTROL_TEXTS.confirmBody}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {upcoming ? GAME_CONTROL_TEXTS.keepScheduled : GAME_CONTROL_TEXTS.keepPlaying}
          </Button>
          <Button
            color="red.8"
            loading={busy === 'end'}
            onClick={() => void act('end').then(() => setConfirming(false))}
          >
            {upcoming ? GAME_CONTROL_TEXTS.callOff : GAME_CONTROL_TEXTS.endNow}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
