// @vitest-environment happy-dom
/**
 * SPEC §2.9 Schedule Activity, §4 Schedule dialog and §5 Schedule rules: instance name → dates
 * and times → create (gameStatusUrl) → poll every 5 s until publishedAt → success; "Cancel"
 * resets everything; the errors of SPEC §8 Schedule.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { ScheduleDialog } from '../../../src/features/publishing/ScheduleDialog';
import { fetchGameStatus, scheduleGame } from '../../../src/api/games';
import { OFFLINE_MESSAGE } from '../../../src/api/client';
import { useSession } from '../../../src/auth/session';
import { BOOKING_LINK, PRICING_LINK } from '../../../src/ui/marketingLinks';
import { launchBlock, PLAN_MESSAGES } from '../../../src/domain/plans';
import { MESSAGES } from '../../../src/domain/messages';
import { POLL_INTERVAL_MS } from '../../../src/domain/constants';
import type { ActivityRow } from '../../../src/domain/schemas';
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

/** "Now" for every test: 10 March 2030, 12:00 local time. */
const NOW = new Date(2030, 2, 10, 12, 0);

const ACTIVITY: ActivityRow = {
  id: 't1',
  name: 'Sales kick-off',
  gameType: 'quiz',
  stepsCount: 20,
  runTime: '60 mins',
  runTimeMin: 60,
  plays: 0,
  status: 'ready',
  scoreboardUrl: null,
  presentationUrl: null,
  statisticsUrl: null,
} as ActivityRow;

