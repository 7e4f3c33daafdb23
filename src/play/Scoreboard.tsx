/**
 * The scoreboard: GET /scoreboard once, then live from the team's shared event stream
 * ('scoreboard' whenever scores change, teamStream.ts). The team's own row is highlighted.
 */
import { useEffect, useState } from 'react';
import type { Scoreboard } from '../domain/games';
import { api } from './api';
import { formatPoints } from './rules';
import { subscribeTeamStream } from './teamStream';
import { Avatar, Loading } from './ui';

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

const isScoreboard = (value: unknown): value is Scoreboard =>
  !!value && typeof value === 'object' && Array.isArray((value as Scoreboard).rows);

export function ScoreboardView(props: { code: string; teamId: string }) {
  const { code, teamId } = props;
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
        setError(result.errorMessage);
      }
    };
    void refresh();
    let dropped = false;
    const unsubscribe = subscribeTeamStream(code, teamId, {
      events: {
        scoreboard: (text) => {
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
  // Phones get only the top rows and their own (playerScoreboard), so the rows are not every
  // team: the game's count is. Never fewer than the rows shown, should the two ever disagree.
  const teamsCount = Math.max(board.game.teamsCount, board.rows.length);
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
                <span className="pl-board-score">
                  {row.score}
                  <span className="pl-visually-hidden">
                    {' '}
                    {formatPoints(row.score).replace(/^\S+ /, '')}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
