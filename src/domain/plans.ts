/**
 * SPEC §6 plans: FREE, PRO and the higher tier (ENTERPRISE) with their limits, the texts of the
 * pricing page, and the launch rule the server applies when a game is published.
 * SPEC gives numbers only for FREE. Where PRO says "unlimited" or names a feature without a
 * number (teams), the limit is null (unlimited); ENTERPRISE is PRO plus outdoor GPS activities.
 */
import { HIGHER_TIER_LABEL, MESSAGES } from './messages';
import { PLAN_IDS } from './userRights';
import type { PlanId } from './schemas';
import { launchWindow, scheduleDateBounds, startOfDay, toLocalDateString } from './schedule';
import type { ActivityRow } from './schemas';

export interface PlanLimits {
  /** null = unlimited. */
  readonly editorSeats: number | null;
  readonly playersPerActivity: number | null;
  /** Launches ("Play" or Schedule) per day. */
  readonly launchesPerDay: number | null;
  /** Launch instances open at the same time. */
  readonly liveActivities: number | null;
}

export interface PlanFeatures {
  readonly allBasicTemplates: boolean;
  readonly aiContentAssistant: boolean;
  readonly unlimitedActivities: boolean;
  readonly teams: boolean;
  /** Launches that start on a later day or run past the end of their first day. */
  readonly futureOrMultiDayLaunches: boolean;
  readonly unlimitedDownloads: boolean;
  /** Outdoor GPS (location) activities. */
  readonly locationGames: boolean;
}

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly summary: string;
  readonly limits: PlanLimits;
  readonly features: PlanFeatures;
  /** The pricing page's bullet list, in order. */
  readonly featureList: readonly string[];
}

const UNLIMITED_LIMITS: PlanLimits = {
  editorSeats: null,
  playersPerActivity: null,
  launchesPerDay: null,
  liveActivities: null,
};

const PRO_FEATURES: PlanFeatures = {
  allBasicTemplates: true,
  aiContentAssistant: true,
  unlimitedActivities: true,
  teams: true,
  futureOrMultiDayLaunches: true,
  unlimitedDownloads: true,
  locationGames: false,
};

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  FREE: {
    id: 'FREE',
    name: 'Free',
    summary: 'Save, test, and deliver your first activity.',
    limits: { editorSeats: 1, playersPerActivity: 3, launchesPerDay: 1, liveActivities: 1 },
    features: {
      allBasicTemplates: true,
      aiContentAssistant: true,
      unlimitedActivities: false,
      teams: false,
      futureOrMultiDayLaunches: false,
      unlimitedDownloads: false,
      locationGames: false,
    },
    featureList: [
      '1 Editor seat',
      'Up to 3 players per activity',
      'All basic templates',
      'AI content assistant',
      'One launch per day, valid for the current day',
      'Only one live activity at a time',
    ],
  },
  PRO: {
    id: 'PRO',
    name: 'Pro',
    summary: 'Create and deliver unlimited activities, work in teams and gain more functionality.',
    limits: UNLIMITED_LIMITS,
    features: PRO_FEATURES,
    featureList: [
      'Everything in Free',
      'Unlimited activities',
      'Work in teams',
      'Future-dated or multi-day launches',
      'Unlimited downloads',
    ],
  },
  ENTERPRISE: {
    id: 'ENTERPRISE',
    name: HIGHER_TIER_LABEL,
    summary: 'Everything in Pro, plus outdoor GPS activities in any location.',
    limits: UNLIMITED_LIMITS,
    features: { ...PRO_FEATURES, locationGames: true },
    featureList: ['Everything in Pro', 'Outdoor GPS activities in any location'],
  },
};

/** The plans from lowest to highest, for the pricing page. */
export const PLAN_ORDER: readonly PlanId[] = PLAN_IDS;

/** Upgrade panel texts (SPEC §2.2 layout B, §2.9 launch upsell). */
export const UPGRADE_TEXTS = {
  signedIn:
    'Upgrade to a Pro plan to create and deliver unlimited activities, work in teams and gain more functionality.',
  signedOut: 'Sign up to a FREE account to save, test, and deliver your first activity.',
  viewPlans: 'View plans',
  launchLive: 'Your Activity is now live for the rest of the day',
  launchUpsell:
    'Launching an activity on a future date, over several days or with unlimited downloads needs a PRO subscription.',
} as const;

export const canCreateLocationGames = (plan: PlanId): boolean => PLANS[plan].features.locationGames;
export const canScheduleFutureOrMultiDay = (plan: PlanId): boolean =>
  PLANS[plan].features.futureOrMultiDayLaunches;