const PUBLISHED = gameStatus({
  code: 'QRST2345',
  qrCodeUrl: '/v1/qr/QRST2345.png',
  publishedAt: NOW.toISOString(),
  startsAt: new Date(2030, 2, 11, 9, 0).toISOString(),
  endsAt: new Date(2030, 2, 11, 11, 0).toISOString(),
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  vi.mocked(useSession).mockReturnValue(SIGNED_IN);
  vi.mocked(scheduleGame).mockResolvedValue(ok({ gameStatusUrl: STATUS_URL }));
  vi.mocked(fetchGameStatus).mockResolvedValue(ok(PUBLISHED));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

function Harness({ onScheduled }: { onScheduled?: (id: string) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open again
      </button>
      <ScheduleDialog
        opened={opened}
        onClose={() => setOpened(false)}
        activity={ACTIVITY}
        onScheduled={onScheduled}
      />
    </>
  );
}

const open = (onScheduled?: (id: string) => void) =>
  renderAt('/activities', <Harness onScheduled={onScheduled} />);

const nameInput = () => screen.getByLabelText(/Activity instance name/) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
/** A time's part: "Start time, hours" or "Start time, minutes". */
const timePart = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
/**
 * What a keystroke or a paste sends: an input event with the field's whole text. A time is
 * typed into its hours, then its minutes.
 */
function type(label: string, value: string) {
  if (label.endsWith('time')) {
    const [hours, minutes] = value.split(':');
    fireEvent.input(timePart(`${label}, hours`), { target: { value: hours } });
    fireEvent.input(timePart(`${label}, minutes`), { target: { value: minutes } });
  } else {
    fireEvent.input(field(label), { target: { value } });
  }
}
/**
 * A day of the open calendar (@mantine/dates names each day "D MMMM YYYY"). happy-dom lays
 * nothing out, so the dropdown's positioning keeps it display: none here; the e2e specs see it.
 */
const day = async (name: string) =>
  (await screen.findByRole('button', { name, hidden: true })) as HTMLButtonElement;
const calendarDay = (name: string) => screen.queryByRole('button', { name, hidden: true });

async function toDates(name = 'Spring team') {
  await screen.findByText('Schedule Activity');
  fireEvent.change(nameInput(), { target: { value: name } });
  fireEvent.click(button('Next'));
  // The fields come with @mantine/dates, loaded on demand.
  await screen.findByLabelText(/^Start date/);
}

function fill(dateFrom: string, timeFrom: string, dateTo: string, timeTo: string) {
  type('Start date', dateFrom);
  type('Start time', timeFrom);
  type('End date', dateTo);
  type('End time', timeTo);
}

const scheduleError = () => screen.getByTestId('schedule-error').textContent;

describe('SPEC §2.9 Schedule Activity: the instance name', () => {
  it('says the name is "only displayed in the results section"', async () => {
    open();
    expect(await screen.findByText(/only displayed in the results section/)).toBeTruthy();
  });

  it('"Activity instance name is required" once touched and empty; Next disabled', async () => {
    open();
    await screen.findByText('Schedule Activity');
    expect(button('Next').disabled).toBe(true);
    fireEvent.blur(nameInput());
    expect(await screen.findByText('Activity instance name is required')).toBeTruthy();
  });

  it('"Activity instance must be greater than three characters" under 3; Next enabled at 3', async () => {
    open();
    await screen.findByText('Schedule Activity');
    fireEvent.change(nameInput(), { target: { value: 'ab' } });
    expect(
      screen.getByText('Activity instance must be greater than three characters'),
    ).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    fireEvent.change(nameInput(), { target: { value: 'abc' } });
    expect(
      screen.queryByText('Activity instance must be greater than three characters'),
    ).toBeNull();
    expect(button('Next').disabled).toBe(false);
  });
});

describe('SPEC §5 Schedule: dates and times', () => {
  it('the calendar offers today to today plus 1 year; the days outside cannot be picked', async () => {
    open();
    await toDates();
    fireEvent.click(field('Start date'));
    expect((await day('9 March 2030')).disabled).toBe(true);
    expect((await day('10 March 2030')).disabled).toBe(false);
    // Typing a date inside the window moves the calendar to its month.
    type('End date', '10/03/2031');
    fireEvent.click(field('End date'));
    expect((await day('10 March 2031')).disabled).toBe(false);
    expect((await day('11 March 2031')).disabled).toBe(true);
  });

  it('a day picked in the calendar fills the field as DD/MM/YYYY', async () => {
    open();
    await toDates();
    fireEvent.click(field('Start date'));
    fireEvent.click(await day('12 March 2030'));
    expect(field('Start date').value).toBe('12/03/2030');
    // The picked day is what the rules read: a start on it passes with the rest filled.
    type('Start time', '09:00');
    type('End date', '12/03/2030');
    type('End time', '10:00');
    expect(scheduleError()).toBe('');
    expect(button('Schedule Activity').disabled).toBe(false);
  });

  it('a typed date is kept as typed when it is not a real date, and named invalid', async () => {
    open();
    await toDates();
    fill('31/02/2030', '09:00', '12/03/2030', '10:00');
    expect(scheduleError()).toBe('Activity start date and/or time is invalid');
    fireEvent.blur(field('Start date'));
    expect(field('Start date').value).toBe('31/02/2030');
    expect(button('Schedule Activity').disabled).toBe(true);
  });

  it('a real typed date is rewritten as DD/MM/YYYY when the field is left', async () => {
    open();
    await toDates();
    type('Start date', '2030-03-12');
    fireEvent.blur(field('Start date'));
    expect(field('Start date').value).toBe('12/03/2030');
  });

  it('a time is typed as 24-hour hours and minutes; one part alone is not a time yet', async () => {
    open();
    await toDates();
    fill('12/03/2030', '14:30', '12/03/2030', '16:00');
    expect(timePart('Start time, hours').value).toBe('14');
    expect(timePart('Start time, minutes').value).toBe('30');
    expect(screen.queryByRole('combobox', { name: /Start time/ })).toBeNull(); // no AM/PM
    expect(button('Schedule Activity').disabled).toBe(false);
    // The minutes cleared: the field is no longer filled, so no check runs.
    fireEvent.keyDown(timePart('End time, minutes'), { key: 'Backspace' });
    expect(timePart('End time, minutes').value).toBe('');
    expect(scheduleError()).toBe('');
    expect(button('Schedule Activity').disabled).toBe(true);
  });

  it('Escape closes the open calendar, not the dialog with what was typed', async () => {
    open();
    await toDates();
    type('Start date', '12/03/2030');
    fireEvent.click(field('Start date'));
    await day('12 March 2030');
    fireEvent.keyDown(field('Start date'), { key: 'Escape' });
    await act(async () => vi.advanceTimersByTime(500));
    expect(calendarDay('12 March 2030')).toBeNull();
    expect(field('Start date').value).toBe('12/03/2030');
    fireEvent.keyDown(field('Start date'), { key: 'Escape' });
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.queryByLabelText(/^Start date/)).toBeNull();
  });

  it('no message and "Schedule Activity" disabled until all four fields are filled', async () => {
    open();
    await toDates();
    type('Start date', '2031-09-01'); // past the window: would fail check 1
    type('Start time', '09:00');
    type('End date', '2030-03-11');
    expect(scheduleError()).toBe('');
    expect(button('Schedule Activity').disabled).toBe(true);
  });

  it('the checks run in order, and each shows its message next to the fields (typed dates outside the window included)', async () => {
    open();
    await toDates();
    // 1. start invalid (past the window), although the end is before the start too.
    fill('2031-09-01', '09:00', '2030-03-11', '08:00');
    expect(scheduleError()).toBe('Activity start date and/or time is invalid');
    // 2. end invalid, although the end would also be before the start.
    fill('2030-03-12', '09:00', '2031-09-01', '08:00');
    expect(scheduleError()).toBe('Activity end date and/or time is invalid');
    // 3. start after end, although the start is also in the past.
    fill('2030-03-10', '11:00', '2030-03-10', '10:00');
    expect(scheduleError()).toBe('Activity end date/time cannot be before start date/time');
    // 4. shorter than the 60-minute run time, although the start is also in the past.
    fill('2030-03-10', '09:00', '2030-03-10', '09:30');
    expect(scheduleError()).toBe('Activity end time does not take into account activity run time');
    // 5. start before now.
    fill('2030-03-10', '09:00', '2030-03-10', '13:00');
    expect(scheduleError()).toBe('Activity cannot be scheduled for the past');
    expect(button('Schedule Activity').disabled).toBe(true);
    // All pass.
    fill('2030-03-11', '09:00', '2030-03-11', '10:00');
    expect(scheduleError()).toBe('');
    expect(button('Schedule Activity').disabled).toBe(false);
  });
});

describe('SPEC §4 Schedule dialog: create, poll, success', () => {
  it('sends the name and ISO timestamps built from the local date and time, polls every 5 s until publishedAt, then shows the join details', async () => {
    vi.mocked(fetchGameStatus)
      .mockResolvedValueOnce(ok(gameStatus({ code: 'QRST2345' })))
      .mockResolvedValue(ok(PUBLISHED));
    const onScheduled = vi.fn();
    open(onScheduled);
    await toDates('  Spring team ');
    fill('11/03/2030', '09:00', '11/03/2030', '11:00');
    fireEvent.click(button('Schedule Activity'));

    expect(await screen.findByText('Waiting for your activity to be published…')).toBeTruthy();
    expect(scheduleGame).toHaveBeenCalledWith(
      't1',
      {
        name: 'Spring team',
        startsAt: new Date(2030, 2, 11, 9, 0).toISOString(),
        endsAt: new Date(2030, 2, 11, 11, 0).toISOString(),
      },
      CREDENTIALS,
    );
    expect(fetchGameStatus).toHaveBeenCalledTimes(1);
    expect(onScheduled).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
    expect(
      await screen.findByText(
        'Your activity has been scheduled! Share the following details with participants.',
      ),
    ).toBeTruthy();
    expect(onScheduled).toHaveBeenCalledWith('t1');
    expect(screen.getByTestId('activity-starts').textContent).toBe('11/03/2030 09:00');
    expect(screen.getByTestId('activity-ends').textContent).toBe('11/03/2030 11:00');
    expect(screen.getByTestId('activity-code-value').textContent).toBe('QRST 2345');
    expect(screen.getByTestId('activity-code').querySelector('img')?.getAttribute('src')).toBe(
      '/v1/qr/QRST2345.png',
    );
  });

  it('"Cancel" resets everything', async () => {
    open();
    await toDates();
    fill('2030-03-11', '09:00', '2030-03-11', '11:00');
    fireEvent.click(button('Cancel'));
    fireEvent.click(screen.getByRole('button', { name: 'Open again', hidden: true }));
    await screen.findByLabelText(/Activity instance name/);
    expect(nameInput().value).toBe('');
    expect(screen.queryByLabelText(/^Start date/)).toBeNull();
    fireEvent.change(nameInput(), { target: { value: 'Another' } });
    fireEvent.click(button('Next'));
    expect(((await screen.findByLabelText(/^Start date/)) as HTMLInputElement).value).toBe('');
    expect(scheduleGame).not.toHaveBeenCalled();
  });
});

describe('SPEC §8 Schedule errors', () => {
  async function scheduleWith(reply: Awaited<ReturnType<typeof scheduleGame>>) {
    vi.mocked(scheduleGame).mockResolvedValue(reply);
    open();
    await toDates();
    fill('2030-03-11', '09:00', '2030-03-11', '11:00');
    fireEvent.click(button('Schedule Activity'));
    return (await screen.findByRole('alert', {}, { timeout: 2000 })).textContent ?? '';
  }

  it('422: "The schedule or activity contains incomplete data."', async () => {
    expect(await scheduleWith(fail(422))).toContain(
      'The schedule or activity contains incomplete data.',
    );
  });

  it('other: "Unable to schedule activity at this time. Please try again later."', async () => {
    expect(await scheduleWith(fail(500))).toContain(
      'Unable to schedule activity at this time. Please try again later.',
    );
  });

  it('403: the server\'s own message (PRO for future dates) with "Contact Us"', async () => {
    const pro =
      'Launching an activity on a future date or over several days needs the PRO subscription. Please Contact Us to upgrade.';
    expect(await scheduleWith(fail(403, pro))).toContain(pro);
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      BOOKING_LINK.href,
    );
  });

  it('poll failure: "Unable to schedule activity at this time. Please try again later."', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValue(fail(500));
    expect(await scheduleWith(ok({ gameStatusUrl: STATUS_URL }))).toContain(
      'Unable to schedule activity at this time. Please try again later.',
    );
  });

  it('offline: says the device is offline and that this needs the internet', async () => {
    const text = await scheduleWith(fail(null, OFFLINE_MESSAGE));
    expect(text).toContain('You are offline');
    expect(text).toContain('this needs the internet');
  });

  it('"Try again?" sends the same schedule again', async () => {
    await scheduleWith(fail(500));
    vi.mocked(scheduleGame).mockResolvedValue(ok({ gameStatusUrl: STATUS_URL }));
    fireEvent.click(button('Try again?'));
    expect(
      await screen.findByText(
        'Your activity has been scheduled! Share the following details with participants.',
      ),
    ).toBeTruthy();
    expect(scheduleGame).toHaveBeenCalledTimes(2);
    expect(vi.mocked(scheduleGame).mock.calls[1]).toEqual(vi.mocked(scheduleGame).mock.calls[0]);
  });

  it('"Try again?" after a poll failure polls again without scheduling a second instance', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValueOnce(fail(502)).mockResolvedValue(ok(PUBLISHED));
    await scheduleWith(ok({ gameStatusUrl: STATUS_URL }));
    fireEvent.click(button('Try again?'));
    await screen.findByText(
      'Your activity has been scheduled! Share the following details with participants.',
    );
    expect(scheduleGame).toHaveBeenCalledTimes(1);
  });
});

