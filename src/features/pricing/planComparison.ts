/**
 * The pricing page's comparison table, read from the plans of src/domain/plans.ts (SPEC §6) so
 * that the page can never promise what the server does not allow.
 */
import { PLAN_ORDER, PLANS, type Plan } from '../../domain/plans';
import type { PlanId } from '../../domain/schemas';

/** What one plan shows in one row: a figure ("Up to 3", "Unlimited") or included / not. */
export type ComparisonCell =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'included'; readonly included: boolean };

export interface ComparisonRow {
  readonly id: string;
  readonly label: string;
  readonly cells: Readonly<Record<PlanId, ComparisonCell>>;
}

const UNLIMITED = 'Unlimited';

const figure = (limit: number | null, format: (n: number) => string): ComparisonCell => ({
  kind: 'text',
  text: limit === null ? UNLIMITED : format(limit),
});

const included = (value: boolean): ComparisonCell => ({ kind: 'included', included: value });

function row(id: string, label: string, cell: (plan: Plan) => ComparisonCell): ComparisonRow {
  const cells = Object.fromEntries(PLAN_ORDER.map((planId) => [planId, cell(PLANS[planId])]));
  return { id, label, cells: cells as Record<PlanId, ComparisonCell> };
}

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  row('editorSeats', 'Editor seats', (p) => figure(p.limits.editorSeats, String)),
  row('players', 'Players per activity', (p) =>
    figure(p.limits.playersPerActivity, (n) => `Up to ${n}`),
  ),
  row('launches', 'Launches', (p) =>
    figure(p.limits.launchesPerDay, (n) => `${n} per day, valid for the current day`),
  ),
  row('liveActivities', 'Live activities at a time', (p) =>
    figure(p.limits.liveActivities, String),
  ),
  row('templates', 'All basic templates', (p) => included(p.features.allBasicTemplates)),
  row('ai', 'AI content assistant', (p) => included(p.features.aiContentAssistant)),
  row('activities', 'Unlimited activities', (p) => included(p.features.unlimitedActivities)),
  row('teams', 'Work in teams', (p) => included(p.features.teams)),
  row('futureLaunches', 'Future-dated or multi-day launches', (p) =>
    included(p.features.futureOrMultiDayLaunches),
  ),
  row('downloads', 'Unlimited downloads', (p) => included(p.features.unlimitedDownloads)),
  row('gps', 'Outdoor GPS activities in any location', (p) => included(p.features.locationGames)),
];

/** Where a plan stands against the user's: the page offers only an upgrade, never a step down. */
export function planStanding(plan: PlanId, current: PlanId | null): 'current' | 'lower' | 'higher' {
  if (current === null) return 'higher';
  const difference = PLAN_ORDER.indexOf(plan) - PLAN_ORDER.indexOf(current);
  return difference === 0 ? 'current' : difference < 0 ? 'lower' : 'higher';
}
