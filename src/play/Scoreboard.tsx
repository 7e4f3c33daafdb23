/**
 * The scoreboard: GET /scoreboard once, then live from the team's shared event stream
 * ('scoreboard' whenever scores change, teamStream.ts). The team's own row is highlighted.
 */
import { useEffect, useState } from 'react';
import type { Scoreboard } from '../domain/games';
import { api } from './api';
import { formatPoints } from './rules';
import { isScoreboard, PLAYER_EVENTS } from '../protocol/events';
import { subscribeTeamStream } from './teamStream';
import { Avatar, Loading } from './ui';

export const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * The scoreboard as the phone knows it: asked once, then live from the team's stream. Shared by
 * the scoreboard tab and the final screen.
 */
export function useScoreboard(code: string, teamId: string) {
  const [board, setBoard] = useState<Scoreboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let closed = false;
    const refresh = async () => {
      const result = await api.scoreboard(code, teamId);
      if (closed) return;
      if (result.ok) {
        setBoard(result.data);
        setError(null);
      } else {
        setError(result.error.message);
      }
    };
    void refresh();
    let dropped = false;
    const unsubscribe = subscribeTeamStream(code, teamId, {
      events: {
        [PLAYER_EVENTS.scoreboard]: (text) => {
          let data: unknown = null;
          try {
            data = JSON.parse(text);
          } catch {
            // Not a scoreboard: ask for it.
          }
          if (isScoreboard(data)) setBoard(data);
          else void refresh();
        },
      },
      onOpen: () => {
        setLive(true);
        // Changes while the connection was down were missed.
        if (dropped) void refresh();
      },
      onError: () => {
        dropped = true;
        setLive(false);
      },
    });
    return () => {
      closed = true;
      unsubscribe();
    };
  }, [code, teamId]);

  return { board, error, live };
}

/**
 * Phones get only the top rows and their own (playerScoreboard), so the rows are not every
 * team: the game's count is. Never fewer than the rows shown, should the two ever disagree.
 */
const teamsCountOf = (board: Scoreboard): number =>
  Math.max(board.game.teamsCount, board.rows.length);

export function ScoreboardView(props: { code: string; teamId: string }) {
  const { board, error, live } = useScoreboard(props.code, props.teamId);

  if (!board) {
    return error ? (
      <section className="pl-card pl-empty" role="alert">
        <h1>Scoreboard</h1>
        <p>{error}</p>
      </section>
    ) : (
      <Loading label="Loading the scoreboard…" />
    );
  }

  const mine = board.rows.find((row) => row.teamId === props.teamId);
  const teamsCount = teamsCountOf(board);
  return (
    <section className="pl-card pl-board-card" aria-labelledby="scoreboard-title">
      <div className="pl-board-head">
        <h1 id="scoreboard-title">Scoreboard</h1>
        {live && (
          <span className="pl-live">
            <span aria-hidden="true">●</span> Live
          </span>
        )}
      </div>
      {mine && (
        <p className="pl-board-mine-line">
          Your team is {ordinal(mine.rank)} of {teamsCount}.
        </p>
      )}
      {board.rows.length === 0 ? (
        <p className="pl-muted">No teams have joined yet.</p>
      ) : (
        <ol className="pl-board">
          {board.rows.map((row) => {
            const isMine = row.teamId === props.teamId;
            return (
              <li
                key={row.teamId}
                className={isMine ? 'pl-board-row pl-board-mine' : 'pl-board-row'}
                aria-current={isMine ? 'true' : undefined}
              >
                <span className="pl-board-rank">{row.rank}</span>
                <Avatar url={row.photoUrl} name={row.name} />
                <span className="pl-board-name">
                  {row.name}
                  {isMine && <span className="pl-tag">Your team</span>}
                  <span className="pl-board-meta">
                    {row.answered} {row.answered === 1 ? 'task' : 'tasks'} done
                  </span>
                </span>
                <RowScore score={row.score} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The end of the game (docs/games.md "The player"): the team's final place among every team,
 * its score, and the top three. Ties share a place, as on the scoreboard. Live still: judging
 * and answers made before the end but delivered after it can move the places.
 */
export function FinalRank(props: {
  code: string;
  teamId: string;
  /** The team's score as /me said it, until the scoreboard comes. */
  score: number;
  /** Photos or videos of the team still uploading: the result may still change. */
  uploading: number;
  onScoreboard: () => void;
}) {
  const { board } = useScoreboard(props.code, props.teamId);
  const mine = board?.rows.find((row) => row.teamId === props.teamId) ?? null;
  const score = mine?.score ?? props.score;
  const tiedWith = mine
    ? board!.rows.filter((row) => row.rank === mine.rank && row.teamId !== mine.teamId)
    : [];
  const podium = board ? board.rows.filter((row) => row.rank <= 3).slice(0, 6) : [];

  return (
    <section className="pl-card pl-final" aria-labelledby="final-title">
      <p className="pl-final-ended">This activity has ended. Thanks for playing!</p>
      {mine ? (
        <h1 id="final-title" className="pl-final-title">
          You finished <span className="pl-final-place">{ordinal(mine.rank)}</span> of{' '}
          {teamsCountOf(board!)}
        </h1>
      ) : (
        <h1 id="final-title" className="pl-final-title">
          {board ? 'Final results' : 'Counting the final scores…'}
        </h1>
      )}
      {tiedWith.length > 0 && (
        <p className="pl-final-tie">
          Level on points with{' '}
          {tiedWith.length === 1 ? tiedWith[0]!.name : `${tiedWith.length} other teams`}
        </p>
      )}
      <p className="pl-final-score">
        <strong>{score}</strong> {score === 1 ? 'point' : 'points'}
      </p>
      {props.uploading > 0 && (
        <p className="pl-final-note">
          {props.uploading === 1 ? 'An upload is' : `${props.uploading} uploads are`} still on the
          way: your score may still change.
        </p>
      )}
      {podium.length > 0 && (
        <>
          <h2 className="pl-final-podium-title">Top three</h2>
          <ol className="pl-board pl-final-podium">
            {podium.map((row) => {
              const isMine = row.teamId === props.teamId;
              return (
                <li
                  key={row.teamId}
                  className={isMine ? 'pl-board-row pl-board-mine' : 'pl-board-row'}
                  aria-current={isMine ? 'true' : undefined}
                >
                  {/* Gold, silver and bronze. */}
                  <span className={`pl-board-rank pl-medal pl-medal-${row.rank}`}>{row.rank}</span>
                  <Avatar url={row.photoUrl} name={row.name} />
                  <span className="pl-board-name">
                    {row.name}
                    {isMine && <span className="pl-tag">Your team</span>}
                  </span>
                  <RowScore score={row.score} />
                </li>
              );
            })}
          </ol>
        </>
      )}
      <button type="button" className="pl-button pl-secondary" onClick={props.onScoreboard}>
        See the full scoreboard
      </button>
    </section>
  );
}

/** A row's score, read out with its unit ("20 points") while the screen shows the figure. */
function RowScore({ score }: { score: number }) {
  return (
    <span className="pl-board-score">
      {score}
      <span className="pl-visually-hidden"> {formatPoints(score).replace(/^\S+ /, '')}</span>
    </span>
  );
}
