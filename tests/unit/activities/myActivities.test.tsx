// @vitest-environment happy-dom
/**
 * SPEC §2.6 My Activities and SPEC §4 "Activity status and status-dot colour" and "Row actions in
 * My Activities", through the screen: loading, the empty state, the columns, the status dots, the
 * actions of every status with and without canScheduleActivity, their hover texts, the dialogs
 * they open, the highlight of the most recently launched row, and Copy; and
 * the "Restored" mark of an activity that keeps edits made after it was deleted elsewhere.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '../../../src/auth/session';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import type { ActivityRow, ActivityStatus } from '../../../src/domain/schemas';
import { PLAY_HOVER_TEXT, SCHEDULE_HOVER_TEXT } from '../../../src/domain/status';
import { MyActivitiesPage } from '../../../src/features/activities/MyActivitiesPage';
import { OFFLINE_ACTION_TEXT } from '../../../src/features/activities/ActivityRowActions';
import { RESTORED_BADGE, RESTORED_HINT } from '../../../src/features/activities/ActivitiesTable';
import {
  activityRow,
  fakeSync,
  openTestDatabase,
  OWNER,
  renderScreen,
  storeActivities,
  SYNCED_STATUS,
  templateContent,
  type FakeSync,
} from '../library/harness';

vi.mock('../../../src/auth/session', () => ({
  useSession: vi.fn(),
  // The game controls and the recent demos call the server with the session.
  useApiCredentials: () => ({ token: 'test-token', anonId: null }),
}));
vi.mock('../../../src/features/publishing/LaunchDialog', () => import('./fakeDialogs'));
vi.mock('../../../src/features/publishing/ScheduleDialog', () => import('./fakeDialogs'));
vi.mock('../../../src/features/publishing/JoinInfoDialog', () => import('./fakeDialogs'));

const session = (canScheduleActivity: boolean) => ({
  signedIn: true as const,
  user: { id: 'u1', name: 'Olive', email: 'olive@example.com' },
  canScheduleActivity,
});

let db: TeamtrailDatabase;
let sync: FakeSync;
beforeEach(async () => {
  db = await openTestDatabase();
  sync = fakeSync();
  vi.mocked(useSession).mockReturnValue(session(true));
  // The recent demos below the table (tests/unit/activities/gameControls.test.tsx):
  // none here.
  vi.stubGlobal('fetch', async () => new Response('[]', { status: 200 }));
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setBrowserOnline(true);
  await db.close();
});

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

const render = (path = '/activities') => renderScreen(<MyActivitiesPage />, { db, path, sync });

const rowOf = (name: string) =>
  screen
    .getAllByTestId('activity-row')
    .find((row) => within(row).queryByText(name, { selector: 'p' }) !== null)!;
const actionNames = (row: HTMLElement) =>
  Array.from(within(row).getByTestId('row-actions').querySelectorAll('a, button')).map((el) =>
    el.getAttribute('aria-label'),
  );

const URLS = {
  scoreboardUrl: 'http://127.0.0.1/live/g1/scoreboard?key=k',
  presentationUrl: 'http://127.0.0.1/live/g1/presentation?key=k',
  statisticsUrl: 'http://127.0.0.1/live/g1/statistics?key=k',
  gameStatusUrl: 'http://127.0.0.1/v1/templates/t1/games/g1',
};

describe('SPEC §2.6 My Activities', () => {
  it('shows a loading spinner while the list loads', async () => {
    await storeActivities(db, [activityRow({ name: 'Friday quiz' })]);
    render();
    expect(screen.getByText('Loading your activities…').closest('[role="status"]')).not.toBeNull();
    await screen.findByText('Friday quiz');
    expect(screen.queryByText('Loading your activities…')).toBeNull();
  });

  it('empty state: "You haven\'t created any activities yet", with a "View Template Library" button to /templates', async () => {
    const { router } = render();
    expect(await screen.findByText("You haven't created any activities yet")).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'View Template Library' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
  });

  it('is the same screen at /games', async () => {
    renderScreen(<MyActivitiesPage />, { db, path: '/games', sync });
    expect(await screen.findByRole('heading', { name: 'My Activities', level: 1 })).toBeTruthy();
  });

  it('table columns: TYPE, ACTIVITY NAME, TASKS, RUN TIME, PLAYS, STATUS, then the actions', async () => {
    await storeActivities(db, [
      activityRow({
        name: 'Campus trail',
        gameType: 'location',
        stepsCount: 12,
        runTime: 'Half Day',
        plays: 7,
        status: 'complete',
      }),
      activityRow({ name: 'Friday quiz', gameType: 'quiz' }),
    ]);
    render();
    await screen.findByText('Campus trail');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'TYPE',
      'ACTIVITY NAME',
      'TASKS',
      'RUN TIME',
      'PLAYS',
      'STATUS',
      'Actions',
    ]);
    const cells = within(rowOf('Campus trail'))
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Outdoor',
      'Campus trail',
      '12',
      'Half Day',
      '7',
      'Complete',
    ]);
    expect(within(rowOf('Friday quiz')).getAllByRole('cell')[0]!.textContent).toBe('Indoor');
    // In the server's order.
    expect(
      screen.getAllByTestId('activity-row').map((r) => r.textContent?.includes('Campus')),
    ).toEqual([true, false]);
  });

  it('says when the list may be out of date (offline, from the last pull)', async () => {
    sync = fakeSync({ ...SYNCED_STATUS, online: false });
    await storeActivities(db, [activityRow({ name: 'Friday quiz' })]);
    render();
    await screen.findByText('Friday quiz');
    expect(screen.getByTestId('list-freshness').textContent).toMatch(
      /^Offline – showing the list saved on this device.*It may be out of date\.$/,
    );
  });
});

describe('SPEC §4 Activity status and status-dot colour', () => {
  it.each<[ActivityStatus, string, string, string]>([
    ['unpublished', 'warning', 'filled', 'Unpublished'],
    ['editing', 'warning', 'filled', 'Editing'],
    ['ready', 'warning', 'filled', 'Ready'],
    ['scheduled', 'success', 'filled', 'Scheduled'],
    ['published', 'success', 'filled', 'Published'],
    ['complete', 'success', 'outline', 'Complete'],
    ['live', 'error', 'filled', 'Live'],
  ])('%s: %s colour (%s), with the status as text', async (status, colour, variant, text) => {
    await storeActivities(db, [activityRow({ name: 'Friday quiz', status })]);
    render();
    await screen.findByText('Friday quiz');
    const cell = within(rowOf('Friday quiz')).getByTestId('status');
    const dot = within(cell).getByTestId('status-dot');
    expect([dot.dataset.colour, dot.dataset.variant]).toEqual([colour, variant]);
    expect(dot.getAttribute('aria-hidden')).toBe('true');
    expect(cell.textContent).toBe(text);
  });
});

describe('SPEC §4 Row actions in My Activities', () => {
  const N = 'Friday quiz';
  const EDIT = `Edit ${N}`;
  const DEMO = `Play a demo of ${N}`;
  const PLAY = `Play ${N}`;
  const SCHEDULE = `Schedule ${N}`;
  const LIVE = [`Scoreboard of ${N}`, `Presentation of ${N}`, `Statistics of ${N}`];
  const INFO = `Join info for ${N}`;
  const COPY = `Create a copy of ${N}`;

  const EXPECTED: Record<ActivityStatus, { scheduler: string[]; restricted: string[] }> = {
    unpublished: { scheduler: [EDIT, COPY], restricted: [EDIT, COPY] },
    editing: { scheduler: [EDIT, COPY], restricted: [EDIT, COPY] },
    ready: {
      scheduler: [EDIT, DEMO, PLAY, SCHEDULE, COPY],
      restricted: [EDIT, DEMO, PLAY, COPY],
    },
    published: {
      scheduler: [DEMO, PLAY, SCHEDULE, ...LIVE, INFO, COPY],
      restricted: [DEMO, PLAY, INFO, COPY],
    },
    scheduled: { scheduler: [...LIVE, INFO, COPY], restricted: [INFO, COPY] },
    complete: { scheduler: [...LIVE, COPY], restricted: [COPY] },
    live: { scheduler: [...LIVE, INFO, COPY], restricted: [INFO, COPY] },
  };

  for (const [status, expected] of Object.entries(EXPECTED) as [
    ActivityStatus,
    (typeof EXPECTED)[ActivityStatus],
  ][]) {
    it(`${status}, with canScheduleActivity: ${expected.scheduler.length} actions`, async () => {
      await storeActivities(db, [activityRow({ name: N, status, ...URLS })]);
      render();
      await screen.findByText(N);
      expect(actionNames(rowOf(N))).toEqual(expected.scheduler);
    });

    it(`${status}, without canScheduleActivity: no Schedule and no live screens`, async () => {
      vi.mocked(useSession).mockReturnValue(session(false));
      await storeActivities(db, [activityRow({ name: N, status, ...URLS })]);
      render();
      await screen.findByText(N);
      expect(actionNames(rowOf(N))).toEqual(expected.restricted);
    });
  }

  it('shows each live screen only if its URL exists, and opens it in a new tab', async () => {
    await storeActivities(db, [
      activityRow({ name: N, status: 'live', scoreboardUrl: URLS.scoreboardUrl }),
    ]);
    render();
    await screen.findByText(N);
    expect(actionNames(rowOf(N))).toEqual([`Scoreboard of ${N}`, INFO, COPY]);
    const scoreboard = screen.getByRole('link', { name: `Scoreboard of ${N}` });
    expect(scoreboard.getAttribute('href')).toBe(URLS.scoreboardUrl);
    expect(scoreboard.getAttribute('target')).toBe('_blank');
    expect(scoreboard.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('styles the demo inactive when the status is not editable', async () => {
    await storeActivities(db, [
      activityRow({ name: 'Ready one', status: 'ready' }),
      activityRow({ name: 'Published one', status: 'published' }),
    ]);
    render();
    await screen.findByText('Ready one');
    const ready = screen.getByRole('button', { name: 'Play a demo of Ready one' });
    const published = screen.getByRole('button', { name: 'Play a demo of Published one' });
    expect(ready.hasAttribute('data-inactive')).toBe(false);
    expect(published.hasAttribute('data-inactive')).toBe(true);
  });

  it.each([
    ['Play Friday quiz', PLAY_HOVER_TEXT],
    ['Schedule Friday quiz', SCHEDULE_HOVER_TEXT],
    ['Play a demo of Friday quiz', 'Play a demo of Friday quiz'],
    ['Create a copy of Friday quiz', 'Create a copy of Friday quiz'],
    ['Edit Friday quiz', 'Edit'],
  ])('hover text of "%s"', async (name, hoverText) => {
    await storeActivities(db, [activityRow({ name: N, status: 'ready' })]);
    render();
    await screen.findByText(N);
    fireEvent.mouseEnter(screen.getByRole(name.startsWith('Edit') ? 'link' : 'button', { name }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(hoverText);
  });

  it('the hover texts say what Play and Schedule do', () => {
    expect(PLAY_HOVER_TEXT).toBe(
      'Will create a new instance of the activity that you can access immediately. Does not affect any currently live or scheduled instances',
    );
    expect(SCHEDULE_HOVER_TEXT).toMatch(
      /^Will schedule a new instance .* Does not affect any currently live or scheduled instances$/,
    );
  });

  it('"Edit" opens /builder/{id}', async () => {
    const row = activityRow({ name: N, status: 'editing' });
    await storeActivities(db, [row]);
    const { router } = render();
    fireEvent.click(await screen.findByRole('link', { name: EDIT }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/builder/${row.id}`));
  });

  it('the demo opens the launch dialog in demo mode, opened from My Activities', async () => {
    const row = activityRow({ name: N, status: 'ready' });
    await storeActivities(db, [row]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: DEMO }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch dialog: demo' });
    expect(dialog.dataset.templateId).toBe(row.id);
    expect(dialog.dataset.templateName).toBe(N);
    expect(dialog.dataset.openedFrom).toBe('activities');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Play" opens the launch dialog in launch mode', async () => {
    const row = activityRow({ name: N, status: 'published' });
    await storeActivities(db, [row]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: PLAY }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch dialog: launch' });
    expect(dialog.dataset.templateId).toBe(row.id);
  });

  it('"Schedule" opens the schedule dialog with the row', async () => {
    const row = activityRow({ name: N, status: 'ready' });
    await storeActivities(db, [row]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: SCHEDULE }));
    expect(
      (await screen.findByRole('dialog', { name: 'Schedule dialog' })).dataset.templateId,
    ).toBe(row.id);
  });

  it('"Info" opens the join info dialog with the row\'s gameStatusUrl', async () => {
    await storeActivities(db, [activityRow({ name: N, status: 'live', ...URLS })]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: INFO }));
    const dialog = await screen.findByRole('dialog', { name: 'Join info dialog' });
    expect(dialog.dataset.activityName).toBe(N);
    expect(dialog.dataset.gameStatusUrl).toBe(URLS.gameStatusUrl);
  });

  it('offline, the demo, Play and Schedule say they need the internet instead of opening', async () => {
    setBrowserOnline(false);
    await storeActivities(db, [activityRow({ name: N, status: 'ready' })]);
    render();
    await screen.findByText(N);
    expect(screen.getByTestId('offline-actions').textContent).toBe(OFFLINE_ACTION_TEXT);
    for (const name of [DEMO, PLAY, SCHEDULE]) {
      const control = screen.getByRole('button', { name });
      expect(control.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.mouseEnter(screen.getByRole('button', { name: PLAY }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(OFFLINE_ACTION_TEXT);
    // Edit and Copy work on this device.
    expect(screen.getByRole('link', { name: EDIT }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('SPEC §4: a code from the game-status poll marks the list for refresh and highlights the row', () => {
  const rows = () => [
    activityRow({ name: 'First quiz', status: 'ready' }),
    activityRow({ name: 'Second quiz', status: 'ready' }),
  ];

  it('asks the sync worker to pull now and highlights that row, which stays highlighted after a reload', async () => {
    const [first, second] = rows();
    await storeActivities(db, [first!, second!]);
    render();
    await screen.findByText('Second quiz');
    expect(screen.getAllByTestId('activity-row').some((r) => r.dataset.highlighted)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Play Second quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'The poll returns a code' }));
    await waitFor(() => expect(rowOf('Second quiz').dataset.highlighted).toBe('true'));
    expect(rowOf('First quiz').dataset.highlighted).toBeUndefined();
    expect(sync.syncNowCalls).toBe(1);
    expect(within(rowOf('Second quiz')).getByTestId('highlight-badge').textContent).toContain(
      'most recently launched',
    );

    // The most recently launched row wins.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play a demo of First quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'The poll returns a code' }));
    await waitFor(() => expect(rowOf('First quiz').dataset.highlighted).toBe('true'));
    expect(rowOf('Second quiz').dataset.highlighted).toBeUndefined();

    cleanup();
    render();
    await screen.findByText('First quiz');
    await waitFor(() => expect(rowOf('First quiz').dataset.highlighted).toBe('true'));
  });

  it('a scheduled instance does the same', async () => {
    const [first, second] = rows();
    await storeActivities(db, [first!, second!]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule First quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Published' }));
    await waitFor(() => expect(rowOf('First quiz').dataset.highlighted).toBe('true'));
    expect(sync.syncNowCalls).toBe(1);
  });
});

describe('SPEC §4 "Copy"', () => {
  it('copies the template on this device and opens /builder/{newId}', async () => {
    const row: ActivityRow = activityRow({ name: 'Quarterly quiz', status: 'live' });
    await createTemplateRepository(db).create(OWNER, templateContent(row.name), row.id);
    await storeActivities(db, [row]);
    const { router } = render();
    fireEvent.click(await screen.findByRole('button', { name: `Create a copy of ${row.name}` }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/builder\//));
    const newId = router.state.location.pathname.split('/')[2]!;
    expect(newId).not.toBe(row.id);
    const copy = await db.templates.findOne(newId).exec();
    expect(copy?.content.name).toBe(`Copy of ${row.name}`);
    expect(copy?.owner).toBe(OWNER);
  });

  it('logs a failure (the template is not on this device) and resets the row', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const row = activityRow({ name: 'Elsewhere', status: 'ready' });
    await storeActivities(db, [row]);
    const { router } = render();
    const copyButton = await screen.findByRole('button', { name: 'Create a copy of Elsewhere' });
    await act(async () => fireEvent.click(copyButton));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“Elsewhere” could not be copied',
    );
    expect(logged).toHaveBeenCalledWith(
      'Copying the template "Elsewhere" failed',
      expect.any(Error),
    );
    expect(router.state.location.pathname).toBe('/activities');
    expect(copyButton.hasAttribute('data-loading')).toBe(false);
    expect((copyButton as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('an activity kept from edits made after it was deleted elsewhere is marked "Restored"', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const restored = (name: string, daysAgo: number) =>
    activityRow({
      name,
      restoredFrom: '22222222-2222-4222-8222-222222222222',
      restoredAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    });

  it('a row restored within the last 7 days has a quiet "Restored" badge beside its name, focusable, named, with the explanation as its tooltip', async () => {
    await storeActivities(db, [restored('Quiz night', 2)]);
    render();
    await screen.findByText('Quiz night');
    const nameCell = within(rowOf('Quiz night')).getAllByRole('cell')[1]!;
    const badge = within(nameCell).getByRole('img', {
      name: `${RESTORED_BADGE}: ${RESTORED_HINT}`,
    });
    expect(badge.textContent).toBe(RESTORED_BADGE);
    expect(badge.getAttribute('tabindex')).toBe('0');
    expect(badge.getAttribute('data-variant')).toBe('light');
    expect(badge.getAttribute('data-size')).toBe('xs');
    act(() => badge.focus());
    expect(document.activeElement).toBe(badge);
    expect((await screen.findByRole('tooltip')).textContent).toBe(RESTORED_HINT);
  });

  it('a row restored more than 7 days ago, or never restored, has no badge', async () => {
    await storeActivities(db, [
      restored('Old restore', 8),
      activityRow({ name: 'Friday quiz' }),
      // A restore time without the id it came from is not a restore.
      activityRow({ name: 'Half a mark', restoredAt: new Date().toISOString() }),
    ]);
    render();
    await screen.findByText('Old restore');
    expect(screen.queryAllByTestId('restored-badge')).toEqual([]);
    expect(screen.queryByText(RESTORED_BADGE)).toBeNull();
  });
});
