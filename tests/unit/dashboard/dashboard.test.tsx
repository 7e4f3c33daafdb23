// @vitest-environment happy-dom
/**
 * SPEC §2.3 Dashboard: three image tiles. "Create new game" resets the AI wizard state and the
 * demo state, then goes to /activity; "Welcome video" plays the welcome video; "Play a demo"
 * opens the Play Demo dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { resetWizardAndDemo } from '../../../src/localdb/hooks/flowState';
import { useSession } from '../../../src/auth/session';
import { renderAt } from '../publishing/render';

vi.mock('../../../src/auth/session', () => ({ useSession: vi.fn() }));
// The Dashboard renders before the local database is open; its reset waits for it.
const openDatabase = vi.hoisted(() => ({ db: { name: 'the local database' } }));
vi.mock('../../../src/localdb/hooks/DataProvider', () => ({
  useWhenDataReady: () => async () => openDatabase,
}));
vi.mock('../../../src/localdb/hooks/flowState', () => ({ resetWizardAndDemo: vi.fn() }));

let releaseResets: () => void = () => {};

beforeEach(() => {
  releaseResets = () => {};
  vi.mocked(resetWizardAndDemo).mockImplementation(
    () =>
      new Promise<void>((resolve) => {
        releaseResets = resolve;
      }),
  );
  vi.mocked(useSession).mockReturnValue({
    signedIn: false,
    user: null,
    canScheduleActivity: false,
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const tile = (name: string) => screen.getByRole('button', { name });

describe('SPEC §2.3 Dashboard', () => {
  it('shows three image tiles under a welcome heading', () => {
    renderAt('/', <DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Teamtrail' })).toBeTruthy();
    for (const name of ['Create new game', 'Welcome video', 'Play a demo']) {
      const image = tile(name).closest('[data-selection-card]')?.querySelector('img');
      expect(image?.getAttribute('src')).toMatch(/^\/thumbnails\/dashboard-.+\.svg$/);
    }
  });

  it('"Create new game" resets the AI wizard state and the demo state, then goes to /activity', async () => {
    const { router } = renderAt('/', <DashboardPage />);
    fireEvent.click(tile('Create new game'));
    await act(async () => {});
    expect(resetWizardAndDemo).toHaveBeenCalledTimes(1);
    expect(resetWizardAndDemo).toHaveBeenCalledWith(openDatabase.db);
    // Not before the resets have landed.
    expect(router.state.location.pathname).toBe('/');
    await act(async () => releaseResets());
    expect(router.state.location.pathname).toBe('/activity');
  });

  it('"Welcome video" plays the welcome video', async () => {
    renderAt('/', <DashboardPage />);
    fireEvent.click(tile('Welcome video'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Welcome to Teamtrail')).toBeTruthy();
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe(
      '/video/welcome_to_teamtrail.mp4',
    );
  });

  it('"Play a demo" opens the Play Demo dialog with the sample game\'s code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url) === '/v1/sample_game'
          ? new Response(
              JSON.stringify({
                code: 'SMPL2345',
                qrCodeUrl: '/v1/qr/SMPL2345.png',
                endsAt: '2030-01-02T00:00:00.000Z',
              }),
              { headers: { 'content-type': 'application/json' } },
            )
          : new Response('{}', { status: 404 }),
      ),
    );
    renderAt('/', <DashboardPage />);
    expect(screen.queryByText('Play Welcome to Teamtrail!')).toBeNull();
    fireEvent.click(tile('Play a demo'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Play Welcome to Teamtrail!')).toBeTruthy();
    expect((await within(dialog).findByTestId('play-demo-code')).textContent).toBe('SMPL 2345');
    vi.unstubAllGlobals();
  });

  it('the tiles are reached and used from the keyboard', async () => {
    renderAt('/', <DashboardPage />);
    const demoTile = tile('Play a demo');
    demoTile.focus();
    expect(document.activeElement).toBe(demoTile);
    // A native button: Enter and Space activate it as a click.
    expect(demoTile.tagName).toBe('BUTTON');
    expect(demoTile.getAttribute('type')).toBe('button');
  });
});