export const canWorkInTeams = (plan: PlanId): boolean => PLANS[plan].features.teams;
export const hasUnlimitedDownloads = (plan: PlanId): boolean =>
  PLANS[plan].features.unlimitedDownloads;

export const maxEditorSeats = (plan: PlanId): number | null => PLANS[plan].limits.editorSeats;
export const maxPlayersPerActivity = (plan: PlanId): number | null =>
  PLANS[plan].limits.playersPerActivity;
export const maxLaunchesPerDay = (plan: PlanId): number | null => PLANS[plan].limits.launchesPerDay;
export const maxLiveActivities = (plan: PlanId): number | null => PLANS[plan].limits.liveActivities;

/** Whether one more can be added to `current` under `limit` (null = unlimited). */
export const isBelowLimit = (limit: number | null, current: number): boolean =>
  limit === null || current < limit;

// ---------------------------------------------------------------------------------------------
// Launch rule

/**
 * A launch that starts on a later (local) day than today, or ends after the end of its first
 * day, is "future-dated or multi-day". Ending exactly at the next midnight is still one day.
 */
export function isFutureOrMultiDay(
  window: { startsAt: Date; endsAt: Date },
  now: Date,
  timeZone?: string,
): boolean {
  const startsOnLaterDay =
    toLocalDateString(window.startsAt, timeZone) > toLocalDateString(now, timeZone);
  const endOfFirstDay = launchWindow(window.startsAt, timeZone).endsAt;
  return startsOnLaterDay || window.endsAt.getTime() > endOfFirstDay.getTime();
}

export type LaunchViolation = 'liveActivityLimit' | 'dailyLaunchLimit' | 'futureOrMultiDay';

/** The server's 403 texts for each launch violation (the live one is SPEC §8's FREE message). */
export const PLAN_MESSAGES: Readonly<Record<LaunchViolation, string>> = {
  liveActivityLimit: MESSAGES.launch.freeLiveLimit,
  dailyLaunchLimit:
    'You are on the FREE subscription, so you can launch one activity a day. Please Contact Us to upgrade to the PRO subscription.',
  futureOrMultiDay:
    'Launching an activity on a future date or over several days needs the PRO subscription. Please Contact Us to upgrade.',
};

/**
 * Why the plan refuses a launch (a "Play" or a scheduled instance), or null when it allows it.
 * `liveActivities` counts the owner's launch instances open now (status.ts
 * countsAsLiveActivity); `launchesToday` counts the owner's launches made today, that is since
 * `launchDayStart` (below) in the organiser's time zone. Demo games are tests and count for
 * neither. A later day or several days is reported first: only PRO helps there, so telling the
 * organiser to end a live activity would send them the wrong way. Then the live limit (the 403
 * with the FREE message of SPEC §8), then the daily one.
 */
export function launchViolation(
  plan: PlanId,
  launch: { startsAt: Date; endsAt: Date },
  usage: { liveActivities: number; launchesToday: number },
  now: Date,
  /** The organiser's time zone: their day, not the server's (the browser's own when omitted). */
  timeZone?: string,
): LaunchViolation | null {
  const { limits, features } = PLANS[plan];
  if (!features.futureOrMultiDayLaunches && isFutureOrMultiDay(launch, now, timeZone)) {
    return 'futureOrMultiDay';
  }
  if (!isBelowLimit(limits.liveActivities, usage.liveActivities)) return 'liveActivityLimit';
  if (!isBelowLimit(limits.launchesPerDay, usage.launchesToday)) return 'dailyLaunchLimit';
  return null;
}

// ---------------------------------------------------------------------------------------------
// What the client can tell before a launch

/**
 * The first instant of the organiser's day: the launches made from then on are today's, for
 * FREE's "one launch per day". One rule on both sides: the server counts its games made since
 * `launchDayStart(now, X-Time-Zone)` (services/games/publishing.ts), and the browser, whose zone
 * is the one it sends in that header, counts its rows' `lastLaunchedAt` since
 * `launchDayStart(now)`.
 */
export const launchDayStart = (now: Date, timeZone?: string): Date => startOfDay(now, timeZone);

/** Whether a launch made at `launchedAt` is one of today's (the organiser's day). */
export function isLaunchedToday(launchedAt: Date | string, now: Date, timeZone?: string): boolean {
  const at = typeof launchedAt === 'string' ? Date.parse(launchedAt) : launchedAt.getTime();
  return at >= launchDayStart(now, timeZone).getTime();
}

