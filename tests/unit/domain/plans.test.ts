import { describe, it, expect } from 'vitest';
import {
  canCreateLocationGames,
  canScheduleFutureOrMultiDay,
  canWorkInTeams,
  hasUnlimitedDownloads,
  isBelowLimit,
  isFutureOrMultiDay,
  isLaunchedToday,
  launchBlock,
  launchBlockClearsByEnding,
  launchDayStart,
  launchViolation,
  scheduleDateBoundsFor,
  schedulePlanError,
  PLAN_MESSAGES,
  maxEditorSeats,
  maxLaunchesPerDay,
  maxLiveActivities,
  maxPlayersPerActivity,
  PLAN_ORDER,
  PLANS,
} from '../../../src/domain/plans';

const now = new Date(2025, 5, 15, 12, 0);
const today = { startsAt: now, endsAt: new Date(2025, 5, 16, 0, 0) };
const noUsage = { liveActivities: 0, launchesToday: 0 };

describe('FREE plan', () => {
  it('1 Editor seat, up to 3 players per activity, 1 launch per day, 1 live activity at a time', () => {
    expect(maxEditorSeats('FREE')).toBe(1);
    expect(maxPlayersPerActivity('FREE')).toBe(3);
    expect(maxLaunchesPerDay('FREE')).toBe(1);
    expect(maxLiveActivities('FREE')).toBe(1);
  });
  it('all basic templates and the AI content assistant, but no future or multi-day launches', () => {
    expect(PLANS.FREE.features.allBasicTemplates).toBe(true);
    expect(PLANS.FREE.features.aiContentAssistant).toBe(true);
    expect(canScheduleFutureOrMultiDay('FREE')).toBe(false);
    expect(canWorkInTeams('FREE')).toBe(false);
    expect(hasUnlimitedDownloads('FREE')).toBe(false);
    expect(canCreateLocationGames('FREE')).toBe(false);
  });
  it('the FREE features list', () => {
    expect(PLANS.FREE.featureList).toEqual([
      '1 Editor seat',
      'Up to 3 players per activity',
      'All basic templates',
      'AI content assistant',
      'One launch per day, valid for the current day',
      'Only one live activity at a time',
    ]);
  });
});

describe('PRO plan: unlimited activities, teams, future-dated or multi-day launches, unlimited downloads', () => {
  it('features', () => {
    expect(PLANS.PRO.features.unlimitedActivities).toBe(true);
    expect(canWorkInTeams('PRO')).toBe(true);
    expect(canScheduleFutureOrMultiDay('PRO')).toBe(true);
    expect(hasUnlimitedDownloads('PRO')).toBe(true);
  });
  it('limits are unlimited (null)', () => {
    expect(maxLaunchesPerDay('PRO')).toBeNull();
    expect(maxLiveActivities('PRO')).toBeNull();
    expect(maxPlayersPerActivity('PRO')).toBeNull();
  });
  it('Outdoor GPS activities need a higher tier than PRO', () => {
    expect(canCreateLocationGames('PRO')).toBe(false);
  });
});

describe('Higher tier (ENTERPRISE): outdoor GPS activities', () => {
  it('everything in PRO plus location games', () => {
    expect(canCreateLocationGames('ENTERPRISE')).toBe(true);
    expect({ ...PLANS.ENTERPRISE.features, locationGames: false }).toEqual(PLANS.PRO.features);
    expect(PLANS.ENTERPRISE.limits).toEqual(PLANS.PRO.limits);
  });
  it('is named Enterprise, as in the location upgrade text', () => {
    expect(PLANS.ENTERPRISE.name).toBe('Enterprise');
    expect(PLANS.FREE.name).toBe('Free');
    expect(PLANS.PRO.name).toBe('Pro');
  });
  it('plans are ordered from lowest to highest', () => {
    expect(PLAN_ORDER).toEqual(['FREE', 'PRO', 'ENTERPRISE']);
  });
});

describe('isBelowLimit', () => {
  it('null is unlimited; otherwise one more fits only below the limit', () => {
    expect(isBelowLimit(null, 1_000_000)).toBe(true);
    expect(isBelowLimit(1, 0)).toBe(true);
    expect(isBelowLimit(1, 1)).toBe(false);
  });
});

