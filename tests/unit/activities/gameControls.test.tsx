// @vitest-environment happy-dom
/**
 * My Activities' game controls and recent demos, through the screen. A row whose
 * current instance is running or paused has a "Game controls" menu: Pause / Resume, Extend by
 * 15 min, 30 min or 1 h, Announce, and End now after a confirmation; each calls the game control
 * API with the organiser's sign-in, shows the result at once and asks the sync worker to pull;
 * refusals show beside the controls or in the dialog. Offline, the controls say they need the
 * internet. Under the table, the demo runs of the last 24 hours link to their live screens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '../../../src/auth/session';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import type { DemoRun } from '../../../src/domain/demoRuns';
import type { GameControl } from '../../../src/domain/games';
import { ANNOUNCEMENT_MAX_LENGTH } from '../../../src/domain/games';
import type { ActivityRow } from '../../../src/domain/schemas';
import { MyActivitiesPage } from '../../../src/features/activities/MyActivitiesPage';
import { GAME_CONTROLS_TEXTS } from '../../../src/features/activities/GameControlsMenu';
import { ANNOUNCE_TEXTS } from '../../../src/ui/AnnounceModal';
import { RECENT_DEMOS_TEXTS } from '../../../src/features/activities/RecentDemos';
import {
  activityRow,
  fakeSync,
  openTestDatabase,
  renderScreen,
  storeActivities,
  type FakeSync,
} from '../library/harness';

vi.mock('../../../src/auth/session', () => ({
  useSession: vi.fn(),
  useApiCredentials: () => ({ token: 'organiser-token', anonId: null }),
}));
vi.mock('../../../src/features/publishing/LaunchDialog', () => import('./fakeDialogs'));
vi.mock('../../../src/features/publishing/ScheduleDialog', () => import('./fakeDialogs'));
vi.mock('../../../src/features/publishing/JoinInfoDialog', () => import('./fakeDialogs'));

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea (Announce) listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

const N = 'Friday quiz';
const MENU = `Game controls of ${N}`;
const ENDS_AT = '2030-05-10T22:59:00.000Z';

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** The server: answers by method and path, and records each call. */
function fakeServer(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://app.test').pathname;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, path, body, authorization: headers.authorization ?? null });
    const route = routes[`${method} ${path}`];
    const [status, answer] = route ? route(body) : [200, path === '/v1/my_demo_games' ? [] : {}];
    return new Response(JSON.stringify(answer), { status });
  });
  return calls;
}

const control = (overrides: Partial<GameControl> = {}): GameControl => ({
  id: 'g1',
  phase: 'open',
  startsAt: '2030-05-10T09:00:00.000Z',
  endsAt: ENDS_AT,
  pausedAt: null,
  ...overrides,
});

const liveRow = (overrides: Partial<ActivityRow> = {}) =>
  activityRow({
    name: N,
    status: 'live',
    plays: 2,
    scoreboardUrl: 'http://127.0.0.1/live/g1/scoreboard?key=k',
    presentationUrl: 'http://127.0.0.1/live/g1/presentation?key=k',
    statisticsUrl: 'http://127.0.0.1/live/g1/statistics?key=k',
    gameStatusUrl: 'http://127.0.0.1/v1/templates/t1/games/g1',
    gameId: 'g1',
    gamePhase: 'open',
    gameEndsAt: ENDS_AT,
    ...overrides,
  });

let db: TeamtrailDatabase;
let sync: FakeSync;
beforeEach(async () => {
  db = await openTestDatabase();
  sync = fakeSync();
  vi.mocked(useSession).mockReturnValue({
    signedIn: true as const,
    user: { id: 'u1', name: 'Olive', email: 'olive@example.com' },
    canScheduleActivity: true,
  });
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

const render = () => renderScreen(<MyActivitiesPage />, { db, path: '/activities', sync });

/**
 * Opens the row's menu and answers its items. Under happy-dom, Mantine's dropdown fades in and
 * does not stay open for long, so each step opens it and acts on its items at once.
 */
async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: MENU }));
  return screen.findAllByRole('menuitem');
}

const menuTexts = async () => (await openMenu()).map((item) => item.textContent);

async function choose(name: string) {
  const item = (await openMenu()).find((candidate) => candidate.textContent === name);
  if (!item) throw new Error(`The menu has no "${name}"`);
  fireEvent.click(item);
}