/** What a row of My Activities must tell for the plan's launch limits. */
export type LaunchLimitRow = Pick<ActivityRow, 'id' | 'status' | 'lastLaunchedAt' | 'gameEndsAt'>;

/**
 * Whether the row's activity was launched today. A row cached before the server sent
 * `lastLaunchedAt` (absent, not null) cannot say, except a live one that ends by tonight: a FREE
 * launch is valid for its day, so it was made today.
 */
function rowLaunchedToday(row: LaunchLimitRow, now: Date): boolean {
  if (row.lastLaunchedAt) return isLaunchedToday(row.lastLaunchedAt, now);
  if (row.lastLaunchedAt === null) return false;
  return (
    row.status === 'live' &&
    row.gameEndsAt != null &&
    Date.parse(row.gameEndsAt) <= launchWindow(now).endsAt.getTime()
  );
}

/**
 * Why a new launch (Play, or a schedule for today) would be refused, told before any call: the
 * plan's own rule (`launchViolation`) over what the rows of My Activities show.
 * - `liveActivityLimit`: `activity` is the live one that holds the plan's only place;
 * - `dailyLaunchLimit`: `activity` is the one launched today (the latest, when several).
 * `usedToday` is the activity whose launch today spent the day's launches (on the daily limit,
 * `activity` itself), or null when a launch is left today: only then does ending the live one
 * let a launch through (`launchBlockClearsByEnding`). A FREE live activity was launched today,
 * so that is the rare case of one launched under PRO before a downgrade.
 */
export interface LaunchBlock<Row> {
  readonly violation: 'liveActivityLimit' | 'dailyLaunchLimit';
  readonly activity: Row;
  readonly usedToday: Row | null;
}

/**
 * The launch block on `plan` (null when a launch may go ahead, or the plan is unknown). `now` is
 * the browser's: its day is the organiser's (`launchDayStart`). `exceptId` leaves the row being
 * launched out of the live ones. The rows may lag the server by a sync, and a deleted activity's
 * launch today has no row: the server keeps the last word (its 403 names the reason).
 */
export function launchBlock<Row extends LaunchLimitRow>(
  plan: PlanId | null,
  rows: readonly Row[],
  now: Date,
  exceptId?: string,
): LaunchBlock<Row> | null {
  if (plan === null) return null;
  const live = rows.filter((row) => row.status === 'live' && row.id !== exceptId);
  const today = rows
    .filter((row) => rowLaunchedToday(row, now))
    .sort((a, b) => launchedAtMs(b) - launchedAtMs(a));
  const usage = { liveActivities: live.length, launchesToday: today.length };
  const violation = launchViolation(plan, launchWindow(now), usage, now);
  const usedToday = isBelowLimit(maxLaunchesPerDay(plan), today.length) ? null : (today[0] ?? null);
  if (violation === 'liveActivityLimit' && live[0]) {
    return { violation, activity: live[0], usedToday };
  }
  if (violation === 'dailyLaunchLimit' && usedToday) {
    return { violation, activity: usedToday, usedToday };
  }
  return null;
}

const launchedAtMs = (row: LaunchLimitRow): number =>
  row.lastLaunchedAt ? Date.parse(row.lastLaunchedAt) : 0;

/** Whether ending the block's live activity is the way to launch now (else: tomorrow, or PRO). */
export const launchBlockClearsByEnding = (block: LaunchBlock<unknown>): boolean =>
  block.violation === 'liveActivityLimit' && block.usedToday === null;

/**
 * The Schedule form's date limits: from today to a year ahead (SPEC §9), but today only on a
 * plan without future-dated or multi-day launches (FREE: "valid for the current day"). Unknown
 * plan (null): the full window, and the server decides.
 */
export function scheduleDateBoundsFor(
  plan: PlanId | null,
  now: Date,
): { min: string; max: string } {
  const bounds = scheduleDateBounds(now);
  if (plan === null || canScheduleFutureOrMultiDay(plan)) return bounds;
  return { min: bounds.min, max: bounds.min };
}

/**
 * The plan's own check of a schedule that passed SPEC §5's: on FREE, a later day or several
 * days is refused with the server's own words, before anything is sent.
 */
export function schedulePlanError(
  plan: PlanId | null,
  window: { startsAt: Date; endsAt: Date },
  now: Date,
): string | null {
  if (plan === null || canScheduleFutureOrMultiDay(plan)) return null;
  return isFutureOrMultiDay(window, now) ? PLAN_MESSAGES.futureOrMultiDay : null;
}
