/**
 * The presentation for a big screen or projector: the activity's name, how to join (large code
 * and QR code), the leaderboard, teams as they join, and photos and videos as they come in.
 * Rejected and hidden photos and videos never show here: the server does not even send them
 * (`view=presentation`), and a `withdrawn` event takes one off the screen. Everything is sized to be read from the back of
 * the room, and the page fits the screen without scrolling.
 */
import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import {
  shownOnPresentation,
  type GamePhase,
  type ScoreboardRow,
  type Statistics,
  type Submission,
} from '../../domain/games';
import { GAME_EVENTS } from '../../protocol/events';
import type { LiveRoute } from '../routes';
import { useScoreboard } from '../hooks/useScoreboard';
import { useStatistics } from '../hooks/useStatistics';
import { usePhase } from '../hooks/usePhase';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFitCount } from '../hooks/useFitCount';
import { POLL_INTERVAL_MS } from '../state/connection';
import type { ScoreboardState } from '../state/scoreboardState';
import { ErrorScreen, LoadingScreen } from '../components/StateScreens';
import { ConnectionBadge } from '../components/ConnectionBadge';
import { EndCountdown, GameLogo } from '../components/GameHeader';
import { JoinPanel } from '../components/JoinPanel';
import { RankingList } from '../components/RankingList';
import { TeamAvatar } from '../components/TeamAvatar';
import { Podium } from '../components/Podium';
import { formatWhen, plural } from '../format';
import classes from './Presentation.module.css';

/** Leaderboard rows before the first measurement; then as many whole rows as fit. */
const LEADERBOARD_ROWS = 8;
/** The newest photos and videos shown at once. */
export const MEDIA_TILES = 6;
/** Team chips along the bottom, newest first; those past the screen's edge fade out. */
const TEAM_CHIPS = 12;

