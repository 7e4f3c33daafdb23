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
  return (
    <Pill size="lg" tone="brand">
      Open until {formatWhen(game.endsAt)}
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
