/**
 * SPEC §4 activity statuses: the status groups, the status dot, the actions of a My Activities
 * row, and deriveActivityStatus, which decides an activity's status from facts (docs/statuses.md
 * tells the lifecycle for humans). `now` is always passed in.
 */
import type { ActivityStatus } from './schemas';

export const EDITABLE_STATUSES = [
  'unpublished',
  'editing',
  'ready',
] as const satisfies readonly ActivityStatus[];
export const PLAYABLE_STATUSES = [
  'published',
  'ready',
] as const satisfies readonly ActivityStatus[];
export const NON_EDITABLE_STATUSES = [
  'scheduled',
  'published',
  'complete',
  'live',
] as const satisfies readonly ActivityStatus[];

const within = (list: readonly string[], status: string): boolean => list.includes(status);

export const isEditable = (status: ActivityStatus): boolean => within(EDITABLE_STATUSES, status);
export const isPlayable = (status: ActivityStatus): boolean => within(PLAYABLE_STATUSES, status);
export const isNonEditable = (status: ActivityStatus): boolean =>
  within(NON_EDITABLE_STATUSES, status);

// ---------------------------------------------------------------------------------------------
// Status dot

export interface StatusDot {
  colour: 'warning' | 'success' | 'error';
  variant: 'filled' | 'outline';
}

/** unpublished, editing, ready: warning; scheduled, published: success; complete: success with
 *  an outline icon; live: error. */
export function statusDot(status: ActivityStatus): StatusDot {
  switch (status) {
    case 'unpublished':
    case 'editing':
    case 'ready':
      return { colour: 'warning', variant: 'filled' };
    case 'scheduled':
    case 'published':
      return { colour: 'success', variant: 'filled' };
    case 'complete':
      return { colour: 'success', variant: 'outline' };
    case 'live':
      return { colour: 'error', variant: 'filled' };
  }
}

// ---------------------------------------------------------------------------------------------
// Row actions

export const PLAY_HOVER_TEXT =
  'Will create a new instance of the activity that you can access immediately. Does not affect any currently live or scheduled instances';
/** SPEC elides the middle ("Will schedule a new instance … Does not affect …"). */
export const SCHEDULE_HOVER_TEXT =
  'Will schedule a new instance of the activity. Does not affect any currently live or scheduled instances';
export const demoActionLabel = (name: string): string => `Play a demo of ${name}`;
export const copyActionLabel = (name: string): string => `Create a copy of ${name}`;

export type RowAction =
  | { kind: 'edit'; label: 'Edit' }
  | { kind: 'demo'; label: string; inactive: boolean }
  | { kind: 'play'; label: 'Play'; hoverText: string }
  | { kind: 'schedule'; label: 'Schedule'; hoverText: string }
  | { kind: 'scoreboard'; label: 'Scoreboard'; url: string }
  | { kind: 'presentation'; label: 'Presentation'; url: string }
  | { kind: 'statistics'; label: 'Statistics'; url: string }
  | { kind: 'info'; label: 'Info' }
  | { kind: 'copy'; label: 'Copy'; hoverText: string };
export type RowActionKind = RowAction['kind'];

export interface RowActionContext {
  /** The activity's name, for "Play a demo of …" and "Create a copy of …". */
  name: string;
  /** SPEC §6: true only when the user's restricted flag is false. */
  canScheduleActivity: boolean;
  scoreboardUrl: string | null | undefined;
  presentationUrl: string | null | undefined;
  statisticsUrl: string | null | undefined;
}

const hasUrl = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url !== '';

/**
 * The actions a My Activities row shows, in display order (SPEC §4 "Row actions"):
 * - editable: Edit;
 * - playable: the demo (inactive when not editable), Play, and Schedule if canScheduleActivity;
 * - non-editable, when canScheduleActivity: scoreboard, presentation and statistics, each only
 *   if its URL exists (they open in a new tab);
 * - non-editable and not complete: Info (join info);
 * - always: Copy.
 */
export function rowActions(status: ActivityStatus, context: RowActionContext): RowAction[] {
  const actions: RowAction[] = [];
  if (isEditable(status)) actions.push({ kind: 'edit', label: 'Edit' });
  if (isPlayable(status)) {
    actions.push({
      kind: 'demo',
      label: demoActionLabel(context.name),
      inactive: !isEditable(status),
    });
    actions.push({ kind: 'play', label: 'Play', hoverText: PLAY_HOVER_TEXT });
    if (context.canScheduleActivity) {
      actions.push({ kind: 'schedule', label: 'Schedule', hoverText: SCHEDULE_HOVER_TEXT });
    }
  }
  if (isNonEditable(status) && context.canScheduleActivity) {
    if (hasUrl(context.scoreboardUrl)) {
      actions.push({ kind: 'scoreboard', label: 'Scoreboard', url: context.scoreboardUrl });
    }
    if (hasUrl(context.presentationUrl)) {
      actions.push({ kind: 'presentation', label: 'Presentation', url: context.presentationUrl });
    }
    if (hasUrl(context.statisticsUrl)) {
      actions.push({ kind: 'statistics', label: 'Statistics', url: context.statisticsUrl });
    }
  }
  if (isNonEditable(status) && status !== 'complete') actions.push({ kind: 'info', label: 'Info' });
  actions.push({ kind: 'copy', label: 'Copy', hoverText: copyActionLabel(context.name) });
  return actions;
}

// ---------------------------------------------------------------------------------------------
// Deriving the status

/** One launch instance (a "Play" or a scheduled instance; never a demo game). */
export interface LaunchInstance {
  startsAt: Date;
  endsAt: Date;
  /** Teams that played this instance. */
  plays: number;
}

export interface ActivityStatusFacts {
  /** The template passes SPEC §5 (validation/template.ts). */
  templateValid: boolean;
  /** The owner changed the template since it was created (copied). */
  changedSinceCreation: boolean;
  /** Launch instances only: demo games are tests and never change the status. */
  instances: readonly LaunchInstance[];
}

/** An instance is open while startsAt ≤ now < endsAt. */
export const isInstanceOpen = (instance: LaunchInstance, now: Date): boolean =>
  instance.startsAt.getTime() <= now.getTime() && now.getTime() < instance.endsAt.getTime();

export const isInstanceUpcoming = (instance: LaunchInstance, now: Date): boolean =>
  instance.startsAt.getTime() > now.getTime();

/** The FREE plan's "one live activity at a time": an activity counts while an instance is open. */
export const countsAsLiveActivity = (
  facts: Pick<ActivityStatusFacts, 'instances'>,
  now: Date,
): boolean => facts.instances.some((instance) => isInstanceOpen(instance, now));

/**
 * The status of an activity, first rule that applies:
 * live (an instance is open now) → scheduled (one starts later) → complete (launched before and
 * teams played it) → published (launched before, never played) → ready (never launched, valid)
 * → editing (never launched, invalid, changed by its owner) → unpublished.
 */
export function deriveActivityStatus(facts: ActivityStatusFacts, now: Date): ActivityStatus {
  const { instances } = facts;
  if (countsAsLiveActivity(facts, now)) return 'live';
  if (instances.some((instance) => isInstanceUpcoming(instance, now))) return 'scheduled';
  if (instances.length > 0) {
    const played = instances.some((instance) => instance.plays > 0);
    return played ? 'complete' : 'published';
  }
  if (facts.templateValid) return 'ready';
  return facts.changedSinceCreation ? 'editing' : 'unpublished';
}
