/**
 * The top of the scoreboard and statistics screens: the activity's logo and name, what the screen
 * is, and where the game stands. A strip in the activity's header colour carries its branding
 * (text never sits on that colour: organisers choose it freely, so its contrast is unknown).
 */
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { Pill } from './Pill';
import type { GamePhase, PublicGame } from '../../domain/games';
import { formatWhen } from '../format';
import { useNow } from '../hooks/useNow';

export function GameLogo({ game, height }: { game: PublicGame; height: string }) {
  const logo = game.branding.logo;
  if (!logo || logo.default) return null;
  return (
    <img
      src={logo.url}
      alt={`${game.name} logo`}
      style={{ height, width: 'auto', maxWidth: '12rem' }}
    />
  );
}

export function PhaseBadge({ game, phase }: { game: PublicGame; phase: GamePhase }) {
  if (phase === 'upcoming') {
    return (
      <Pill size="lg" tone="orange">
        Starts {formatWhen(game.startsAt)}
      </Pill>
    );
  }
  if (phase === 'ended') {
    return (
      <Pill size="lg" tone="gray">
        Ended {formatWhen(game.endsAt)}
      </Pill>
    );
  }
  if (phase === 'paused') {
    return (
      <Pill size="lg" tone="orange">
        Paused · ends {formatWhen(game.endsAt)}
      </Pill>
    );
  }
  return <OpenBadge endsAt={game.endsAt} />;
}

/** The last minutes are counted down, to the second: "Ends in 4:59". */
export const COUNTDOWN_FROM_MS = 5 * 60_000;

/** "4:59" in the last minutes before `endsAt`; null before them and after the end. */
export function useCountdown(endsAt: string): string | null {
  const left = Date.parse(endsAt) - useNow(1_000).getTime();
  if (left <= 0 || left > COUNTDOWN_FROM_MS) return null;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The countdown of the last minutes, or nothing before them (the presentation's header). */
export function EndCountdown({ endsAt, dark = false }: { endsAt: string; dark?: boolean }) {
  const clock = useCountdown(endsAt);
  if (clock === null) return null;
  return (
    <Pill size="lg" tone="red" dark={dark} data-testid="countdown" aria-live="off">
      Ends in {clock}
    </Pill>
  );
}

function OpenBadge({ endsAt }: { endsAt: string }) {
  const clock = useCountdown(endsAt);
  if (clock !== null) return <EndCountdown endsAt={endsAt} />;
  return (
    <Pill size="lg" tone="brand">
      Open until {formatWhen(endsAt)}
    </Pill>
  );
}
export interface GameHeaderProps {
  game: PublicGame;
  screenTitle: string;
  children?: ReactNode;
}

export function GameHeader({ game, screenTitle, children }: GameHeaderProps) {
  return (
    <header
      style={{
        borderTop: `0.4rem solid ${game.branding.headerColour}`,
        background: 'var(--mantine-color-white)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        padding: '0.9rem 1.5rem',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Group wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
          <GameLogo game={game} height="3rem" />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} tt="uppercase" c="gray.7" lts="0.06em">
              {screenTitle}
              {game.demo ? ' · Demo' : ''}
            </Text>
            <Title order={1} size="h2" lineClamp={1} title={game.name}>
              {game.name}
            </Title>
          </div>
        </Group>
        <Group wrap="nowrap" gap="sm">
          {children}
        </Group>
      </Group>
    </header>
  );
}