describe('the game controls menu of a My Activities row', () => {
  it('only rows whose current instance is running or paused have game controls', async () => {
    fakeServer({});
    await storeActivities(db, [
      liveRow(),
      liveRow({ name: 'Scheduled quiz', status: 'scheduled', gamePhase: 'upcoming' }),
      liveRow({ name: 'Ended quiz', status: 'complete', gamePhase: 'ended' }),
      // A row cached before the game fields existed.
      activityRow({ name: 'Old cached row', status: 'live' }),
      activityRow({ name: 'Ready quiz', status: 'ready' }),
    ]);
    render();
    await screen.findByText('Ready quiz');
    expect(screen.getAllByRole('button', { name: /^Game controls of / })).toHaveLength(1);
    expect(screen.getByRole('button', { name: MENU })).toBeTruthy();
    // Beside SPEC §4's row actions, not among them.
    const row = screen.getByRole('button', { name: MENU }).closest('tr')!;
    expect(
      within(within(row).getByTestId('row-actions')).queryByRole('button', { name: MENU }),
    ).toBeNull();
  });

  it('a running game: Pause, Extend by 15 min / 30 min / 1 h, Announce, End now', async () => {
    fakeServer({});
    await storeActivities(db, [liveRow()]);
    render();
    expect(await menuTexts()).toEqual([
      'Pause',
      'Extend by 15 min',
      'Extend by 30 min',
      'Extend by 1 h',
      'Announce…',
      'End now…',
    ]);
    expect(screen.getByTestId('game-controls-status').textContent).toMatch(/^Running · ends /);
  });

  it('a paused game: Resume instead of Pause, and the row says Paused beside Live', async () => {
    fakeServer({});
    await storeActivities(db, [liveRow({ gamePhase: 'paused' })]);
    render();
    const items = await menuTexts();
    expect(items[0]).toBe('Resume');
    expect(items).not.toContain('Pause');
    const row = screen.getByRole('button', { name: MENU }).closest('tr')!;
    expect(within(row).getByTestId('status').textContent).toBe('Live');
    expect(within(row).getByTestId('game-paused').textContent).toBe('Paused');
  });

  it('Pause calls the server with the sign-in, shows the game paused at once and pulls the list', async () => {
    const calls = fakeServer({
      'POST /v1/games/g1/pause': () => [200, control({ phase: 'paused', pausedAt: ENDS_AT })],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('Pause');
    expect(await screen.findByTestId('game-paused')).toBeTruthy();
    const pause = calls.find((c) => c.path === '/v1/games/g1/pause')!;
    expect(pause).toMatchObject({ method: 'POST', authorization: 'Bearer organiser-token' });
    expect(sync.syncNowCalls).toBe(1);
  });

  it('Resume calls the server and the game runs again', async () => {
    const calls = fakeServer({ 'POST /v1/games/g1/resume': () => [200, control()] });
    await storeActivities(db, [liveRow({ gamePhase: 'paused' })]);
    render();
    await choose('Resume');
    await waitFor(() => expect(screen.queryByTestId('game-paused')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/games/g1/resume')).toBe(true);
  });

  it('Extend adds the time to the end the server has now, not to the row’s older copy', async () => {
    // The statistics screen moved the end since the list was pulled.
    const serverEnd = '2030-05-10T23:29:00.000Z';
    const calls = fakeServer({
      'GET /v1/templates/t1/games/g1': () => [
        200,
        { code: 'ABCD2345', templateId: 't1', startsAt: null, endsAt: serverEnd },
      ],
      'PATCH /v1/games/g1': (body) => [
        200,
        control({ endsAt: (body as { endsAt: string }).endsAt }),
      ],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('Extend by 15 min');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ endsAt: '2030-05-10T23:44:00.000Z' });
    expect(patch.authorization).toBe('Bearer organiser-token');
    await waitFor(() => expect(sync.syncNowCalls).toBe(1));
  });

  it('a refusal shows its message beside the controls, not swallowed', async () => {
    const message =
      'You are on the FREE subscription: an activity is valid for the current day. Please Contact Us to upgrade.';
    fakeServer({
      'GET /v1/templates/t1/games/g1': () => [200, { endsAt: ENDS_AT }],
      'PATCH /v1/games/g1': () => [403, { errorMessage: message }],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('Extend by 1 h');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(sync.syncNowCalls).toBe(0);
  });

  it('End now asks first, says what happens, and "Keep playing" changes nothing', async () => {
    const calls = fakeServer({});
    await storeActivities(db, [liveRow()]);
    render();
    await choose('End now…');
    const dialog = await screen.findByRole('dialog', { name: GAME_CONTROLS_TEXTS.confirmTitle });
    expect(dialog.textContent).toContain('Teams can no longer answer');
    expect(dialog.textContent).toContain('The results stay');
    expect(dialog.textContent).toContain(N);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/end'))).toBe(false);
  });

  it('End now, confirmed, ends the game: the controls go and the list is pulled', async () => {
    const calls = fakeServer({
      'POST /v1/games/g1/end': () => [200, control({ phase: 'ended' })],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('End now…');
    const dialog = await screen.findByRole('dialog', { name: GAME_CONTROLS_TEXTS.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: MENU })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/games/g1/end')).toHaveLength(
      1,
    );
    expect(sync.syncNowCalls).toBe(1);
  });

  it('a refused End now shows the message in the dialog, which stays open', async () => {
    fakeServer({
      'POST /v1/games/g1/end': () => [404, { errorMessage: 'There is no such game.' }],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('End now…');
    const dialog = await screen.findByRole('dialog', { name: GAME_CONTROLS_TEXTS.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is no such game.');
    expect(screen.getByRole('dialog', { name: GAME_CONTROLS_TEXTS.confirmTitle })).toBeTruthy();
  });

  it('Announce sends the message to every phone, with the live screen’s limits', async () => {
    const calls = fakeServer({
      'POST /v1/games/g1/announcements': (body) => [
        201,
        { id: 'a1', text: (body as { text: string }).text, createdAt: ENDS_AT },
      ],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('Announce…');
    const dialog = await screen.findByRole('dialog', { name: ANNOUNCE_TEXTS.title });
    const field = within(dialog).getByLabelText(/^Message/);
    expect(field.getAttribute('maxlength')).toBe(String(ANNOUNCEMENT_MAX_LENGTH));
    const send = within(dialog).getByRole('button', { name: ANNOUNCE_TEXTS.send });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'Lunch in 10 minutes' } });
    expect(within(dialog).getByText(`19 / ${ANNOUNCEMENT_MAX_LENGTH}`)).toBeTruthy();
    fireEvent.click(send);
    await waitFor(() =>
      expect(screen.getByTestId('game-controls-notice').textContent).toBe(GAME_CONTROLS_TEXTS.sent),
    );
    const post = calls.find((c) => c.path === '/v1/games/g1/announcements')!;
    expect(post).toMatchObject({
      method: 'POST',
      body: { text: 'Lunch in 10 minutes' },
      authorization: 'Bearer organiser-token',
    });
  });

  it('a refused announcement keeps the text and shows the message under the field', async () => {
    fakeServer({
      'POST /v1/games/g1/announcements': () => [
        400,
        { errorMessage: 'The announcement contains a control character.' },
      ],
    });
    await storeActivities(db, [liveRow()]);
    render();
    await choose('Announce…');
    const dialog = await screen.findByRole('dialog', { name: ANNOUNCE_TEXTS.title });
    const field = within(dialog).getByLabelText(/^Message/) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ANNOUNCE_TEXTS.send }));
    expect(
      await within(dialog).findByText('The announcement contains a control character.'),
    ).toBeTruthy();
    expect(field.value).toBe('Hello');
  });

  it('offline, the controls say they need the internet instead of opening', async () => {
    const calls = fakeServer({});
    setBrowserOnline(false);
    await storeActivities(db, [liveRow()]);
    render();
    const button = await screen.findByRole('button', { name: MENU });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.mouseEnter(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(GAME_CONTROLS_TEXTS.offline);
    expect(calls.filter((c) => c.path.startsWith('/v1/games/'))).toEqual([]);
  });
});

describe('recent demos under My Activities', () => {
  const run = (overrides: Partial<DemoRun> = {}): DemoRun => ({
    gameId: 'd1',
    templateId: 't1',
    name: 'Demo quiz',
    startsAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    endsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    phase: 'open',
    teams: 2,
    scoreboardUrl: 'http://127.0.0.1/live/d1/scoreboard?key=k',
    presentationUrl: 'http://127.0.0.1/live/d1/presentation?key=k',
    statisticsUrl: 'http://127.0.0.1/live/d1/statistics?key=k',
    ...overrides,
  });

  it('lists the demo runs of the last 24 hours with their teams and live screens in a new tab', async () => {
    const calls = fakeServer({
      'GET /v1/my_demo_games': () => [
        200,
        [run(), run({ gameId: 'd2', name: 'Older demo', teams: 0, phase: 'ended' })],
      ],
    });
    await storeActivities(db, [activityRow({ name: N })]);
    render();
    const section = await screen.findByRole('region', { name: RECENT_DEMOS_TEXTS.heading });
    const rows = within(section).getAllByTestId('demo-run');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Demo quiz',
      'Older demo',
    ]);
    const first = within(rows[0]!).getAllByRole('cell');
    expect(first[1]!.textContent).toMatch(/ today$/);
    expect(first[2]!.textContent).toBe('2');
    expect(first[3]!.textContent).toBe('Running');
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('Ended');
    const statistics = within(rows[0]!).getByRole('link', { name: /^Statistics of the Demo quiz/ });
    expect(statistics.getAttribute('href')).toBe(run().statisticsUrl);
    expect(statistics.getAttribute('target')).toBe('_blank');
    expect(statistics.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /^Scoreboard of the Demo quiz/ })
        .getAttribute('href'),
    ).toBe(run().scoreboardUrl);
    expect(calls.find((c) => c.path === '/v1/my_demo_games')!.authorization).toBe(
      'Bearer organiser-token',
    );
  });

  it('is hidden when there are none', async () => {
    const calls = fakeServer({});
    await storeActivities(db, [activityRow({ name: N })]);
    render();
    await screen.findByText(N);
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/my_demo_games')).toBe(true));
    expect(screen.queryByRole('region', { name: RECENT_DEMOS_TEXTS.heading })).toBeNull();
    expect(screen.queryByText(RECENT_DEMOS_TEXTS.heading)).toBeNull();
  });

  it('is not asked for by guests', async () => {
    const calls = fakeServer({});
    vi.mocked(useSession).mockReturnValue({
      signedIn: false as const,
      user: null,
      canScheduleActivity: false as const,
    });
    await storeActivities(db, [activityRow({ name: N })]);
    render();
    await screen.findByText(N);
    expect(calls).toEqual([]);
  });
});
