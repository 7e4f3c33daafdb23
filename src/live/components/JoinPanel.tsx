/**
 * How latecomers join: the QR code (it opens {host}/play/{code} on a phone) and the code to type
 * at {host}/play, written in two groups of four so it can be read out.
 */
import { Text, Title } from '@mantine/core';
import { formatCode, type GamePhase, type PublicGame } from '../../domain/games';
import { qrCodeUrl } from '../api';
import { formatWhen } from '../format';
import classes from './JoinPanel.module.css';

export interface JoinPanelProps {
  game: Pick<PublicGame, 'code' | 'name' | 'startsAt' | 'teamsCount' | 'maxTeams'>;
  phase: Exclude<GamePhase, 'ended'>;
  variant?: 'board' | 'projector';
  headingLevel?: 2 | 3;
}

/** The host players type, without the scheme: "teamtrail.example.com/play". */
const playAddress = () => `${window.location.host}/play`;

export function JoinPanel({ game, phase, variant = 'board', headingLevel = 2 }: JoinPanelProps) {
  const full = game.maxTeams !== null && game.teamsCount >= game.maxTeams;
  const code = formatCode(game.code);
  return (
    <section className={classes.panel} data-variant={variant} aria-labelledby="join-heading">
      <Title
        order={headingLevel}
        id="join-heading"
        size={variant === 'projector' ? '2rem' : 'h3'}
        c={variant === 'projector' ? 'white' : undefined}
      >
        {phase === 'upcoming' ? 'Join when it starts' : 'Join the game'}
      </Title>
      <div className={classes.qrFrame}>
        <img
          className={classes.qr}
          src={qrCodeUrl(game.code)}
          alt={`QR code to join ${game.name} with the code ${code}`}
          width={256}
          height={256}
        />
      </div>
      <div className={classes.hint}>
        Scan the QR code with a phone camera, or go to
        <span className={classes.address}>{playAddress()}</span>
        and enter the code
      </div>
      <div className={classes.code} data-testid="join-code">
        {code}
      </div>
      {phase === 'upcoming' && (
        <Text className={classes.hint} fw={700}>
          Teams can join from {formatWhen(game.startsAt)}.
        </Text>
      )}
      {full && (
        <Text className={classes.hint} fw={700}>
          The activity is full: {game.teamsCount} of {game.maxTeams} teams have joined.
        </Text>
      )}
    </section>
  );
}