export function PresentationScreen({ route }: { route: LiveRoute }) {
  // One event stream: the scoreboard's. Its events tell the photos and teams to refresh: a
  // `submission`, `withdrawn` or `team` event, or a scoreboard whose answers went up (a new
  // answer may be announced by the scoreboard alone).
  const { resource: statistics, statistics: shownStatistics } = useStatistics(
    route,
    false,
    'presentation',
  );
  const reloadStatistics = statistics.reload;
  const answeredSeen = useRef<number | null>(null);
  const scoreboard = useScoreboard(route, (name, state) => {
    const answered = state.scoreboard.rows.reduce((sum, row) => sum + row.answered, 0);
    const more = answeredSeen.current !== null && answered !== answeredSeen.current;
    answeredSeen.current = answered;
    if (
      name === GAME_EVENTS.submission ||
      name === GAME_EVENTS.withdrawn ||
      name === GAME_EVENTS.team ||
      more
    ) {
      reloadStatistics();
    }
  });

  // While the stream is down the scoreboard polls by itself; the photos must poll too.
  const streamLive = scoreboard.status === 'ready' && scoreboard.connection === 'live';
  useEffect(() => {
    if (streamLive) return;
    const timer = setInterval(reloadStatistics, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [streamLive, reloadStatistics]);

  if (scoreboard.status === 'loading') return <LoadingScreen label="Loading the presentation…" />;
  if (scoreboard.status === 'error') {
    return (
      <ErrorScreen
        error={scoreboard.error}
        missingKey={route.key === null}
        screenTitle="Presentation"
      />
    );
  }
  return (
    <Presentation
      state={scoreboard.data}
      statistics={shownStatistics}
      badge={
        <ConnectionBadge
          connection={scoreboard.connection}
          refreshError={scoreboard.refreshError}
          size="xl"
          dark
        />
      }
    />
  );
}

function Presentation({
  state,
  statistics,
  badge,
}: {
  state: ScoreboardState;
  statistics: Statistics | null;
  badge: ReactNode;
}) {
  const { game, rows } = state.scoreboard;
  const phase = usePhase(game);
  const fullscreen = useFullscreenDocument();
  useDocumentTitle(`Presentation – ${game.name} – Teamtrail`);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  const [leaderboardRef, leaderboardRows] = useFitCount<HTMLDivElement>(
    LEADERBOARD_ROWS,
    rows.length > 0,
  );

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <div className={classes.titleGroup}>
          {game.branding.logo && !game.branding.logo.default && (
            <div className={classes.logoFrame}>
              <GameLogo game={game} height="3.2rem" />
            </div>
          )}
          <h1 className={classes.title} title={game.name}>
            {game.name}
          </h1>
        </div>
        <div className={classes.controls}>
          {phase === 'open' && <EndCountdown endsAt={game.endsAt} dark />}
          {phase !== 'ended' && badge}
          {canFullscreen && (
            <Button
              size="lg"
              variant="white"
              color="dark"
              onClick={() => void fullscreen.toggle()}
              aria-pressed={fullscreen.fullscreen}
            >
              {fullscreen.fullscreen ? 'Exit full screen' : 'Full screen'}
            </Button>
          )}
        </div>
      </header>

      <main className={classes.main}>
        <div className={classes.column}>
          <div className={classes.card}>
            {phase === 'ended' ? (
              <Winners rows={rows} endedAt={game.endsAt} />
            ) : (
              <JoinPanel game={game} phase={phase} variant="projector" />
            )}
          </div>
        </div>

        <section className={classes.column} aria-labelledby="leaderboard-heading">
          <h2 className={classes.heading} id="leaderboard-heading">
            {phase === 'ended' ? 'Final results' : 'Leaderboard'}
            {rows.length > leaderboardRows && (
              <span className={classes.headingNote}>
                Top {leaderboardRows} of {rows.length} teams
              </span>
            )}
          </h2>
          {rows.length > 0 ? (
            <div ref={leaderboardRef} className={classes.fill}>
              <RankingList
                rows={rows}
                limit={leaderboardRows}
                variant="projector"
                label={phase === 'ended' ? 'Final results' : 'Leaderboard'}
              />
            </div>
          ) : (
            <div className={classes.empty} role="status">
              {phase === 'ended' ? 'No teams took part' : 'Waiting for teams to join…'}
              {phase === 'upcoming' && (
                <span className={classes.emptyNote}>
                  The activity starts {formatWhen(game.startsAt)}.
                </span>
              )}
            </div>
          )}
        </section>

        <section className={classes.column} aria-labelledby="media-heading">
          <h2 className={classes.heading} id="media-heading">
            Photos and videos
          </h2>
          <MediaFeed statistics={statistics} phase={phase} />
        </section>
      </main>

      <TeamsStrip rows={rows} statistics={statistics} ended={phase === 'ended'} />
    </div>
  );
}

/** Tied winners beyond this are counted rather than shown (the card must fit the screen). */
/** The end of the game: the podium of the first three places, then thanks. */
function Winners({ rows, endedAt }: { rows: readonly ScoreboardRow[]; endedAt: string }) {
  return (
    <div className={classes.winner}>
      <h2 className={classes.heading}>{rows.length > 0 ? 'And the winner is…' : 'The end'}</h2>
      {rows.length > 0 ? (
        <>
          <Podium rows={rows} />
          <span className={classes.emptyNote}>Thanks for playing!</span>
        </>
      ) : (
        <span className={classes.emptyNote}>The activity ended {formatWhen(endedAt)}.</span>
      )}
    </div>
  );
}

const isVideo = (submission: Submission) =>
  submission.mediaType?.startsWith('video/') ??
  /\.(mp4|mov|webm)$/i.test(submission.mediaUrl ?? '');

function gridFor(count: number): { cols: number; rows: number } {
  if (count <= 1) return { cols: 1, rows: 1 };
  if (count === 2) return { cols: 1, rows: 2 };
  if (count <= 4) return { cols: 2, rows: 2 };
  return { cols: 2, rows: 3 };
}

function MediaFeed({ statistics, phase }: { statistics: Statistics | null; phase: GamePhase }) {
  const media = useMemo(
    () =>
      (statistics?.submissions ?? [])
        .filter((s) => s.mediaUrl !== null && shownOnPresentation(s))
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        .slice(0, MEDIA_TILES),
    [statistics],
  );
  const stepNames = useMemo(
    () => new Map((statistics?.steps ?? []).map((s) => [s.step.id, s.step.name])),
    [statistics],
  );
  if (media.length === 0) {
    return (
      <div className={classes.empty}>
        {phase === 'ended' ? 'No photos or videos this time' : 'No photos or videos yet'}
        {phase !== 'ended' && (
          <span className={classes.emptyNote}>They appear here as teams send them in.</span>
        )}
      </div>
    );
  }
  const grid = gridFor(media.length);
  return (
    <ul
      className={classes.media}
      style={{ '--media-cols': grid.cols, '--media-rows': grid.rows } as CSSProperties}
      aria-label="The newest photos and videos"
    >
      {media.map((submission) => {
        const task = stepNames.get(submission.stepId) ?? '';
        const description = `${isVideo(submission) ? 'Video' : 'Photo'} by ${submission.teamName}${task ? ` for “${task}”` : ''}`;
        return (
          <li key={submission.id} className={classes.tile}>
            {isVideo(submission) ? (
              <video
                src={submission.mediaUrl ?? undefined}
                muted
                autoPlay
                loop
                playsInline
                aria-label={description}
              />
            ) : (
              <img src={submission.mediaUrl ?? undefined} alt={description} />
            )}
            <div className={classes.caption} aria-hidden="true">
              {submission.teamName}
              {task && <span className={classes.captionTask}> · {task}</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function TeamsStrip({
  rows,
  statistics,
  ended,
}: {
  rows: readonly ScoreboardRow[];
  statistics: Statistics | null;
  ended: boolean;
}) {
  // Newest first, from the statistics (they know when each team joined); until they arrive, the
  // scoreboard's teams in their order.
  const teams = useMemo(() => {
    const joined = new Map((statistics?.teams ?? []).map((t) => [t.team.id, t.team.joinedAt]));
    return [...rows].sort(
      (a, b) =>
        Date.parse(joined.get(b.teamId) ?? '') - Date.parse(joined.get(a.teamId) ?? '') || 0,
    );
  }, [rows, statistics]);
  const shown = teams.slice(0, TEAM_CHIPS);
  return (
    <section className={classes.teams} aria-labelledby="teams-heading">
      <h2 className={classes.teamsLabel} id="teams-heading">
        {teams.length === 0
          ? 'No teams yet'
          : `${plural(teams.length, 'team')} ${ended ? 'took part' : 'joined'}`}
      </h2>
      <ul className={classes.teamList}>
        {shown.map((row) => (
          <li key={row.teamId} className={classes.teamChip}>
            <TeamAvatar name={row.name} photoUrl={row.photoUrl} size="2.4rem" />
            <span className={classes.teamChipName}>{row.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
