// @vitest-environment happy-dom
/**
 * SPEC §2.4 steps 5–7 (create, status, complete) with SPEC §9's timings on fake timers (3 s
 * before asking, 5 s polls, 2 s redirect), SPEC §8's AI errors with "Try again?", and the
 * wizard's error screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { pollAiContent, requestAiContent } from '../../../src/api/ai';
import { OFFLINE_MESSAGE } from '../../../src/api/client';
import { aiContentRequestBodySchema, type Template } from '../../../src/domain/schemas';
import {
  ANON_ID,
  generatedTemplate,
  OWNER,
  openTestDatabase,
  readDemoState,
  readWizardState,
  renderWizard,
  settle,
  storeDemoState,
  storeWizardState,
} from './harness';

vi.mock('../../../src/auth/session', () => ({
  useSession: () => ({ signedIn: false, user: null, canScheduleActivity: false }),
  useApiCredentials: () => ({ token: null, anonId: '11111111-1111-4111-8111-111111111111' }),
  useRequestorId: () => '11111111-1111-4111-8111-111111111111',
}));
vi.mock('../../../src/api/ai', () => ({ requestAiContent: vi.fn(), pollAiContent: vi.fn() }));
vi.mock('../../../src/api/games', () => ({ createDemoGame: vi.fn(), fetchGameStatus: vi.fn() }));

const STATUS_URL = 'http://localhost/v1/ai_content_requests/6f1c0c1e-0000-4000-8000-000000000001';
const WORKING = 'Our AI Assistant is getting to work. Prepare to be dazzled!';
const DURATION =
  "This operation shouldn't take longer than 30 seconds but may do with more complex content.";

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
  // Real time still passes (the database works on it); the wizard's own timers are moved by hand.
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(requestAiContent).mockReset();
  vi.mocked(pollAiContent).mockReset();
  await settle();
  await db.close();
});

const where = () => screen.getByTestId('where').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const pending = () => ({
  ok: true as const,
  data: { completedAt: null, template: null },
});
const done = (template: Template | null) => ({
  ok: true as const,
  data: { completedAt: '2026-03-01T09:00:05.000Z', template },
});

describe('SPEC §2.4 step 5 /activity/create', () => {
  beforeEach(async () => {
    await storeWizardState(db, {
      topics: 'Food hygiene',
      name: 'Bakery onboarding',
      stepsCount: 10,
    });
  });

  it('shows the spinner texts, waits 3 s, then requests AI generation with the stored answers', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: true,
      data: { aiContentRequestStatusUrl: STATUS_URL },
    });
    renderWizard(db, '/activity/create');
    expect(await screen.findByText(WORKING)).toBeTruthy();
    expect(screen.getByText(DURATION)).toBeTruthy();

    await advance(2_800);
    expect(requestAiContent).not.toHaveBeenCalled();
    await advance(300);
    expect(requestAiContent).toHaveBeenCalledTimes(1);

    const [body, credentials] = vi.mocked(requestAiContent).mock.calls[0]!;
    expect(body).toEqual({
      requestorId: ANON_ID,
      topics: 'Food hygiene',
      name: 'Bakery onboarding',
      gameType: 'quiz',
      deliveryType: 'inPerson',
      duration: 30,
      stepsCount: 10,
    });
    // The wire form the server accepts (docs/ai.md).
    expect(aiContentRequestBodySchema.safeParse(body).success).toBe(true);
    expect(credentials).toMatchObject({ anonId: ANON_ID });

    // On success it goes to /activity/status, with the status URL kept for a reload.
    await waitFor(() => expect(where()).toBe('/activity/status'));
    expect((await readWizardState(db)).statusUrl).toBe(STATUS_URL);
  });

  it('leaving before the 3 s are up asks for nothing', async () => {
    const { unmount } = renderWizard(db, '/activity/create');
    await screen.findByText(WORKING);
    await advance(1_000);
    unmount();
    await advance(5_000);
    expect(requestAiContent).not.toHaveBeenCalled();
  });

  it.each([
    [422, 'The generated content or template contains incomplete data.'],
    [500, 'Unable to request content generation. Please try again later.'],
    [429, 'Unable to request content generation. Please try again later.'],
  ])('a %i answer shows "%s" with "Try again?"', async (status, message) => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status, message: 'server' },
    });
    renderWizard(db, '/activity/create');
    await screen.findByText(WORKING);
    await advance(3_000);
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Try again?' })).toBeTruthy();
    expect(where()).toBe('/activity/create');
  });

  it('no answer at all (status null) explains that the device is offline', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: null, message: OFFLINE_MESSAGE },
    });
    renderWizard(db, '/activity/create');
    await screen.findByText(WORKING);
    await advance(3_000);
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(OFFLINE_MESSAGE);
  });

  it('a failure is kept: a reload shows it again instead of asking again', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: 422, message: 'x' },
    });
    const first = renderWizard(db, '/activity/create');
    await screen.findByText(WORKING);
    await advance(3_000);
    await screen.findByTestId('wizard-error');
    first.unmount();
    renderWizard(db, '/activity/create');
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(
      'The generated content or template contains incomplete data.',
    );
    await advance(5_000);
    expect(requestAiContent).toHaveBeenCalledTimes(1);
  });

  it('"Try again?" resets the wizard state and the demo state and goes to /activity/type', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: 500, message: 'x' },
    });
    await storeDemoState(db, { templateId: 'old-template', code: 'ABCD2345' });
    renderWizard(db, '/activity/create');
    await screen.findByText(WORKING);
    await advance(3_000);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again?' }));
    await waitFor(() => expect(where()).toBe('/activity/type'));
    await waitFor(async () => expect((await readWizardState(db)).topics).toBe(''));
    expect(await readWizardState(db)).toMatchObject({ name: '', error: null, statusUrl: null });
    await waitFor(async () =>
      expect(await readDemoState(db)).toMatchObject({ templateId: null, code: null }),
    );
  });
});

describe('SPEC §2.4 step 6 /activity/status (activity monitor)', () => {
  beforeEach(async () => {
    await storeWizardState(db, { topics: 'Food hygiene', name: 'Bakery', statusUrl: STATUS_URL });
  });

  it('polls the status URL every 5 s until completedAt is present, then goes to /activity/complete', async () => {
    const template = generatedTemplate();
    vi.mocked(pollAiContent).mockResolvedValueOnce(pending()).mockResolvedValueOnce(done(template));
    renderWizard(db, '/activity/status');
    expect(await screen.findByText(WORKING)).toBeTruthy();

    await advance(4_800);
    expect(pollAiContent).not.toHaveBeenCalled();
    await advance(300);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(pollAiContent).mock.calls[0]![0]).toBe(STATUS_URL);
    await advance(4_500);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    await advance(600);
    expect(pollAiContent).toHaveBeenCalledTimes(2);

    await waitFor(() => expect(where()).toBe('/activity/complete'));
    const stored = await readWizardState(db);
    expect(stored.completedAt).toBe('2026-03-01T09:00:05.000Z');
    expect(stored.template?.id).toBe(template.id);
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(2);
  });

  it('stores the generated template on this device as the server copy, for the builder', async () => {
    const template = generatedTemplate('Hygiene quiz');
    vi.mocked(pollAiContent).mockResolvedValue(done(template));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    const local = (await db.templates.findOne(template.id).exec())?.toMutableJSON();
    expect(local).toMatchObject({
      owner: OWNER,
      syncState: 'synced',
      server: { id: template.id, revision: 1 },
      content: { name: 'Hygiene quiz' },
    });
  });

  it('a reload resumes polling with the stored statusUrl', async () => {
    vi.mocked(pollAiContent).mockResolvedValue(pending());
    const first = renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    first.unmount();

    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    expect(pollAiContent).toHaveBeenCalledTimes(2);
    expect(vi.mocked(pollAiContent).mock.calls[1]![0]).toBe(STATUS_URL);
  });

  it('a poll failure shows "Unable to get content generation results. Please try again later"', async () => {
    vi.mocked(pollAiContent).mockResolvedValue({ ok: false, error: { status: 500, message: 'x' } });
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(
      'Unable to get content generation results. Please try again later',
    );
    expect(screen.getByRole('button', { name: 'Try again?' })).toBeTruthy();
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });

  it('no connection while polling says so and keeps polling', async () => {
    const template = generatedTemplate();
    vi.mocked(pollAiContent)
      .mockResolvedValueOnce({ ok: false, error: { status: null, message: OFFLINE_MESSAGE } })
      .mockResolvedValueOnce(done(template));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    expect((await screen.findByTestId('wizard-notice')).textContent).toContain(OFFLINE_MESSAGE);
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
  });
});

describe('SPEC §2.4 step 7 /activity/complete', () => {
  it('after 2 s goes to /activity/{templateId}/demo/create', async () => {
    const template = generatedTemplate();
    await storeWizardState(db, {
      topics: 'Food hygiene',
      name: 'Bakery',
      statusUrl: STATUS_URL,
      completedAt: '2026-03-01T09:00:05.000Z',
      template,
    });
    renderWizard(db, '/activity/complete');
    await screen.findByText('Your activity has been created');
    await advance(1_800);
    expect(where()).toBe('/activity/complete');
    await advance(300);
    await waitFor(() => expect(where()).toBe(`/activity/${template.id}/demo/create`));
  });

  it('with no template it shows the failure with "Try again?" and goes nowhere', async () => {
    await storeWizardState(db, {
      topics: 'Food hygiene',
      name: 'Bakery',
      statusUrl: STATUS_URL,
      completedAt: '2026-03-01T09:00:05.000Z',
      template: null,
    });
    renderWizard(db, '/activity/complete');
    await screen.findByTestId('wizard-error');
    await advance(3_000);
    expect(where()).toBe('/activity/complete');
  });
});

describe('SPEC §2.1 the wizard group has its own error screen', () => {
  it('an unexpected error shows a message and "Try again?", which resets both states and goes to /activity/type', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await storeWizardState(db, { topics: 'Food hygiene', name: 'Bakery' });
    await storeDemoState(db, { templateId: 't1', statusUrl: 'http://x/v1/templates/t1/games/g1' });
    function Broken(): never {
      throw new Error('A screen broke');
    }
    const { router } = renderWizard(db, '/activity/broken', [
      { path: 'broken', element: <Broken /> },
    ]);
    expect(await screen.findByText(/Something unexpected went wrong/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/type'));
    await waitFor(async () => expect((await readWizardState(db)).topics).toBe(''));
    await waitFor(async () => expect((await readDemoState(db)).templateId).toBeNull());
    error.mockRestore();
  });
});
