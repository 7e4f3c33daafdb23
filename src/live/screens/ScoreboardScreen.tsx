/**
 * The scoreboard: the live ranking of one game, for a venue screen or the organiser's laptop.
 * Next to it, while teams can still join, the code and QR code for latecomers.
 */
import { Text, Title } from '@mantine/core';
import type { LiveRoute } from '../routes';
import { useScoreboard } from '../hooks/useScoreboard';
import { usePhase } from '../hooks/usePhase';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ErrorScreen, LoadingScreen } from '../components/StateScreens';
import { GameHeader, PhaseBadge } from '../components/GameHeader';
import { Podium } from '../components/Podium';
import { ConnectionBadge } from '../components/ConnectionBadge';
import { JoinPanel } from '../components/JoinPanel';
import { RankingList } from '../components/RankingList';
import type { ScoreboardState } from '../state/scoreboardState';
import type { ConnectionStatus } from '../state/connection';
import type { LiveError } from '../api';
import { formatWhen, plural } from '../format';
import classes from './Screen.module.css';

export function ScoreboardScreen({ route }: { route: LiveRoute }) {
  const scoreboard = useScoreboard(route);
  if (scoreboard.status === 'loading') return <LoadingScreen label="Loading the scoreboard…" />;
  if (scoreboard.status === 'error') {
    return (
      <ErrorScreen
        error={scoreboard.error}
        missingKey={route.key === null}
        screenTitle="Scoreboard"
      />
    );
  }
  return (
    <Scoreboard
      state={scoreboard.data}
      connection={scoreboard.connection}
      refreshError={scoreboard.refreshError}
    />
  );
}

function Scoreboard({
  state,
  connection,
  refreshError,
}: {
  state: ScoreboardState;
  connection: ConnectionStatus;
  refreshError: LiveError | null;
}) {
  const { game, rows } = state.scoreboard;
  const phase = usePhase(game);
  useDocumentTitle(`Scoreboard – ${game.name} – Teamtrail`);
  const ended = phase === 'ended';
  return (
    <div className={classes.page}>
      <GameHeader game={game} screenTitle="Scoreboard">
        <PhaseBadge game={game} phase={phase} />
        {!ended && <ConnectionBadge connection={connection} refreshError={refreshError} />}
      </GameHeader>
      <main className={classes.board} data-ended={ended}>
        <section aria-labelledby="ranking-heading">
          <div className={classes.sectionHeading}>
            <Title order={2} id="ranking-heading" size="h3">
              {ended ? 'Final results' : 'Ranking'}
            </Title>
            <Text c="gray.7" fw={600}>
              {plural(rows.length, 'team')}
              {game.maxTeams !== null ? ` of ${game.maxTeams}` : ''}
            </Text>
          </div>
          {ended && rows.length > 0 && (
            <div className={classes.podium}>
              <Podium rows={rows} />
            </div>
          )}
          {rows.length > 0 ? (
            <RankingList rows={rows} label={ended ? 'Final results' : 'Ranking'} />
          ) : (
            <EmptyRanking ended={ended} startsAt={phase === 'upcoming' ? game.startsAt : null} />
          )}
        </section>
        {!ended && (
          <aside className={classes.side} aria-label="How to join">
            <JoinPanel game={game} phase={phase} />
          </aside>
        )}
      </main>
    </div>
  );
}

function EmptyRanking({ ended, startsAt }: { ended: boolean; startsAt: string | null }) {
  if (ended) {
    return (
      <div className={classes.empty}>
        <div className={classes.emptyTitle}>No teams took part</div>
        <Text c="gray.7">The activity has ended without any team joining.</Text>
      </div>
    );
  }
  return (
    <div className={classes.empty} role="status">
      <div className={`${classes.emptyTitle} ${classes.pulse}`}>Waiting for teams to join…</div>
      <Text c="gray.7" size="lg">
        {startsAt
          ? `Teams can join from ${formatWhen(startsAt)}: scan the QR code or enter the code.`
          : 'Scan the QR code or enter the code on a phone to join.'}
      </Text>
    </div>
  );
}
