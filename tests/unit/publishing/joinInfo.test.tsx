// @vitest-environment happy-dom
/**
 * SPEC §2.9 Activity join info: "Activity Schedule: start and end as DD/MM/YYYY HH:mm", the
 * activity QR code and the Activity Code, read from the game status.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { JoinInfoDialog } from '../../../src/features/publishing/JoinInfoDialog';
import { fetchGameStatus } from '../../../src/api/games';
import { OFFLINE_MESSAGE } from '../../../src/api/client';
import { CREDENTIALS, STATUS_URL, fail, gameStatus, ok, renderAt } from './render';

vi.mock('../../../src/auth/session', async () => {
  const { CREDENTIALS, SIGNED_IN } = await import('./render');
  return { useSession: () => SIGNED_IN, useApiCredentials: () => CREDENTIALS };
});
vi.mock('../../../src/api/games', () => ({ fetchGameStatus: vi.fn() }));
vi.mock('../../../src/api/joinAddress', async () => {
  const { fail } = await import('./render');
  // The join address warning has tests of its own (joinAddress.test.tsx); here it stays away.
  return { fetchJoinAddress: vi.fn(async () => fail(404)) };
});

// Local times, so the display does not depend on the machine's time zone.
const STARTS = new Date(2030, 2, 9, 8, 5);
const ENDS = new Date(2030, 2, 10, 17, 30);
const SCHEDULED = gameStatus({
  code: 'WXYZ6789',
  qrCodeUrl: '/v1/qr/WXYZ6789.png',
  publishedAt: new Date(2030, 2, 1).toISOString(),
  startsAt: STARTS.toISOString(),
  endsAt: ENDS.toISOString(),
});

beforeEach(() => {
  vi.mocked(fetchGameStatus).mockResolvedValue(ok(SCHEDULED));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = (gameStatusUrl: string | null = STATUS_URL, onClose = () => {}) =>
  renderAt(
    '/activities',
    <JoinInfoDialog
      opened
      onClose={onClose}
      activityName="Sales kick-off"
      gameStatusUrl={gameStatusUrl}
    />,
  );

describe('SPEC §2.9 Activity join info', () => {
  it('shows a loading state, then the Activity Schedule as DD/MM/YYYY HH:mm', async () => {
    open();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect((await screen.findByTestId('activity-starts')).textContent).toBe('09/03/2030 08:05');
    expect(screen.getByTestId('activity-ends').textContent).toBe('10/03/2030 17:30');
    expect(screen.getByText('Activity Schedule')).toBeTruthy();
    expect(fetchGameStatus).toHaveBeenCalledWith(STATUS_URL, CREDENTIALS);
  });

  it('shows the activity QR code and the Activity Code, and the mobile-app panel', async () => {
    open();
    const block = await screen.findByTestId('activity-code');
    expect(block.querySelector('img')?.getAttribute('src')).toBe('/v1/qr/WXYZ6789.png');
    expect(screen.getByTestId('activity-code-value').textContent).toBe('WXYZ 6789');
    expect(screen.getByText('Activity Code')).toBeTruthy();
    expect(screen.getByTestId('mobile-app-panel')).toBeTruthy();
    expect(screen.getByText('Sales kick-off')).toBeTruthy();
  });

  it('an error state: "Unable to fetch activity status. Please try again later." with "Try again?" and "Close"', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValueOnce(fail(500));
    const onClose = vi.fn();
    open(STATUS_URL, onClose);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to fetch activity status. Please try again later.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again?' }));
    expect(await screen.findByTestId('activity-code')).toBeTruthy();
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
  });

  it('offline: says so, and that this needs the internet', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValueOnce(fail(null, OFFLINE_MESSAGE));
    open();
    const text = (await screen.findByRole('alert')).textContent ?? '';
    expect(text).toContain('You are offline');
    expect(text).toContain('this needs the internet');
  });

  it('an activity without a current instance says so without calling the server', async () => {
    open(null);
    expect(await screen.findByText(/no live or scheduled instance/)).toBeTruthy();
    expect(fetchGameStatus).not.toHaveBeenCalled();
  });
});
