// @vitest-environment happy-dom
/**
 * SPEC §6 plan limits on the actions of a My Activities row, before anything is opened or filled
 * in: on FREE, Schedule carries "PRO" (a later day needs it); once today's one launch is used,
 * Play is no longer the main button and names the activity that used it, and Schedule no longer
 * offers today;
 * Play names a live activity to end first; without known limits the row is as SPEC §4 lists it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import {
  ActivityRowActions,
  type ActivityRowActionsProps,
} from '../../../src/features/activities/ActivityRowActions';
import type { ActivityRow } from '../../../src/domain/schemas';
import type { LaunchBlock } from '../../../src/domain/plans';
import { renderAt } from '../publishing/render';

const row = (patch: Partial<ActivityRow> = {}): ActivityRow =>
  ({
    id: 't1',
    name: 'Team quiz',
    gameType: 'quiz',
    stepsCount: 2,
    runTime: '30 mins',
    runTimeMin: 30,
    plays: 0,
    status: 'ready',
    scoreboardUrl: null,
    presentationUrl: null,
    statisticsUrl: null,
    ...patch,
  }) as ActivityRow;

const LIVE = row({ id: 't9', name: 'Morning quiz', status: 'live' });
/** Launched this morning and ended since: today's one launch is used. */
const USED = row({ id: 't8', name: 'Morning quiz', status: 'published' });
const DAILY: LaunchBlock<ActivityRow> = {
  violation: 'dailyLaunchLimit',
  activity: USED,
  usedToday: USED,
};
/** Live, launched under PRO on an earlier day: ending it would free today's launch. */
const LIVE_ENDABLE: LaunchBlock<ActivityRow> = {
  violation: 'liveActivityLimit',
  activity: LIVE,
  usedToday: null,
};
/** Live, launched today: today's launch is spent as well. */
const LIVE_TODAY: LaunchBlock<ActivityRow> = {
  violation: 'liveActivityLimit',
  activity: LIVE,
  usedToday: LIVE,
};

function renderRow(props: Partial<ActivityRowActionsProps> = {}) {
  const onOpen = vi.fn();
  renderAt(
    '/activities',
    <ActivityRowActions
      row={row()}
      canScheduleActivity
      offline={false}
      copying={false}
      copyDisabled={false}
      onOpen={onOpen}
      onCopy={() => {}}
      {...props}
    />,
  );
  return onOpen;
}

afterEach(cleanup);

describe('FREE: Schedule shows "PRO" before the form is filled', () => {
  it('the Schedule button carries a "PRO" badge and says so in its name', () => {
    renderRow({ planLimits: { scheduleIsPro: true, launchBlock: null } });
    const schedule = screen.getByRole('button', {
      name: 'Schedule Team quiz (PRO for later days)',
    });
    expect(schedule.textContent).toContain('Schedule');
    expect(schedule.textContent).toContain('PRO');
  });

  it('choosing it still opens the Schedule dialog (which explains, then allows today)', () => {
    const onOpen = renderRow({ planLimits: { scheduleIsPro: true, launchBlock: null } });
    fireEvent.click(screen.getByRole('button', { name: /^Schedule Team quiz/ }));
    expect(onOpen).toHaveBeenCalledWith('schedule', expect.objectContaining({ id: 't1' }));
  });

  it('PRO or an unknown plan: no badge', () => {
    renderRow();
    const schedule = screen.getByRole('button', { name: 'Schedule Team quiz' });
    expect(schedule.textContent).not.toContain('PRO');
  });
});

describe('FREE: Play while another activity is live names it', () => {
  it('the hover text says "end X first", and Play opens the dialog that names it', async () => {
    const onOpen = renderRow({ planLimits: { scheduleIsPro: true, launchBlock: LIVE_ENDABLE } });
    const play = screen.getByRole('button', { name: 'Play Team quiz (end Morning quiz first)' });
    expect(play.getAttribute('data-plan-limit')).toBe('liveActivityLimit');
    fireEvent.mouseEnter(play);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      '1 live activity at a time on the FREE plan: end Morning quiz first, or upgrade to PRO.',
    );
    fireEvent.click(play);
    expect(onOpen).toHaveBeenCalledWith('play', expect.objectContaining({ id: 't1' }));
  });

  it('live since this morning: today\'s launch is spent too, so Play says "used today", not "end it first"', async () => {
    renderRow({ planLimits: { scheduleIsPro: true, launchBlock: LIVE_TODAY } });
    const play = screen.getByRole('button', {
      name: 'Play Team quiz (used today by Morning quiz)',
    });
    fireEvent.mouseEnter(play);
    expect((await screen.findByRole('tooltip')).textContent).not.toContain('end Morning quiz');
  });
});

describe('FREE: one launch a day, told on Play before the click', () => {
  it("Play names the activity that used today's launch, and is not the main button", async () => {
    renderRow({ planLimits: { scheduleIsPro: true, launchBlock: DAILY } });
    const play = screen.getByRole('button', {
      name: 'Play Team quiz (used today by Morning quiz)',
    });
    expect(play.getAttribute('data-variant')).toBe('default');
    expect(play.getAttribute('data-plan-limit')).toBe('dailyLaunchLimit');
    fireEvent.mouseEnter(play);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'FREE plan: 1 launch a day — used today by Morning quiz. Launch again tomorrow, or upgrade to PRO.',
    );
  });

  it('Play still opens the dialog, which explains instead of launching', () => {
    const onOpen = renderRow({ planLimits: { scheduleIsPro: true, launchBlock: DAILY } });
    fireEvent.click(screen.getByRole('button', { name: /^Play Team quiz/ }));
    expect(onOpen).toHaveBeenCalledWith('play', expect.objectContaining({ id: 't1' }));
  });

  it('Schedule keeps "PRO" and its hover no longer offers today', async () => {
    renderRow({ planLimits: { scheduleIsPro: true, launchBlock: DAILY } });
    fireEvent.mouseEnter(screen.getByRole('button', { name: /^Schedule Team quiz/ }));
    const tooltip = (await screen.findByRole('tooltip')).textContent;
    expect(tooltip).toContain('Scheduling on a later day or over several days needs PRO.');
    expect(tooltip).toContain('used today by Morning quiz');
    expect(tooltip).not.toContain('you can schedule for today');
  });

  it('no block (PRO, or nothing launched today): Play is the plain main button', () => {
    renderRow({ planLimits: { scheduleIsPro: false, launchBlock: null } });
    const play = screen.getByRole('button', { name: 'Play Team quiz' });
    expect(play.getAttribute('data-plan-limit')).toBeNull();
    expect(play.getAttribute('data-variant')).toBe('filled');
  });
});
