/**
 * The ranking: rank, photo, name, tasks answered and score, one row per team. Rows slide to
 * their new place when the order changes and a score lights up when it changes (both off when
 * the viewer prefers reduced motion).
 */
import { VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { ScoreboardRow } from '../../domain/games';
import { tiedRanks } from '../state/ranking';
import { useChangeFlash, useFlip } from '../hooks/useFlip';
import { plural } from '../format';
import { TeamAvatar } from './TeamAvatar';
import classes from './RankingList.module.css';

export interface RankingListProps {
  rows: readonly ScoreboardRow[];
  variant?: 'board' | 'projector';
  /** Show only the first rows (the presentation's leaderboard). */
  limit?: number;
  label?: string;
}

export function RankingList({
  rows,
  variant = 'board',
  limit,
  label = 'Ranking',
}: RankingListProps) {
  const reducedMotion = useReducedMotion();
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  const refFor = useFlip(
    shown.map((row) => row.teamId),
    reducedMotion,
  );
  const tied = tiedRanks(rows);
  return (
    <ol className={classes.list} data-variant={variant} aria-label={label}>
      {shown.map((row) => (
        <RankingRow
          key={row.teamId}
          row={row}
          tied={tied.has(row.rank)}
          variant={variant}
          reducedMotion={reducedMotion}
          itemRef={refFor(row.teamId)}
        />
      ))}
    </ol>
  );
}

function RankingRow({
  row,
  tied,
  variant,
  reducedMotion,
  itemRef,
}: {
  row: ScoreboardRow;
  tied: boolean;
  variant: 'board' | 'projector';
  reducedMotion: boolean;
  itemRef: (node: HTMLElement | null) => void;
}) {
  const flash = variant === 'projector' ? 'rgba(247, 201, 72, 0.45)' : 'rgba(100, 101, 199, 0.25)';
  const scoreRef = useChangeFlash<HTMLDivElement>(row.score, reducedMotion, flash);
  const medal = row.rank <= 3;
  return (
    <li ref={itemRef} className={classes.row} data-rank={row.rank} data-testid="ranking-row">
      <div className={classes.rank}>
        <VisuallyHidden>{tied ? 'Shared rank ' : 'Rank '}</VisuallyHidden>
        <span className={medal ? classes.medal : undefined}>
          {tied && <span aria-hidden="true">=</span>}
          {row.rank}
        </span>
      </div>
      <TeamAvatar
        name={row.name}
        photoUrl={row.photoUrl}
        size={variant === 'projector' ? '3.2rem' : '2.8rem'}
      />
      <div className={classes.name}>
        <div className={classes.teamName} title={row.name}>
          {row.name}
        </div>
        <div className={classes.answered}>{plural(row.answered, 'task')} answered</div>
      </div>
      <div className={classes.score} ref={scoreRef}>
        <div className={classes.scoreValue}>{row.score}</div>
        <div className={classes.scoreLabel}>{row.score === 1 ? 'point' : 'points'}</div>
      </div>
    </li>
  );
}