describe('Launch rule', () => {
  it('FREE: only one live activity at a time (the server answers 403)', () => {
    expect(launchViolation('FREE', today, { liveActivities: 1, launchesToday: 0 }, now)).toBe(
      'liveActivityLimit',
    );
    expect(launchViolation('PRO', today, { liveActivities: 5, launchesToday: 0 }, now)).toBeNull();
  });
  it('FREE: one launch per day', () => {
    expect(launchViolation('FREE', today, { liveActivities: 0, launchesToday: 1 }, now)).toBe(
      'dailyLaunchLimit',
    );
    expect(launchViolation('PRO', today, { liveActivities: 0, launchesToday: 9 }, now)).toBeNull();
  });
  it('the live limit is reported before the daily limit', () => {
    expect(launchViolation('FREE', today, { liveActivities: 1, launchesToday: 1 }, now)).toBe(
      'liveActivityLimit',
    );
  });
  it('a later day is reported as PRO before the live limit: ending the live one would not help', () => {
    const tomorrow = { startsAt: new Date(2025, 5, 16, 9), endsAt: new Date(2025, 5, 16, 17) };
    expect(launchViolation('FREE', tomorrow, { liveActivities: 1, launchesToday: 1 }, now)).toBe(
      'futureOrMultiDay',
    );
  });
  it('FREE: a launch valid for the current day is allowed', () => {
    expect(launchViolation('FREE', today, noUsage, now)).toBeNull();
  });
  it('FREE: cannot launch on a future date', () => {
    const tomorrow = { startsAt: new Date(2025, 5, 16, 9), endsAt: new Date(2025, 5, 16, 17) };
    expect(launchViolation('FREE', tomorrow, noUsage, now)).toBe('futureOrMultiDay');
    expect(launchViolation('PRO', tomorrow, noUsage, now)).toBeNull();
  });
  it('FREE: cannot launch over several days', () => {
    const twoDays = { startsAt: now, endsAt: new Date(2025, 5, 16, 0, 1) };
    expect(launchViolation('FREE', twoDays, noUsage, now)).toBe('futureOrMultiDay');
    expect(launchViolation('ENTERPRISE', twoDays, noUsage, now)).toBeNull();
  });
  it('isFutureOrMultiDay: later today and ending at midnight is one day', () => {
    expect(
      isFutureOrMultiDay({ startsAt: new Date(2025, 5, 15, 18), endsAt: today.endsAt }, now),
    ).toBe(false);
  });
});

