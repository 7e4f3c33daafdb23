// @vitest-environment happy-dom
/**
 * SPEC §2.4 steps 8–10: the demo, gated by sign-in (a FREE account), created automatically for a
 * signed-in user, polled every 5 s until it has a code, and shown with its QR code; both ways
 * out reset the demo state. SPEC §8 demo creation errors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { createDemoGame, fetchGameStatus } from '../../../src/api/games';
import { OFFLINE_MESSAGE } from '../../../src/api/client';
import { PRICING_LINK } from '../../../src/ui/marketingLinks';
import { PLANS } from '../../../src/domain/plans';
import type { GameStatus } from '../../../src/domain/schemas';
import { openTestDatabase, readDemoState, renderWizard, settle, storeDemoState } from './harness';

const session = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../../../src/auth/session', () => ({
  useSession: () =>
    session.signedIn
      ? {
          signedIn: true,
          user: { id: 'user-1', name: 'Ada', email: 'ada@example.com' },
          canScheduleActivity: true,
        }
      : { signedIn: false, user: null, canScheduleActivity: false },
  useApiCredentials: () => ({
    token: session.signedIn ? 'token-1' : null,
    anonId: '11111111-1111-4111-8111-111111111111',
  }),
  useRequestorId: () => (session.signedIn ? 'user-1' : '11111111-1111-4111-8111-111111111111'),
}));
vi.mock('../../../src/api/ai', () => ({ requestAiContent: vi.fn(), pollAiContent: vi.fn() }));
vi.mock('../../../src/api/games', () => ({ createDemoGame: vi.fn(), fetchGameStatus: vi.fn() }));

const TEMPLATE_ID = '0c8a6d7e-1111-4222-8333-444455556666';
const GAME_STATUS_URL = `http://localhost/v1/templates/${TEMPLATE_ID}/games/g-1`;
const WAITING = 'Nearly there - just adding the finishing touches.';
const demo = (step: string) => `/activity/${TEMPLATE_ID}/demo/${step}`;

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  session.signedIn = false;
  vi.mocked(createDemoGame).mockReset();
  vi.mocked(fetchGameStatus).mockReset();
  await settle();
  await db.close();
});

const where = () => screen.getByTestId('where').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function status(overrides: Partial<GameStatus> = {}) {
  const data: GameStatus = {
    code: null,
    qrCodeUrl: null,
    publishedAt: '2026-03-01T09:01:00.000Z',
    templateId: TEMPLATE_ID,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
  return { ok: true as const, data };
}

describe('SPEC §2.4 step 8 demo/create, for a guest', () => {
  it('asks for a FREE account: texts, the FREE features, a pricing link and "Sign in / Sign up" back here', async () => {
    renderWizard(db, demo('create'));
    expect(
      await screen.findByText('To create your demo activity you need a FREE account.'),
    ).toBeTruthy();
    expect(screen.getByText('No credit card needed')).toBeTruthy();
    const features = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(features).toEqual([...PLANS.FREE.featureList]);
    expect(
      screen.getByRole('link', { name: 'Compare plans and pricing' }).getAttribute('href'),
    ).toBe(PRICING_LINK.href);
    expect(screen.getByRole('link', { name: 'Sign in / Sign up' }).getAttribute('href')).toBe(
      `/sign-in?from=${encodeURIComponent(demo('create'))}`,
    );
    await advance(10_000);
    expect(createDemoGame).not.toHaveBeenCalled();
  });
});

describe('SPEC §2.4 step 8 demo/create, signed in', () => {
  beforeEach(() => {
    session.signedIn = true;
  });

  it('creates the demo automatically, once, then goes to demo/status', async () => {
    vi.mocked(createDemoGame).mockResolvedValue({
      ok: true,
      data: { gameStatusUrl: GAME_STATUS_URL },
    });
    renderWizard(db, demo('create'));
    await waitFor(() => expect(where()).toBe(demo('status')));
    expect(createDemoGame).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createDemoGame).mock.calls[0]![0]).toBe(TEMPLATE_ID);
    expect(vi.mocked(createDemoGame).mock.calls[0]![1]).toMatchObject({ token: 'token-1' });
    expect(await readDemoState(db)).toMatchObject({
      templateId: TEMPLATE_ID,
      statusUrl: GAME_STATUS_URL,
      error: null,
    });
    expect(await screen.findByText(WAITING)).toBeTruthy();
  });

  it('a guest who signs up on the gate continues automatically', async () => {
    session.signedIn = false;
    vi.mocked(createDemoGame).mockResolvedValue({
      ok: true,
      data: { gameStatusUrl: GAME_STATUS_URL },
    });
    const { router } = renderWizard(db, demo('create'));
    await screen.findByText('To create your demo activity you need a FREE account.');
    // Sign-up returns to ?from= (the same address), now signed in.
    session.signedIn = true;
    await act(() => router.navigate('/'));
    await act(() => router.navigate(demo('create')));
    await waitFor(() => expect(where()).toBe(demo('status')));
    expect(createDemoGame).toHaveBeenCalledTimes(1);
  });

  it('shows the waiting text while the demo is created', async () => {
    vi.mocked(createDemoGame).mockReturnValue(new Promise(() => {}));
    renderWizard(db, demo('create'));
    expect(await screen.findByText(WAITING)).toBeTruthy();
  });

  it.each([
    [422, 'The activity contains incomplete data.'],
    [500, 'An unexpected erorr has occured whilst creating the activity demo'],
    [null, OFFLINE_MESSAGE],
  ])('status %s (null: no answer at all) shows "%s" with "Try again?"', async (status, message) => {
    vi.mocked(createDemoGame).mockResolvedValue({
      ok: false,
      error: { status, message: status === null ? OFFLINE_MESSAGE : 'server' },
    });
    renderWizard(db, demo('create'));
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Try again?' })).toBeTruthy();
    expect(createDemoGame).toHaveBeenCalledTimes(1);
  });

  it('a demo already created for this template resumes at demo/status instead of creating another', async () => {
    await storeDemoState(db, { templateId: TEMPLATE_ID, statusUrl: GAME_STATUS_URL });
    renderWizard(db, demo('create'));
    await waitFor(() => expect(where()).toBe(demo('status')));
    expect(createDemoGame).not.toHaveBeenCalled();
  });
});

describe('SPEC §2.4 step 9 demo/status', () => {
  beforeEach(async () => {
    session.signedIn = true;
    await storeDemoState(db, { templateId: TEMPLATE_ID, statusUrl: GAME_STATUS_URL });
  });

  it('polls every 5 s until a code is present, then goes to demo/complete', async () => {
    vi.mocked(fetchGameStatus)
      .mockResolvedValueOnce(status())
      .mockResolvedValueOnce(status({ code: 'MB2QY4T2', qrCodeUrl: '/v1/qr/MB2QY4T2.png' }));
    renderWizard(db, demo('status'));
    expect(await screen.findByText(WAITING)).toBeTruthy();
    await advance(4_800);
    expect(fetchGameStatus).not.toHaveBeenCalled();
    await advance(300);
    expect(fetchGameStatus).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetchGameStatus).mock.calls[0]![0]).toBe(GAME_STATUS_URL);
    await advance(4_500);
    expect(fetchGameStatus).toHaveBeenCalledTimes(1);
    await advance(600);
    await waitFor(() => expect(where()).toBe(demo('complete')));
    expect(await readDemoState(db)).toMatchObject({
      code: 'MB2QY4T2',
      qrCodeUrl: '/v1/qr/MB2QY4T2.png',
      publishedAt: '2026-03-01T09:01:00.000Z',
    });
  });

  it('a reload resumes polling with the stored status URL', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValue(status());
    const first = renderWizard(db, demo('status'));
    await screen.findByText(WAITING);
    await advance(5_000);
    first.unmount();
    renderWizard(db, demo('status'));
    await screen.findByText(WAITING);
    await advance(5_000);
    expect(fetchGameStatus).toHaveBeenCalledTimes(2);
    expect(vi.mocked(fetchGameStatus).mock.calls[1]![0]).toBe(GAME_STATUS_URL);
  });

  it('with no demo for this template goes back to demo/create', async () => {
    await storeDemoState(db, { templateId: 'another-template', statusUrl: GAME_STATUS_URL });
    vi.mocked(createDemoGame).mockReturnValue(new Promise(() => {}));
    renderWizard(db, demo('status'));
    await waitFor(() => expect(where()).toBe(demo('create')));
  });

  it('a poll failure shows the failure with "Try again?" and stops polling', async () => {
    vi.mocked(fetchGameStatus).mockResolvedValue({
      ok: false,
      error: { status: 500, message: 'x' },
    });
    renderWizard(db, demo('status'));
    await screen.findByText(WAITING);
    await advance(5_000);
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(
      'Unable to fetch activity status. Please try again later.',
    );
    await advance(10_000);
    expect(fetchGameStatus).toHaveBeenCalledTimes(1);
  });
});

describe('SPEC §2.4 step 10 demo/complete', () => {
  beforeEach(async () => {
    session.signedIn = true;
    await storeDemoState(db, {
      templateId: TEMPLATE_ID,
      statusUrl: GAME_STATUS_URL,
      code: 'MB2QY4T2',
      qrCodeUrl: '/v1/qr/MB2QY4T2.png',
    });
  });

  it('shows "Create Activity", the three steps, the QR code and the code "valid for 10 minutes"', async () => {
    renderWizard(db, demo('complete'));
    expect(await screen.findByRole('heading', { name: 'Create Activity' })).toBeTruthy();
    expect(screen.getByText('Well done - your new activity is ready to test')).toBeTruthy();
    expect(screen.getByText(/10 minute demo on your phone/)).toBeTruthy();
    expect(screen.getByRole('region', { name: /^Step 1/ })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: /^Step 1/ })).getByTestId('mobile-app-panel'),
    ).toBeTruthy();
    const step2 = screen.getByRole('region', { name: /^Step 2/ });
    expect(
      within(step2)
        .getByRole('img', { name: /QR code/ })
        .getAttribute('src'),
    ).toBe('/v1/qr/MB2QY4T2.png');
    expect(within(step2).getByText('Activity Code')).toBeTruthy();
    expect(within(step2).getByTestId('activity-code-value').textContent).toBe('MB2Q Y4T2');
    expect(within(step2).getByText(/valid for 10 minutes/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: /^Step 3/ })).getByText(/Activity Builder/),
    ).toBeTruthy();
  });

  it('"Activity Builder" resets the demo state and goes to /builder/{templateId}', async () => {
    const { router } = renderWizard(db, demo('complete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Activity Builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/builder/${TEMPLATE_ID}`));
    await waitFor(async () => expect((await readDemoState(db)).templateId).toBeNull());
    expect(await readDemoState(db)).toMatchObject({ code: null, statusUrl: null });
    await advance(10_000);
    expect(createDemoGame).not.toHaveBeenCalled();
  });

  it('"Dashboard" resets the demo state and goes to /', async () => {
    const { router } = renderWizard(db, demo('complete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(async () => expect((await readDemoState(db)).code).toBeNull());
  });

  it('without a code it goes back to demo/status', async () => {
    await storeDemoState(db, { templateId: TEMPLATE_ID, statusUrl: GAME_STATUS_URL });
    vi.mocked(fetchGameStatus).mockReturnValue(new Promise(() => {}));
    renderWizard(db, demo('complete'));
    await waitFor(() => expect(where()).toBe(demo('status')));
  });
});
