/** The screens before and after playing: not started yet, ended, full, no connection. */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { formatDisplayDateTime } from '../domain/constants';
import type { PublicGame } from '../domain/games';
import { navigate, pathFor } from './navigation';
import { RejoinForm } from './Rejoin';
import type { RejoinProblem } from './Rejoin';
import { brandingStyle, Header } from './ui';

/**
 * The theme's picture behind the page, as the builder's game-screen preview shows it. A fixed
 * layer of its own: phone browsers ignore background-attachment: fixed, and a long page would
 * stretch the picture over its whole height.
 */
export function ThemeBackdrop(props: { game: PublicGame | null }) {
  const theme = props.game?.theme;
  return (
    <div
      className="pl-theme-image"
      aria-hidden="true"
      style={{
        backgroundImage: theme?.previewImageUrl ? `url("${theme.previewImageUrl}")` : undefined,
        backgroundColor: theme?.primaryColour,
      }}
    />
  );
}

/** A branded page with the theme picture behind a card. */
export function ThemedPage(props: { game: PublicGame | null; children: ReactNode }) {
  const { game } = props;
  return (
    <div className="pl-themed" style={brandingStyle(game?.branding)}>
      <ThemeBackdrop game={game} />
      <Header branding={game?.branding} title={game?.name ?? 'Teamtrail'} />
      <main className="pl-page">{props.children}</main>
    </div>
  );
}

function OtherCode() {
  return (
    <button
      type="button"
      className="pl-button pl-secondary"
      onClick={() => navigate(pathFor.code())}
    >
      Enter another code
    </button>
  );
}

const dateTime = (iso: string): string => formatDisplayDateTime(new Date(iso));

/** "2 days 3 h", "1 h 20 min", "4 min 10 s", "12 s". */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} ${d === 1 ? 'day' : 'days'} ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s % 60} s`;
  return `${s} s`;
}

export function Upcoming(props: { game: PublicGame }) {
  const startsAt = Date.parse(props.game.startsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <ThemedPage game={props.game}>
      <section className="pl-card pl-status">
        <p className="pl-step">Not started yet</p>
        <h1>{props.game.name}</h1>
        <p>
          Starts <strong>{dateTime(props.game.startsAt)}</strong>
        </p>
        <p className="pl-countdown" aria-live="off">
          {now < startsAt ? `in ${countdown(startsAt - now)}` : 'Starting…'}
        </p>
        <p className="pl-muted">
          Keep this page open: it opens the activity by itself when it starts.
        </p>
      </section>
    </ThemedPage>
  );
}

export function Ended(props: { game: PublicGame }) {
  return (
    <ThemedPage game={props.game}>
      <section className="pl-card pl-status">
        <h1>This activity has ended</h1>
        <p>
          <strong>{props.game.name}</strong> finished {dateTime(props.game.endsAt)}. Thanks for
          playing!
        </p>
        <OtherCode />
      </section>
    </ThemedPage>
  );
}

/**
 * No room for another team. A team that has joined may still continue on this phone with its
 * team code (a FREE game's 3 teams are often full when a phone dies).
 */
export function Full(props: {
  game: PublicGame;
  message: string;
  onRetry: () => void;
  rejoinProblem?: RejoinProblem | null;
  onRejoined?: () => void;
}) {
  const { onRejoined } = props;
  return (
    <ThemedPage game={props.game}>
      <section className="pl-card pl-status" role="alert">
        <h1>This activity is full</h1>
        <p>{props.message}</p>
        {props.game.maxTeams !== null && (
          <p className="pl-muted">
            {props.game.name} takes up to {props.game.maxTeams} teams. Play along with a team that
            has joined, or ask your organiser.
          </p>
        )}
        <button type="button" className="pl-button pl-primary" onClick={props.onRetry}>
          Try again
        </button>
        <OtherCode />
      </section>
      {onRejoined && (
        <RejoinForm
          code={props.game.code}
          problem={props.rejoinProblem}
          onRejoined={onRejoined}
          onClosed={props.onRetry}
        />
      )}
    </ThemedPage>
  );
}

export function Failed(props: { message: string; onRetry: () => void }) {
  return (
    <ThemedPage game={null}>
      <section className="pl-card pl-status" role="alert">
        <h1>The activity could not be opened</h1>
        <p>{props.message}</p>
        <button type="button" className="pl-button pl-primary" onClick={props.onRetry}>
          Try again
        </button>
      </section>
    </ThemedPage>
  );
}
