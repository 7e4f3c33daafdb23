// @vitest-environment happy-dom
/**
 * SPEC §6 FREE "one launch per day" and "only one live activity at a time" on My Activities,
 * told before any click (docs/statuses.md): from the rows' `lastLaunchedAt` (GET /my_games), the
 * page names the activity that used today's launch above the rows and on Play, and Play opens
 * the explanation instead of a launch the server would refuse. The rule is src/domain/plans.ts
 * launchBlock, the one the server applies (launchViolation since launchDayStart).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useSession } from '../../../src/auth/session';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { launchGame } from '../../../src/api/games';
import { PRICING_LINK } from '../../../src/ui/marketingLinks';
import type { PlanId } from '../../../src/domain/schemas';
import { MyActivitiesPage } from '../../../src/features/activities/MyActivitiesPage';
import { useKnownPlan } from '../../../src/features/pricing/useCurrentPlan';
import {
  activityRow,
  fakeSync,
  openTestDatabase,
  renderScreen,
  storeActivities,
} from '../library/harness';

vi.mock('../../../src/auth/session', () => ({
  useSession: vi.fn(),
  useApiCredentials: () => ({ token: 'test-token', anonId: null }),
}));
vi.mock('../../../src/features/pricing/useCurrentPlan', () => ({ useKnownPlan: vi.fn() }));
vi.mock('../../../src/api/games', () => ({
  createDemoGame: vi.fn(),
  launchGame: vi.fn(),
  scheduleGame: vi.fn(),
  fetchGameStatus: vi.fn(),
}));

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
  vi.mocked(useSession).mockReturnValue({
    signedIn: true as const,
    user: { id: 'u1', name: 'Olive', email: 'olive@example.com' },
    canScheduleActivity: true,
  } as never);
  // The recent demos and the join address: nothing here.
  vi.stubGlobal('fetch', async () => new Response('[]', { status: 200 }));
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await db.close();
});

const render = (plan: PlanId | null) => {
  vi.mocked(useKnownPlan).mockReturnValue(plan);
  return renderScreen(<MyActivitiesPage />, { db, path: '/activities', sync: fakeSync() });
};

const rowOf = (name: string) =>
  screen
    .getAllByTestId('activity-row')
    .find((row) => within(row).queryByText(name, { selector: 'p' }) !== null)!;

const thisMorning = () => {
  const at = new Date();
  at.setHours(0, 1, 0, 0);
  return at.toISOString();
};
const yesterday = () => {
  const at = new Date();
  at.setDate(at.getDate() - 1);
  return at.toISOString();
};

describe('FREE: one launch a day, told on My Activities before the click', () => {
  it('launched today and ended since: a note names it above the rows, with "View plans"', async () => {
    await storeActivities(db, [
      activityRow({ name: 'Morning quiz', status: 'published', lastLaunchedAt: thisMorning() }),
      activityRow({ name: 'Afternoon quiz', lastLaunchedAt: null }),
    ]);
    render('FREE');
    const note = await screen.findByTestId('launch-limit-note');
    expect(note.textContent).toContain('FREE plan: 1 launch a day — used today by Morning quiz');
    expect(note.textContent).toContain('Launch again tomorrow, or upgrade to PRO.');
    expect(within(note).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe(
      PRICING_LINK.href,
    );
  });

  it("Play on every playable row names the activity that used today's launch before the click, and opens the explanation, not a launch", async () => {
    await storeActivities(db, [
      activityRow({ name: 'Morning quiz', status: 'published', lastLaunchedAt: thisMorning() }),
      activityRow({ name: 'Afternoon quiz', lastLaunchedAt: null }),
    ]);
    render('FREE');
    await screen.findByText('Afternoon quiz');
    for (const name of ['Morning quiz', 'Afternoon quiz']) {
      const play = within(rowOf(name)).getByRole('button', {
        name: `Play ${name} (used today by Morning quiz)`,
      });
      expect(play.getAttribute('data-plan-limit')).toBe('dailyLaunchLimit');
      expect(play.getAttribute('data-variant')).toBe('default');
    }
    fireEvent.click(
      within(rowOf('Afternoon quiz')).getByRole('button', { name: /^Play Afternoon quiz/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Launch Activity' });
    expect(within(dialog).getByTestId('daily-limit').textContent).toContain(
      'used today by Morning quiz',
    );
    expect(within(dialog).queryByRole('button', { name: 'Try again?' })).toBeNull();
    expect(launchGame).not.toHaveBeenCalled();
  });

  it('launched yesterday: no note, and Play is the plain button', async () => {
    await storeActivities(db, [
      activityRow({ name: 'Morning quiz', status: 'published', lastLaunchedAt: yesterday() }),
      activityRow({ name: 'Afternoon quiz', lastLaunchedAt: null }),
    ]);
    render('FREE');
    await screen.findByText('Afternoon quiz');
    expect(screen.queryByTestId('launch-limit-note')).toBeNull();
    expect(
      within(rowOf('Afternoon quiz')).getByRole('button', { name: 'Play Afternoon quiz' }),
    ).toBeTruthy();
  });

  it('PRO, or a plan not known: no limit is told (the server keeps the last word)', async () => {
    await storeActivities(db, [
      activityRow({ name: 'Morning quiz', status: 'published', lastLaunchedAt: thisMorning() }),
      activityRow({ name: 'Afternoon quiz', lastLaunchedAt: null }),
    ]);
    for (const plan of ['PRO', null] as const) {
      const view = render(plan);
      await screen.findByText('Afternoon quiz');
      expect(screen.queryByTestId('launch-limit-note')).toBeNull();
      expect(
        within(rowOf('Afternoon quiz')).getByRole('button', { name: 'Play Afternoon quiz' }),
      ).toBeTruthy();
      view.unmount();
    }
  });
});

describe('FREE: one live activity at a time, told on My Activities before the click', () => {
  it("live since this morning: the note says today's launch is used by it", async () => {
    const tonight = new Date();
    tonight.setHours(24, 0, 0, 0);
    await storeActivities(db, [
      activityRow({
        name: 'Morning quiz',
        status: 'live',
        lastLaunchedAt: thisMorning(),
        gameEndsAt: tonight.toISOString(),
      }),
      activityRow({ name: 'Afternoon quiz', lastLaunchedAt: null }),
    ]);
    render('FREE');
    const note = await screen.findByTestId('launch-limit-note');
    expect(note.dataset.violation).toBe('liveActivityLimit');
    expect(note.textContent).toContain('FREE plan: 1 launch a day — used today by Morning quiz');
    expect(
      within(rowOf('Afternoon quiz')).getByRole('button', {
        name: 'Play Afternoon quiz (used today by Morning quiz)',
      }),
    ).toBeTruthy();
  });
});
