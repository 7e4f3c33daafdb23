// @vitest-environment happy-dom
/**
 * SPEC §2.9 launch/demo dialog ("Create (Demo) Activity") with the stages of SPEC §4 — 0 create
 * the game (gameStatusUrl), 1 poll every 5 s until the status has a code, 2 show the QR code and
 * code — and the errors of SPEC §8 "Launch/demo dialog".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import {
  LaunchDialog,
  type LaunchDialogProps,
} from '../../../src/features/publishing/LaunchDialog';
import { createDemoGame, fetchGameStatus, launchGame } from '../../../src/api/games';
import { controlOwnGame } from '../../../src/api/gameControl';
import { OFFLINE_MESSAGE } from '../../../src/api/client';
import { useSession } from '../../../src/auth/session';
import { BOOKING_LINK } from '../../../src/ui/marketingLinks';
import { MESSAGES } from '../../../src/domain/messages';
import { launchBlock, PLAN_MESSAGES } from '../../../src/domain/plans';
import { PRICING_LINK } from '../../../src/ui/marketingLinks';
import { UNREADABLE_MESSAGE } from '../../../src/api/client';
import type { ActivityRow } from '../../../src/domain/schemas';
import { POLL_INTERVAL_MS } from '../../../src/domain/constants';
import {
  CREDENTIALS,
  GUEST,
  SIGNED_IN,
  STATUS_URL,
  fail,
  gameStatus,
  ok,
  renderAt,
} from './render';

vi.mock('../../../src/auth/session', async () => {
  const { CREDENTIALS } = await import('./render');
  return { useSession: vi.fn(), useApiCredentials: () => CREDENTIALS };
});
vi.mock('../../../src/api/games', () => ({
  createDemoGame: vi.fn(),
  launchGame: vi.fn(),
  scheduleGame: vi.fn(),
  fetchGameStatus: vi.fn(),
}));
vi.mock('../../../src/api/gameControl', () => ({ controlOwnGame: vi.fn() }));
vi.mock('../../../src/api/joinAddress', async () => {
  const { fail } = await import('./render');
  // The join address warning has tests of its own (joinAddress.test.tsx); here it stays away.
  return { fetchJoinAddress: vi.fn(async () => fail(404)) };
});

const READY = gameStatus({
  code: 'ABCD2345',
  qrCodeUrl: '/v1/qr/ABCD2345.png',
  publishedAt: '2030-01-01T10:00:00.000Z',
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.mocked(useSession).mockReturnValue(SIGNED_IN);
  vi.mocked(createDemoGame).mockResolvedValue(ok({ gameStatusUrl: STATUS_URL }));
  vi.mocked(launchGame).mockResolvedValue(ok({ gameStatusUrl: STATUS_URL }));
  vi.mocked(fetchGameStatus).mockResolvedValue(ok(READY));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

function open(props: Partial<LaunchDialogProps> = {}, path = '/activities') {
  return renderAt(
    path,
    <LaunchDialog
      opened
      onClose={props.onClose ?? (() => {})}
      mode="demo"
      templateId="t1"
      templateName="Sales kick-off"
      openedFrom="activities"
      {...props}
    />,
  );
}

const alertText = async () => (await screen.findByRole('alert')).textContent ?? '';

describe('SPEC §2.9 launch/demo dialog, demo mode', () => {
  it('is titled "Create (Demo) Activity"; stage 0 creates the demo game', async () => {
    open();
    expect(await screen.findByText('Create (Demo) Activity')).toBeTruthy();
    await screen.findByTestId('activity-code');
    expect(createDemoGame).toHaveBeenCalledTimes(1);
    expect(createDemoGame).toHaveBeenCalledWith('t1', CREDENTIALS);
    expect(launchGame).not.toHaveBeenCalled();
  });

  it('stage 1 polls the gameStatusUrl every 5 s until the status has a code', async () => {
    vi.mocked(fetchGameStatus)
      .mockResolvedValueOnce(ok(gameStatus()))
      .mockResolvedValueOnce(ok(gameStatus()))
      .mockResolvedValue(ok(READY));
    const onCode = vi.fn();
    open({ onCode });
    expect(
      await screen.findByText('Nearly there - just adding the finishing touches.'),
    ).toBeTruthy();
    expect(fetchGameStatus).toHaveBeenCalledTimes(1);
    expect(fetchGameStatus).toHaveBeenCalledWith(STATUS_URL, CREDENTIALS);

    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS - 100));
    expect(fetchGameStatus).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(100));
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('activity-code')).toBeNull();
    expect(onCode).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(fetchGameStatus).toHaveBeenCalledTimes(3);
    await screen.findByTestId('activity-code');
    expect(onCode).toHaveBeenCalledWith('t1');

    // Stage 2 stops polling.
    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS * 3));
    expect(fetchGameStatus).toHaveBeenCalledTimes(3);
  });

  it('stage 2 shows the QR code and code, and the code is "valid for 10 minutes" whilst in demo mode', async () => {
    open();
    const block = await screen.findByTestId('activity-code');
    expect(screen.getByTestId('activity-code-value').textContent).toBe('ABCD 2345');
    expect(block.querySelector('img')?.getAttribute('src')).toBe('/v1/qr/ABCD2345.png');
    expect(block.textContent).toContain('valid for 10 minutes whilst in demo mode');
    expect(screen.getByTestId('mobile-app-panel')).toBeTruthy();
  });

  it("offers the demo's live screens (Statistics, Scoreboard, Presentation) in a new tab, kept for a day", async () => {
    const screens = (name: string) => `http://localhost/live/g1/${name}?key=k1`;
    vi.mocked(fetchGameStatus).mockResolvedValue(
      ok({
        ...READY,
        statisticsUrl: screens('statistics'),
        scoreboardUrl: screens('scoreboard'),
        presentationUrl: screens('presentation'),
      }),
    );
    open();
    const results = await screen.findByTestId('demo-results');
    const links = Array.from(results.querySelectorAll('a'));
    expect(links.map((link) => link.textContent)).toEqual([
      'Statistics',
      'Scoreboard',
      'Presentation',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(screens(link.textContent!.toLowerCase()));
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(results.textContent).toContain("The demo's results stay available for a day.");
  });

  it('a launch, or a status without live screens, shows no demo results', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValue(
      ok({ ...READY, statisticsUrl: 'http://localhost/live/g1/statistics?key=k1' }),
    );
    open({ mode: 'launch' });
    await screen.findByTestId('activity-code');
    expect(screen.queryByTestId('demo-results')).toBeNull();
    cleanup();
    vi.mocked(fetchGameStatus).mockResolvedValue(ok(READY));
    open();
    await screen.findByTestId('activity-code');
    expect(screen.queryByTestId('demo-results')).toBeNull();
  });

  it('after a demo inside My Activities it offers "Close"', async () => {
    const onClose = vi.fn();
    open({ openedFrom: 'activities', onClose });
    await screen.findByTestId('activity-code');
    expect(screen.queryByRole('button', { name: 'Go to My Activities' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('after a demo elsewhere it offers "Go to My Activities" (/activities)', async () => {
    const onClose = vi.fn();
    const { router } = open({ openedFrom: 'builder', onClose }, '/builder/t1');
    await screen.findByTestId('activity-code');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Go to My Activities' })),
    );
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/activities');
  });
});

describe('SPEC §2.9 launch/demo dialog, launch mode', () => {
  it('launches, then says "Your Activity is now live for the rest of the day" with the PRO upsell', async () => {
    open({ mode: 'launch' });
    expect(await screen.findByText('Launch Activity')).toBeTruthy();
    expect(
      await screen.findByText('Your Activity is now live for the rest of the day'),
    ).toBeTruthy();
    expect(launchGame).toHaveBeenCalledWith('t1', CREDENTIALS);
    expect(createDemoGame).not.toHaveBeenCalled();
    const upsell = screen.getByText(/PRO subscription/).textContent ?? '';
    expect(upsell).toMatch(/future date/);
    expect(upsell).toMatch(/several days/);
    expect(upsell).toMatch(/unlimited downloads/);
    expect(screen.getByTestId('activity-code')).toBeTruthy();
    expect(screen.queryByText(/valid for 10 minutes/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('SPEC §8 launch/demo dialog errors', () => {
  it('403: the FREE-subscription message with a "Contact Us" button', async () => {
    vi.mocked(launchGame).mockResolvedValue(fail(403, MESSAGES.launch.freeLiveLimit));
    open({ mode: 'launch' });
    const text = await alertText();
    expect(text).toContain(MESSAGES.launch.freeLiveLimit);
    expect(text).toContain('only able to have one live activity running at any one time');
    expect(text).toContain('Contact Us to upgrade to the PRO subscription');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      BOOKING_LINK.href,
    );
    expect(fetchGameStatus).not.toHaveBeenCalled();
  });

  it("a plan refusal (403) names the real reason in the server's words: one launch a day", async () => {
    vi.mocked(launchGame).mockResolvedValue(fail(403, PLAN_MESSAGES.dailyLaunchLimit));
    open({ mode: 'launch' });
    const text = await alertText();
    expect(text).toContain(PLAN_MESSAGES.dailyLaunchLimit);
    expect(text).not.toContain('one live activity');
  });

  it("a plan refusal (403) without a readable reason falls back to SPEC's FREE message", async () => {
    vi.mocked(launchGame).mockResolvedValue(fail(403, UNREADABLE_MESSAGE));
    open({ mode: 'launch' });
    expect(await alertText()).toContain(MESSAGES.launch.freeLiveLimit);
  });

  it('a plan refusal (403) offers no "Try again?", but "Close", "Contact Us" and "View plans"', async () => {
    vi.mocked(launchGame).mockResolvedValue(fail(403, MESSAGES.launch.freeLiveLimit));
    const onClose = vi.fn();
    open({ mode: 'launch', onClose });
    await alertText();
    expect(screen.queryByRole('button', { name: 'Try again?' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe(
      PRICING_LINK.href,
    );
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('422: "The activity contains one or more incomplete tasks"', async () => {
    vi.mocked(createDemoGame).mockResolvedValue(fail(422));
    open();
    expect(await alertText()).toContain('The activity contains one or more incomplete tasks');
    expect(screen.queryByRole('link', { name: 'Contact Us' })).toBeNull();
  });

  it('other: "Unable to create activity at this time. Please try again later."', async () => {
    vi.mocked(createDemoGame).mockResolvedValue(fail(500));
    open();
    expect(await alertText()).toContain(
      'Unable to create activity at this time. Please try again later.',
    );
  });

  it('poll failure: "Unable to fetch activity status. Please try again later."', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValue(fail(500));
    open();
    expect(await alertText()).toContain('Unable to fetch activity status. Please try again later.');
  });

  it('offline: says the device is offline and that this needs the internet', async () => {
    vi.mocked(createDemoGame).mockResolvedValue(fail(null, OFFLINE_MESSAGE));
    open();
    const text = await alertText();
    expect(text).toContain('You are offline');
    expect(text).toContain('this needs the internet');
    expect(text).not.toContain('Unable to create activity');
  });

  it('every error state offers "Try again?" and "Close"; "Try again?" creates again', async () => {
    vi.mocked(createDemoGame).mockResolvedValueOnce(fail(500));
    const onClose = vi.fn();
    open({ onClose });
    await alertText();
    fireEvent.click(screen.getByRole('button', { name: 'Try again?' }));
    await screen.findByTestId('activity-code');
    expect(createDemoGame).toHaveBeenCalledTimes(2);
  });

  it('"Try again?" after a poll failure polls the same game again, without creating another', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValueOnce(fail(502)).mockResolvedValue(ok(READY));
    const onClose = vi.fn();
    open({ mode: 'launch', onClose });
    await alertText();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again?' }));
    await screen.findByTestId('activity-code');
    expect(launchGame).toHaveBeenCalledTimes(1);
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
  });
});

describe('SPEC §1, §6 guests are asked to create an account first', () => {
  it('demo: "This action requires a registered account to continue." and no call', async () => {
    vi.mocked(useSession).mockReturnValue(GUEST);
    open({}, '/builder/t1');
    expect(
      await screen.findByText('This action requires a registered account to continue.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in / Sign up' }).getAttribute('href')).toBe(
      '/sign-in?from=%2Fbuilder%2Ft1',
    );
    expect(createDemoGame).not.toHaveBeenCalled();
  });

  it('launch: "Launching an activity requires a registered account" and no call', async () => {
    vi.mocked(useSession).mockReturnValue(GUEST);
    open({ mode: 'launch' });
    expect(
      await screen.findByText('Launching an activity requires a registered account'),
    ).toBeTruthy();
    expect(launchGame).not.toHaveBeenCalled();
  });
});

describe('one opening, one game', () => {
  it("React's development double mount creates the game once", async () => {
    renderAt(
      '/activities',
      <StrictMode>
        <LaunchDialog
          opened
          onClose={() => {}}
          mode="launch"
          templateId="t1"
          templateName="Sales kick-off"
          openedFrom="activities"
        />
      </StrictMode>,
    );
    await screen.findByTestId('activity-code');
    expect(launchGame).toHaveBeenCalledTimes(1);
  });

  it('closing stops the polling', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValue(ok(gameStatus()));
    function Harness() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened(false)}>
            Parent closes
          </button>
          <LaunchDialog
            opened={opened}
            onClose={() => setOpened(false)}
            mode="demo"
            templateId="t1"
            templateName="Sales kick-off"
            openedFrom="activities"
          />
        </>
      );
    }
    renderAt('/activities', <Harness />);
    await screen.findByText('Nearly there - just adding the finishing touches.');
    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Parent closes', hidden: true }));
    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS * 4));
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
  });
});

describe('the dialog is closed', () => {
  it('makes no call until it opens', () => {
    renderAt(
      '/activities',
      <LaunchDialog
        opened={false}
        onClose={() => {}}
        mode="launch"
        templateId="t1"
        templateName="Sales kick-off"
        openedFrom="activities"
      />,
    );
    expect(launchGame).not.toHaveBeenCalled();
  });
});

describe('SPEC §6 FREE: only one live activity at a time, told before the launch', () => {
  const LIVE = {
    id: 't9',
    name: 'Morning quiz',
    gameType: 'quiz',
    stepsCount: 2,
    runTime: '30 mins',
    runTimeMin: 30,
    plays: 0,
    status: 'live',
    scoreboardUrl: null,
    presentationUrl: null,
    statisticsUrl: null,
    gameId: 'g9',
    gamePhase: 'open',
    gameEndsAt: new Date(2099, 0, 1).toISOString(),
    // Launched on an earlier day (under PRO, before a downgrade): today's launch is left.
    lastLaunchedAt: new Date(2020, 0, 1).toISOString(),
  } as ActivityRow;
  /** The block My Activities finds for these rows (src/domain/plans.ts launchBlock). */
  const blockOf = (...rows: ActivityRow[]) => launchBlock('FREE', rows, new Date());

  it('1 live activity: names it ("end X first") and creates nothing', async () => {
    open({ mode: 'launch', launchBlock: blockOf(LIVE) });
    const notice = await screen.findByTestId('live-limit');
    expect(notice.textContent).toContain('1 live activity: end Morning quiz first');
    expect(notice.textContent).toContain(MESSAGES.launch.freeLiveLimit);
    expect(screen.queryByRole('button', { name: 'Try again?' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View plans' })).toBeTruthy();
    expect(launchGame).not.toHaveBeenCalled();
  });

  it('1 live activity that ends on a later day (launched under PRO): "End X…" ends it after the confirmation, then Play goes ahead', async () => {
    vi.mocked(controlOwnGame).mockResolvedValue(ok({ gameId: 'g9', phase: 'ended' } as never));
    const onGameEnded = vi.fn();
    open({ mode: 'launch', launchBlock: blockOf(LIVE), onGameEnded });
    fireEvent.click(await screen.findByRole('button', { name: 'End Morning quiz…' }));
    expect(screen.getByText('End the game now?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End now' }));
    await screen.findByText('Morning quiz has ended. You can go ahead now.');
    expect(controlOwnGame).toHaveBeenCalledWith('g9', 'end', CREDENTIALS);
    expect(onGameEnded).toHaveBeenCalledWith(LIVE, { gameId: 'g9', phase: 'ended' });
    expect(launchGame).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play Sales kick-off' }));
    expect(
      await screen.findByText('Your Activity is now live for the rest of the day'),
    ).toBeTruthy();
    expect(launchGame).toHaveBeenCalledTimes(1);
  });

  it('1 live activity launched today: no "End X…", which could not free a launch before tomorrow; the plans instead', async () => {
    const endsTonight = new Date();
    endsTonight.setHours(23, 59, 0, 0);
    const launchedToday = {
      ...LIVE,
      gameEndsAt: endsTonight.toISOString(),
      lastLaunchedAt: new Date().toISOString(),
    };
    open({ mode: 'launch', launchBlock: blockOf(launchedToday) });
    const notice = await screen.findByTestId('live-limit');
    expect(notice.textContent).toContain('1 live activity: Morning quiz is live today');
    expect(notice.textContent).toContain(MESSAGES.launch.freeLiveLimit);
    expect(notice.textContent).toContain('ending it would not free another before tomorrow');
    expect(screen.queryByRole('button', { name: 'End Morning quiz…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again?' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View plans' })).toBeTruthy();
    expect(launchGame).not.toHaveBeenCalled();
  });

  it('a live row cached before launch times were sent, ending tonight, counts as launched today', async () => {
    const endsTonight = new Date();
    endsTonight.setHours(23, 59, 0, 0);
    const { lastLaunchedAt: _unknown, ...cached } = {
      ...LIVE,
      gameEndsAt: endsTonight.toISOString(),
    };
    open({ mode: 'launch', launchBlock: blockOf(cached as ActivityRow) });
    const notice = await screen.findByTestId('live-limit');
    expect(notice.textContent).toContain('1 live activity: Morning quiz is live today');
    expect(screen.queryByRole('button', { name: 'End Morning quiz…' })).toBeNull();
  });

  it('1 live activity: a demo is a test and is never held up', async () => {
    open({ mode: 'demo', launchBlock: blockOf(LIVE) });
    await screen.findByTestId('activity-code');
    expect(screen.queryByTestId('live-limit')).toBeNull();
  });
});

describe('SPEC §6 FREE: one launch a day, told before the launch', () => {
  const USED = {
    id: 't8',
    name: 'Morning quiz',
    gameType: 'quiz',
    stepsCount: 2,
    runTime: '30 mins',
    runTimeMin: 30,
    plays: 0,
    // Launched this morning and ended since: no longer live, but today's launch is used.
    status: 'published',
    scoreboardUrl: null,
    presentationUrl: null,
    statisticsUrl: null,
    lastLaunchedAt: new Date().toISOString(),
  } as ActivityRow;
  const daily = () => launchBlock('FREE', [USED], new Date());

  it('the daily limit: "used today by X" with the server\'s own words, "Contact Us" and "View plans"; nothing is created', async () => {
    expect(daily()?.violation).toBe('dailyLaunchLimit');
    open({ mode: 'launch', launchBlock: daily() });
    const notice = await screen.findByTestId('daily-limit');
    expect(notice.textContent).toContain('FREE plan: 1 launch a day — used today by Morning quiz');
    expect(notice.textContent).toContain(PLAN_MESSAGES.dailyLaunchLimit);
    expect(notice.textContent).toContain('Launch again tomorrow, or upgrade to PRO.');
    expect(screen.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe(
      PRICING_LINK.href,
    );
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again?' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^End / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play Sales kick-off' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(launchGame).not.toHaveBeenCalled();
  });

  it('the daily limit: "Close" closes', async () => {
    const onClose = vi.fn();
    open({ mode: 'launch', launchBlock: daily(), onClose });
    await screen.findByTestId('daily-limit');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the daily limit holds no demo up: a demo is a test', async () => {
    open({ mode: 'demo', launchBlock: daily() });
    await screen.findByTestId('activity-code');
    expect(screen.queryByTestId('daily-limit')).toBeNull();
  });
});
