/**
 * What a game control just did to a row, shown at once: the row's phase and end come
 * from the list the sync worker pulled, which catches up a moment later. An override holds only
 * while the row still has the values it had when the control was used; once a pull brings new
 * ones, the server's row wins.
 */
import { useCallback, useMemo, useState } from 'react';
import type { GameControl } from '../../domain/games';
import type { ActivityRow } from '../../domain/schemas';

interface Override {
  control: GameControl;
  was: { gamePhase: ActivityRow['gamePhase']; gameEndsAt: ActivityRow['gameEndsAt'] };
}

export function useGameOverrides(rows: readonly ActivityRow[]) {
  const [overrides, setOverrides] = useState<ReadonlyMap<string, Override>>(new Map());

  const record = useCallback((row: ActivityRow, control: GameControl) => {
    setOverrides((current) => {
      const next = new Map(current);
      const earlier = current.get(control.id);
      next.set(control.id, {
        control,
        // A second control before the pull: the row still has the values of the first.
        was: earlier?.was ?? { gamePhase: row.gamePhase, gameEndsAt: row.gameEndsAt },
      });
      return next;
    });
  }, []);

  const shown = useMemo(
    () =>
      overrides.size === 0
        ? rows
        : rows.map((row) => {
            const override = row.gameId ? overrides.get(row.gameId) : undefined;
            if (
              !override ||
              row.gamePhase !== override.was.gamePhase ||
              row.gameEndsAt !== override.was.gameEndsAt
            ) {
              return row;
            }
            return {
              ...row,
              gamePhase: override.control.phase,
              gameEndsAt: override.control.endsAt,
            };
          }),
    [rows, overrides],
  );

  return { rows: shown, record };
}
