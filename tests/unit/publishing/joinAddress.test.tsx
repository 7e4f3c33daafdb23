// @vitest-environment happy-dom
/**
 * When the join address is this computer only (PUBLIC_URL unset: localhost), the
 * launch/demo, schedule and join info dialogs say that phones cannot reach it and suggest the
 * machine's network address; when it is reachable, or could not be asked for, nothing shows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { LaunchDialog } from '../../../src/features/publishing/LaunchDialog';
import { ScheduleDialog } from '../../../src/features/publishing/ScheduleDialog';
import { JoinInfoDialog } from '../../../src/features/publishing/JoinInfoDialog';
import { createDemoGame, fetchGameStatus, launchGame } from '../../../src/api/games';
import { fetchJoinAddress } from '../../../src/api/joinAddress';
import type { JoinAddress } from '../../../src/domain/joinAddress';
import { OFFLINE_MESSAGE } from '../../../src/api/client';
import type { ActivityRow } from '../../../src/domain/schemas';
import { CREDENTIALS, STATUS_URL, fail, gameStatus, ok, renderAt } from './render';

vi.mock('../../../src/auth/session', async () => {
  const { CREDENTIALS, SIGNED_IN } = await import('./render');
  return { useSession: () => SIGNED_IN, useApiCredentials: () => CREDENTIALS };
});
vi.mock('../../../src/api/games', () => ({
  createDemoGame: vi.fn(),
  launchGame: vi.fn(),
  scheduleGame: vi.fn(),
  fetchGameStatus: vi.fn(),
}));
vi.mock('../../../src/api/joinAddress', () => ({ fetchJoinAddress: vi.fn() }));

const LOCAL: JoinAddress = {
  joinUrl: 'http://localhost:8080',
  local: true,
  lanUrls: ['http://192.168.1.20:8080', 'http://10.0.0.5:8080'],
};
const REACHABLE: JoinAddress = {
  joinUrl: 'https://play.example.com',
  local: false,
  lanUrls: [],
};
const READY = gameStatus({
  code: 'ABCD2345',
  qrCodeUrl: '/v1/qr/ABCD2345.png',
  publishedAt: '2030-01-01T10:00:00.000Z',
});

beforeEach(() => {
  vi.mocked(fetchJoinAddress).mockResolvedValue(ok(LOCAL));
  vi.mocked(createDemoGame).mockResolvedValue(ok({ gameStatusUrl: STATUS_URL }));
  vi.mocked(launchGame).mockResolvedValue(ok({ gameStatusUrl: STATUS_URL }));
  vi.mocked(fetchGameStatus).mockResolvedValue(ok(READY));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const openLaunch = (mode: 'demo' | 'launch' = 'launch') =>
  renderAt(
    '/activities',
    <LaunchDialog
      opened
      onClose={() => {}}
      mode={mode}
      templateId="t1"
      templateName="Sales kick-off"
      openedFrom="activities"
    />,
  );

const warning = () => screen.queryByTestId('join-address-warning');
const findWarning = () => screen.findByTestId('join-address-warning');

describe('the launch/demo dialog warns when phones cannot reach the join address', () => {
  it('says so while the activity is being created, before there is a code, with the network address to set', async () => {
    vi.mocked(launchGame).mockReturnValue(new Promise(() => {}));
    openLaunch();
    const shown = await findWarning();
    expect(screen.getByText('Creating your activity…')).toBeTruthy();
    expect(shown.textContent).toContain('Phones cannot reach this address');
    expect(shown.textContent).toContain(
      'The join link points at localhost, which is this computer only. Start the server with PUBLIC_URL set to this machine',
    );
    expect(screen.getByTestId('join-address-suggestion').textContent).toBe(
      'PUBLIC_URL=http://192.168.1.20:8080',
    );
    expect(shown.textContent).toContain('http://10.0.0.5:8080');
    expect(fetchJoinAddress).toHaveBeenCalledWith(CREDENTIALS);
  });

  it('keeps saying so beside the finished code, asking the server once', async () => {
    openLaunch();
    await screen.findByTestId('activity-code');
    expect(await findWarning()).toBeTruthy();
    expect(screen.getByText('Your Activity is now live for the rest of the day')).toBeTruthy();
    expect(fetchJoinAddress).toHaveBeenCalledTimes(1);
  });

  it('the copy button puts the suggested setting on the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    const before = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      openLaunch('demo');
      await findWarning();
      await act(async () =>
        fireEvent.click(
          screen.getByRole('button', { name: 'Copy PUBLIC_URL=http://192.168.1.20:8080' }),
        ),
      );
      expect(writeText).toHaveBeenCalledWith('PUBLIC_URL=http://192.168.1.20:8080');
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    } finally {
      if (before) Object.defineProperty(navigator, 'clipboard', before);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('without a known network address it gives an example to adapt, and no copy button', async () => {
    vi.mocked(fetchJoinAddress).mockResolvedValue(
      ok({ joinUrl: 'http://127.0.0.1:8293', local: true, lanUrls: [] }),
    );
    openLaunch();
    const shown = await findWarning();
    expect(shown.textContent).toContain('The join link points at 127.0.0.1');
    expect(shown.textContent).toContain('PUBLIC_URL=http://192.168.1.20:8293');
    expect(shown.textContent).toContain("its address on the venue's Wi-Fi");
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
  });

  it('shows nothing when the join address is reachable', async () => {
    vi.mocked(fetchJoinAddress).mockResolvedValue(ok(REACHABLE));
    openLaunch();
    await screen.findByTestId('activity-code');
    await act(async () => {});
    expect(warning()).toBeNull();
  });

  it('shows nothing, and launches all the same, when the address cannot be asked for', async () => {
    for (const failure of [fail(null, OFFLINE_MESSAGE), fail(401), ok({ unexpected: true })]) {
      vi.mocked(fetchJoinAddress).mockResolvedValue(failure);
      openLaunch();
      await screen.findByTestId('activity-code');
      await act(async () => {});
      expect(warning()).toBeNull();
      cleanup();
    }
  });

  it('an error state stands alone, without the warning', async () => {
    vi.mocked(launchGame).mockResolvedValue(fail(500));
    openLaunch();
    await screen.findByRole('alert');
    await act(async () => {});
    expect(warning()).toBeNull();
  });
});

describe('the schedule dialog warns when phones cannot reach the join address', () => {
  const activity = {
    id: 't1',
    name: 'Sales kick-off',
    runTime: '60 mins',
    runTimeMin: 60,
  } as ActivityRow;

  it('from the first step', async () => {
    renderAt('/activities', <ScheduleDialog opened onClose={() => {}} activity={activity} />);
    expect(await screen.findByLabelText(/Activity instance name/)).toBeTruthy();
    expect((await findWarning()).textContent).toContain('Phones cannot reach this address');
  });

  it('shows nothing when the join address is reachable', async () => {
    vi.mocked(fetchJoinAddress).mockResolvedValue(ok(REACHABLE));
    renderAt('/activities', <ScheduleDialog opened onClose={() => {}} activity={activity} />);
    await screen.findByLabelText(/Activity instance name/);
    await act(async () => {});
    expect(warning()).toBeNull();
  });
});

describe('the join info dialog warns when phones cannot reach the join address', () => {
  const openJoinInfo = () =>
    renderAt(
      '/activities',
      <JoinInfoDialog
        opened
        onClose={() => {}}
        activityName="Sales kick-off"
        gameStatusUrl={STATUS_URL}
      />,
    );

  it('after a failure with no answer, "Try again?" asks for the join address again too: the warning is back', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValueOnce(fail(null, OFFLINE_MESSAGE));
    vi.mocked(fetchJoinAddress).mockResolvedValueOnce(fail(null, OFFLINE_MESSAGE));
    openJoinInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again?' }));
    await screen.findByTestId('activity-code');
    expect(await findWarning()).toBeTruthy();
    expect(vi.mocked(fetchJoinAddress)).toHaveBeenCalledTimes(2);
  });

  it('above the join details', async () => {
    openJoinInfo();
    const shown = await findWarning();
    const code = await screen.findByTestId('activity-code');
    // Full width before the two columns, not squeezed into one of them.
    expect(shown.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shown.contains(code)).toBe(false);
  });

  it('shows nothing when the join address is reachable', async () => {
    vi.mocked(fetchJoinAddress).mockResolvedValue(ok(REACHABLE));
    openJoinInfo();
    await screen.findByTestId('activity-code');
    await act(async () => {});
    expect(warning()).toBeNull();
  });
});