describe('SPEC §6 scheduling requires an account', () => {
  it('a guest sees the sign-in prompt and no call is made', async () => {
    vi.mocked(useSession).mockReturnValue(GUEST);
    open();
    expect(
      await screen.findByText('This action requires a registered account to continue.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/Activity instance name/)).toBeNull();
  });
});

describe('SPEC §6 plan limits, told before the form is filled', () => {
  const LIVE = {
    ...ACTIVITY,
    id: 't9',
    name: 'Morning quiz',
    status: 'live',
    gameId: 'g9',
    gamePhase: 'open',
    gameEndsAt: new Date(2030, 2, 11, 0, 0).toISOString(),
    lastLaunchedAt: new Date(2030, 2, 10, 9, 0).toISOString(),
  } as ActivityRow;

  const openWith = (props: { plan?: 'FREE' | 'PRO'; rows?: ActivityRow[] }) =>
    renderAt(
      '/activities',
      <ScheduleDialog
        opened
        onClose={() => {}}
        activity={ACTIVITY}
        plan={props.plan}
        // The block My Activities finds for its rows (src/domain/plans.ts launchBlock).
        launchBlock={launchBlock(props.plan ?? null, props.rows ?? [], NOW, ACTIVITY.id)}
      />,
    );

  it('FREE: choosing Schedule explains that a later day is PRO, with "View plans", not the form', async () => {
    openWith({ plan: 'FREE' });
    const notice = await screen.findByTestId('schedule-pro');
    expect(notice.textContent).toContain('Scheduling a later day is a PRO feature');
    expect(notice.textContent).toContain('PRO');
    expect(screen.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe(
      PRICING_LINK.href,
    );
    expect(screen.queryByLabelText(/Activity instance name/)).toBeNull();
  });

  it('FREE: "Schedule for today" opens a form whose dates are today only, and says so', async () => {
    openWith({ plan: 'FREE' });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule for today' }));
    await toDates();
    for (const label of ['Start date', 'End date']) {
      fireEvent.click(field(label));
      expect((await day('10 March 2030')).disabled).toBe(false);
      expect((await day('11 March 2030')).disabled).toBe(true);
      expect((await day('9 March 2030')).disabled).toBe(true);
      fireEvent.blur(field(label));
    }
    expect(screen.getByTestId('schedule-plan-hint').textContent).toContain(
      'FREE plan: the activity starts and ends today. Later days need PRO.',
    );
  });

  it("FREE: a later day is refused in the form with the server's PRO message, before sending", async () => {
    openWith({ plan: 'FREE' });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule for today' }));
    await toDates();
    fill('2030-03-11', '09:00', '2030-03-11', '11:00');
    expect(scheduleError()).toBe(PLAN_MESSAGES.futureOrMultiDay);
    expect(button('Schedule Activity').disabled).toBe(true);
    fill('2030-03-10', '14:00', '2030-03-10', '16:00');
    expect(scheduleError()).toBe('');
    expect(button('Schedule Activity').disabled).toBe(false);
    fireEvent.click(button('Schedule Activity'));
    await screen.findByText(
      'Your activity has been scheduled! Share the following details with participants.',
    );
    expect(scheduleGame).toHaveBeenCalledTimes(1);
  });

  it('PRO: no explanation and the full year of dates', async () => {
    openWith({ plan: 'PRO' });
    await toDates();
    expect(screen.queryByTestId('schedule-pro')).toBeNull();
    expect(screen.queryByTestId('schedule-plan-hint')).toBeNull();
    fireEvent.click(field('End date'));
    expect((await day('11 March 2030')).disabled).toBe(false);
    type('End date', '10/03/2031');
    expect((await day('10 March 2031')).disabled).toBe(false);
    expect((await day('11 March 2031')).disabled).toBe(true);
  });

  it('FREE with a live activity launched today (it ends at midnight): named with the PRO explanation, no "Schedule for today" and no End, which could not free a launch today', async () => {
    openWith({ plan: 'FREE', rows: [LIVE] });
    expect((await screen.findByTestId('schedule-pro')).textContent).toContain(
      'Scheduling a later day is a PRO feature',
    );
    const notice = await screen.findByTestId('live-limit');
    expect(notice.textContent).toContain('1 live activity: Morning quiz is live today');
    expect(notice.textContent).toContain(MESSAGES.launch.freeLiveLimit);
    expect(screen.queryByRole('button', { name: 'Schedule for today' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End Morning quiz…' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View plans' })).toBeTruthy();
    expect(screen.queryByLabelText(/Activity instance name/)).toBeNull();
  });

  it('FREE daily limit (launched today, ended since): named with the PRO explanation; "Schedule for today" is not offered', async () => {
    const used = { ...LIVE, status: 'published', gamePhase: 'ended' } as ActivityRow;
    openWith({ plan: 'FREE', rows: [used] });
    await screen.findByTestId('schedule-pro');
    const notice = screen.getByTestId('daily-limit');
    expect(notice.textContent).toContain('FREE plan: 1 launch a day — used today by Morning quiz');
    expect(notice.textContent).toContain(PLAN_MESSAGES.dailyLaunchLimit);
    expect(notice.textContent).toContain('Launch again tomorrow, or upgrade to PRO.');
    expect(screen.queryByRole('button', { name: 'Schedule for today' })).toBeNull();
    expect(screen.queryByText(/you can still schedule this activity/)).toBeNull();
    expect(screen.getByRole('link', { name: 'View plans' })).toBeTruthy();
    expect(screen.queryByLabelText(/Activity instance name/)).toBeNull();
    expect(scheduleGame).not.toHaveBeenCalled();
  });

  it('FREE with a live activity launched on an earlier day (under PRO): "Schedule for today", then the live one to end first', async () => {
    const earlier = {
      ...LIVE,
      gameEndsAt: new Date(2030, 2, 12, 0, 0).toISOString(),
      lastLaunchedAt: new Date(2030, 2, 8, 9, 0).toISOString(),
    } as ActivityRow;
    openWith({ plan: 'FREE', rows: [earlier] });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule for today' }));
    const notice = await screen.findByTestId('live-limit');
    expect(notice.textContent).toContain('1 live activity: end Morning quiz first');
    expect(screen.getByRole('button', { name: 'End Morning quiz…' })).toBeTruthy();
  });

  it('a plan refusal (403) offers "Close", "Contact Us" and "View plans", never "Try again?"', async () => {
    vi.mocked(scheduleGame).mockResolvedValue(fail(403, PLAN_MESSAGES.dailyLaunchLimit));
    open();
    await toDates();
    fill('2030-03-11', '09:00', '2030-03-11', '11:00');
    fireEvent.click(button('Schedule Activity'));
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(alert.textContent).toContain(PLAN_MESSAGES.dailyLaunchLimit);
    expect(screen.queryByRole('button', { name: 'Try again?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View plans' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeTruthy();
  });

  it('a failure that can pass on retry (5xx) keeps "Try again?"', async () => {
    vi.mocked(scheduleGame).mockResolvedValue(fail(503));
    open();
    await toDates();
    fill('2030-03-11', '09:00', '2030-03-11', '11:00');
    fireEvent.click(button('Schedule Activity'));
    await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(screen.getByRole('button', { name: 'Try again?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View plans' })).toBeNull();
  });
});
