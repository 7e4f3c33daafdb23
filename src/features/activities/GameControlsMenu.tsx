/**
 * A live row's "Game controls" (docs/games.md "Game control"): Pause / Resume, Extend
 * by 15 min, 30 min or 1 h, Announce, and End now after a confirmation, acting on the row's
 * current instance with the owner's sign-in. They are the live statistics screen's controls
 * (src/live/components/GameControls.tsx) for an organiser who has My Activities open instead.
 * The server's refusals (a FREE game cannot run past its day: SPEC §6) show next to the menu or
 * in the dialog, never dropped; offline, the controls say they need the internet.
 */
import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  Menu,
  Modal,
  Popover,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useApiCredentials } from '../../auth/session';
import type { ApiResult } from '../../protocol/result';
import {
  announceToGame,
  controlOwnGame,
  extendOwnGame,
  type GameControlAction,
} from '../../api/gameControl';
import { formatDisplayDateTime, formatDisplayMoment } from '../../domain/constants';
import type { GameControl } from '../../domain/games';
import type { ActivityRow } from '../../domain/schemas';
import { AnnounceModal } from '../../ui/AnnounceModal';
import {
  AnnounceIcon,
  ControlsIcon,
  EndIcon,
  ExtendIcon,
  PauseIcon,
  ResumeIcon,
} from './gameControlIcons';

export const GAME_CONTROLS_TEXTS = {
  menu: 'Game controls',
  running: 'Running',
  paused: 'Paused: teams cannot answer',
  pause: 'Pause',
  resume: 'Resume',
  extend: 'Extend',
  announce: 'Announce…',
  endNow: 'End now…',
  offline: 'You are offline. Game controls need the internet: try again once you are back online.',
  confirmTitle: 'End the game now?',
  confirmBody:
    'Teams can no longer answer, and the scores become final. The results stay: the scoreboard and the statistics keep them.',
  keepPlaying: 'Keep playing',
  confirmEnd: 'End now',
  sent: 'Sent to every phone.',
  dismiss: 'Dismiss',
} as const;

export const EXTENSIONS = [
  { minutes: 15, label: '15 min' },
  { minutes: 30, label: '30 min' },
  { minutes: 60, label: '1 h' },
] as const;

export const extendLabel = (label: string) => `Extend by ${label}`;

const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false };

/**
 * "23:59", "midnight", or "05/03/2026 23:59" when the end is on another day (a PRO game may run
 * for days).
 */
export function formatGameEnd(endsAt: string, today: Date | null): string {
  const end = new Date(endsAt);
  // A launch runs "for the rest of the day": its end is the coming midnight, not "Fri 00:00".
  if (today) {
    const midnight = new Date(today);
    midnight.setHours(24, 0, 0, 0);
    if (end.getTime() === midnight.getTime()) return 'midnight';
  }
  return today ? formatDisplayMoment(end, today) : formatDisplayDateTime(end);
}

/** A row whose current instance is running or paused: the only ones with controls. */
export type ControllableRow = ActivityRow & {
  gameId: string;
  gamePhase: 'open' | 'paused';
  gameEndsAt: string;
};
export const hasGameControls = (row: ActivityRow): row is ControllableRow =>
  !!row.gameId && !!row.gameEndsAt && (row.gamePhase === 'open' || row.gamePhase === 'paused');

interface Notice {
  tone: 'error' | 'done';
  text: string;
}

export interface GameControlsMenuProps {
  row: ControllableRow;
  offline: boolean;
  /** The game as the server now has it: the row shows it until the next pull of the list. */
  onChanged: (row: ActivityRow, control: GameControl) => void;
}

