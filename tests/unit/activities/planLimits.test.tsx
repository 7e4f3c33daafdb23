// @vitest-environment happy-dom
/**
 * SPEC §6 plan limits on the actions of a My Activities row, before anything is opened or filled
 * in: on FREE, Schedule carries "PRO" (a later day needs it) and Play names the live activity to
 * end first; without known limits the row is as SPEC §4 lists it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import {
  ActivityRowActions,
  type ActivityRowActionsProps,
} from '../../../src/features/activities/ActivityRowActions';
import type { ActivityRow } from '../../../src/domain/schemas';
import { renderAt } from '../dialogs/render';

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
    renderRow({ planLimits: { scheduleIsPro: true, liveActivity: null } });
    const schedule = screen.getByRole('button', {
      name: 'Schedule Team quiz (PRO for later days)',
    });
    expect(schedule.textContent).toContain('Schedule');
    expect(schedule.textContent).toContain('PRO');
  });

  it('choosing it still opens the Schedule dialog (which explains, then allows today)', () => {
    const onOpen = renderRow({ planLimits: { scheduleIsPro: true, liveActivity: null } });
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
    const onOpen = renderRow({ planLimits: { scheduleIsPro: true, liveActivity: LIVE } });
    const play = screen.getByRole('button', { name: 'Play Team quiz' });
    fireEvent.mouseEnter(play);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      '1 live activity at a time on the FREE plan: end Morning quiz first, or upgrade to PRO.',
    );
    fireEvent.click(play);
    expect(onOpen).toHaveBeenCalledWith('play', expect.objectContaining({ id: 't1' }));
  });
});
