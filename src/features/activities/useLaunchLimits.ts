/**
 * The plan's launch limits as My Activities tells them before a click (SPEC §6, docs/statuses.md):
 * FREE schedules today only (PRO for later days), has one live activity at a time and one launch
 * a day. The block is `launchBlock` (src/domain/plans.ts) over the rows shown, on the browser's
 * day, worked out again when the rows change and at midnight, when a new day's launch is free.
 */
import { useEffect, useMemo, useState } from 'react';
import { canScheduleFutureOrMultiDay, launchBlock, launchDayStart } from '../../domain/plans';
import { launchWindow } from '../../domain/schedule';
import type { ActivityRow } from '../../domain/schemas';
import { useKnownPlan } from '../pricing/useCurrentPlan';
import type { RowPlanLimits } from './ActivityRowActions';

/** The start of the browser's day, as state that moves on at midnight. */
function useLaunchDay(): number {
  const [day, setDay] = useState(() => launchDayStart(new Date()).getTime());
  useEffect(() => {
    const now = new Date();
    // A moment after midnight, so that the new day has begun when it is read.
    const wait = launchWindow(now).endsAt.getTime() - now.getTime() + 1_000;
    const timer = setTimeout(() => setDay(launchDayStart(new Date()).getTime()), wait);
    return () => clearTimeout(timer);
  }, [day]);
  return day;
}

export function useLaunchLimits(rows: readonly ActivityRow[]): RowPlanLimits {
  const plan = useKnownPlan();
  const day = useLaunchDay();
  return useMemo(
    () => ({
      scheduleIsPro: plan !== null && !canScheduleFutureOrMultiDay(plan),
      // The block depends on the day only (its launches, its end), so its first instant will do.
      launchBlock: launchBlock(plan, rows, new Date(day)),
    }),
    [plan, rows, day],
  );
}