export function GameControlsMenu({ row, offline, onChanged }: GameControlsMenuProps) {
  const credentials = useApiCredentials();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const [announcing, setAnnouncing] = useState(false);
  // The day the menu was last opened: whether the end needs its weekday (no clock in render).
  const [openedOn, setOpenedOn] = useState<Date | null>(null);
  const label = `${GAME_CONTROLS_TEXTS.menu} of ${row.name}`;
  const paused = row.gamePhase === 'paused';

  const run = async (
    action: string,
    call: () => Promise<ApiResult<GameControl>>,
  ): Promise<string | null> => {
    setBusy(action);
    setNotice(null);
    const result = await call();
    setBusy(null);
    if (!result.ok) return result.error.message;
    onChanged(row, result.data);
    return null;
  };
  const act = async (action: GameControlAction) => {
    const error = await run(action, () => controlOwnGame(row.gameId, action, credentials));
    if (error) setNotice({ tone: 'error', text: error });
  };
  const extend = async (minutes: number) => {
    const error = await run('extend', () =>
      extendOwnGame(
        { gameId: row.gameId, gameStatusUrl: row.gameStatusUrl, endsAt: row.gameEndsAt },
        minutes,
        credentials,
      ),
    );
    if (error) setNotice({ tone: 'error', text: error });
  };
  const endNow = async () => {
    setEndError(null);
    const error = await run('end', () => controlOwnGame(row.gameId, 'end', credentials));
    if (error) setEndError(error);
    else setConfirming(false);
  };

  if (offline) {
    return (
      <Tooltip
        label={GAME_CONTROLS_TEXTS.offline}
        multiline
        w={300}
        withArrow
        openDelay={250}
        events={TOOLTIP_EVENTS}
      >
        <ActionIcon
          variant="light"
          color="gray"
          size="lg"
          aria-label={label}
          aria-disabled
          data-disabled
          data-testid="game-controls"
        >
          <ControlsIcon />
        </ActionIcon>
      </Tooltip>
    );
  }

  const status = `${paused ? GAME_CONTROLS_TEXTS.paused : GAME_CONTROLS_TEXTS.running} · ends ${formatGameEnd(row.gameEndsAt, openedOn)}`;

  return (
    <>
      <Popover
        opened={notice !== null}
        onChange={(opened) => {
          if (!opened) setNotice(null);
        }}
        position="bottom-end"
        withArrow
        shadow="md"
        width={300}
      >
        <Popover.Target>
          <Box display="inline-flex">
            <Menu
              position="bottom-end"
              shadow="md"
              width={250}
              withinPortal
              onOpen={() => setOpenedOn(new Date())}
            >
              <Menu.Target>
                <Tooltip
                  label={GAME_CONTROLS_TEXTS.menu}
                  openDelay={250}
                  withArrow
                  events={TOOLTIP_EVENTS}
                >
                  <ActionIcon
                    variant="light"
                    color={paused ? 'yellow' : 'red'}
                    size="lg"
                    aria-label={label}
                    loading={busy !== null && busy !== 'end'}
                    data-testid="game-controls"
                  >
                    <ControlsIcon />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown aria-label={label}>
                <Menu.Label data-testid="game-controls-status">{status}</Menu.Label>
                {paused ? (
                  <Menu.Item
                    leftSection={<ResumeIcon size={16} />}
                    onClick={() => void act('resume')}
                  >
                    {GAME_CONTROLS_TEXTS.resume}
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    leftSection={<PauseIcon size={16} />}
                    onClick={() => void act('pause')}
                  >
                    {GAME_CONTROLS_TEXTS.pause}
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Label>{GAME_CONTROLS_TEXTS.extend}</Menu.Label>
                {EXTENSIONS.map(({ minutes, label: by }) => (
                  <Menu.Item
                    key={minutes}
                    leftSection={<ExtendIcon size={16} />}
                    onClick={() => void extend(minutes)}
                  >
                    {extendLabel(by)}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item
                  leftSection={<AnnounceIcon size={16} />}
                  onClick={() => {
                    setNotice(null);
                    setAnnouncing(true);
                  }}
                >
                  {GAME_CONTROLS_TEXTS.announce}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<EndIcon size={16} />}
                  onClick={() => {
                    setNotice(null);
                    setEndError(null);
                    setConfirming(true);
                  }}
                >
                  {GAME_CONTROLS_TEXTS.endNow}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Box>
        </Popover.Target>
        <Popover.Dropdown data-testid="game-controls-notice">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text
              size="sm"
              c={notice?.tone === 'error' ? 'red.8' : 'teal.8'}
              role={notice?.tone === 'error' ? 'alert' : 'status'}
              style={{ flex: 1 }}
            >
              {notice?.text}
            </Text>
            <CloseButton
              size="sm"
              aria-label={GAME_CONTROLS_TEXTS.dismiss}
              onClick={() => setNotice(null)}
            />
          </Group>
        </Popover.Dropdown>
      </Popover>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={GAME_CONTROLS_TEXTS.confirmTitle}
        centered
      >
        <Stack gap="md">
          <Text fw={600}>{row.name}</Text>
          <Text>{GAME_CONTROLS_TEXTS.confirmBody}</Text>
          {endError && <ErrorText>{endError}</ErrorText>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {GAME_CONTROLS_TEXTS.keepPlaying}
            </Button>
            <Button color="red.8" loading={busy === 'end'} onClick={() => void endNow()}>
              {GAME_CONTROLS_TEXTS.confirmEnd}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <AnnounceModal
        opened={announcing}
        heading={<Text fw={600}>{row.name}</Text>}
        send={async (text) => {
          const result = await announceToGame(row.gameId, text, credentials);
          return result.ok ? null : result.error.message;
        }}
        onClose={() => setAnnouncing(false)}
        onSent={() => {
          setAnnouncing(false);
          setNotice({ tone: 'done', text: GAME_CONTROLS_TEXTS.sent });
        }}
      />
    </>
  );
}

function ErrorText({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