describe('Plan limits the client tells before a launch', () => {
  type Row = Parameters<typeof launchBlock>[1][number] & { name: string };
  const row = (patch: Partial<Row> & Pick<Row, 'id'>): Row => ({
    name: patch.id,
    status: 'ready',
    lastLaunchedAt: null,
    gameEndsAt: null,
    ...patch,
  });
  const at = (...parts: [number, number, number, number, number?]) =>
    new Date(...parts).toISOString();
  // Launched this morning (so live until midnight), and one launched yesterday, now over.
  const morning = row({
    id: 'morning',
    status: 'live',
    lastLaunchedAt: at(2025, 5, 15, 9, 0),
    gameEndsAt: at(2025, 5, 16, 0, 0),
  });
  const yesterday = row({
    id: 'yesterday',
    status: 'published',
    lastLaunchedAt: at(2025, 5, 14, 23, 59),
  });
  const ready = row({ id: 'ready' });

  it("the organiser's day: launches made since its midnight are today's, the server's rule too", () => {
    expect(launchDayStart(now)).toEqual(new Date(2025, 5, 15, 0, 0));
    expect(isLaunchedToday(at(2025, 5, 15, 0, 0), now)).toBe(true);
    expect(isLaunchedToday(new Date(2025, 5, 14, 23, 59, 59), now)).toBe(false);
    // In a zone of the server's X-Time-Zone header: Kiritimati (UTC+14) starts its day at 10:00 UTC.
    const utcNoon = new Date(Date.UTC(2025, 5, 15, 12, 0));
    expect(launchDayStart(utcNoon, 'Pacific/Kiritimati').toISOString()).toBe(
      '2025-06-15T10:00:00.000Z',
    );
    expect(isLaunchedToday('2025-06-15T09:59:00.000Z', utcNoon, 'Pacific/Kiritimati')).toBe(false);
    expect(isLaunchedToday('2025-06-15T10:00:00.000Z', utcNoon, 'Pacific/Kiritimati')).toBe(true);
  });

  it('FREE, nothing launched today and nothing live: no block; PRO and an unknown plan never', () => {
    expect(launchBlock('FREE', [ready, yesterday], now)).toBeNull();
    expect(launchBlock('PRO', [morning, ready], now)).toBeNull();
    expect(launchBlock(null, [morning, ready], now)).toBeNull();
  });

  it("FREE daily limit: an activity launched today and ended since is named as today's launch", () => {
    const ended = { ...morning, status: 'published' as const };
    const block = launchBlock('FREE', [ready, ended, yesterday], now);
    expect(block).toEqual({ violation: 'dailyLaunchLimit', activity: ended, usedToday: ended });
    expect(launchBlockClearsByEnding(block!)).toBe(false);
  });

  it('FREE daily limit: a schedule made today (for later today) counts as the launch too', () => {
    const scheduled = row({
      id: 'evening',
      status: 'scheduled',
      lastLaunchedAt: at(2025, 5, 15, 8, 0),
    });
    expect(launchBlock('FREE', [ready, scheduled], now)?.violation).toBe('dailyLaunchLimit');
  });

  it('FREE daily limit: the latest of several launches today is named', () => {
    const first = row({ id: 'first', status: 'published', lastLaunchedAt: at(2025, 5, 15, 8, 0) });
    const second = row({
      id: 'second',
      status: 'published',
      lastLaunchedAt: at(2025, 5, 15, 10, 0),
    });
    expect(launchBlock('FREE', [first, second], now)?.activity.id).toBe('second');
  });

  it('FREE live limit first: the live activity launched today, which also spent the launch (ending it frees none)', () => {
    const block = launchBlock('FREE', [ready, morning], now);
    expect(block).toEqual({
      violation: 'liveActivityLimit',
      activity: morning,
      usedToday: morning,
    });
    expect(launchBlockClearsByEnding(block!)).toBe(false);
  });

  it("FREE live limit: one launched on an earlier day (under PRO) leaves today's launch: ending it clears the way", () => {
    const longRun = row({
      id: 'long',
      status: 'live',
      lastLaunchedAt: at(2025, 5, 13, 9, 0),
      gameEndsAt: at(2025, 5, 20, 0, 0),
    });
    const block = launchBlock('FREE', [ready, longRun], now);
    expect(block).toEqual({ violation: 'liveActivityLimit', activity: longRun, usedToday: null });
    expect(launchBlockClearsByEnding(block!)).toBe(true);
    // `exceptId` leaves the row being launched out of the live ones.
    expect(launchBlock('FREE', [longRun], now, 'long')).toBeNull();
  });

  it('a row cached before launch times were sent: a live one ending by tonight was launched today', () => {
    const { lastLaunchedAt: _a, ...tonight } = morning;
    expect(launchBlock('FREE', [tonight], now)?.usedToday?.id).toBe('morning');
    const { lastLaunchedAt: _b, ...later } = { ...morning, gameEndsAt: at(2025, 5, 18, 0, 0) };
    expect(launchBlock('FREE', [later], now)?.usedToday).toBeNull();
  });

  it('FREE schedules today only; PRO up to a year ahead; unknown plan: the full window', () => {
    expect(scheduleDateBoundsFor('FREE', now)).toEqual({ min: '2025-06-15', max: '2025-06-15' });
    expect(scheduleDateBoundsFor('PRO', now).max).toBe('2026-06-15');
    expect(scheduleDateBoundsFor(null, now).max).toBe('2026-06-15');
  });
  it("FREE: a later day in the Schedule form gets the server's PRO message", () => {
    const tomorrow = { startsAt: new Date(2025, 5, 16, 9), endsAt: new Date(2025, 5, 16, 17) };
    expect(schedulePlanError('FREE', tomorrow, now)).toBe(PLAN_MESSAGES.futureOrMultiDay);
    expect(schedulePlanError('FREE', today, now)).toBeNull();
    expect(schedulePlanError('PRO', tomorrow, now)).toBeNull();
  });
});
