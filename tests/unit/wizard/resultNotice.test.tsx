// @vitest-environment happy-dom
/**
 * docs/ai.md `notice` in the AI creation wizard (SPEC §2.4): the server's word that the topics
 * gave too little for every task asked is kept with the finished request and shown on
 * /activity/complete, on the guest's demo gate and on demo/complete of that activity; a result
 * without one shows nothing; a new request starts without the old one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { pollAiContent, requestAiContent } from '../../../src/api/ai';
import { WIZARD_STATE_KEY } from '../../../src/localdb/hooks';
import { AI_WIZARD_DEFAULTS } from '../../../src/domain/flowDefaults';
import type { Template } from '../../../src/domain/schemas';
import { MESSAGES } from '../../../src/domain/messages';
import {
  generatedTemplate,
  openTestDatabase,
  readWizardState,
  renderWizard,
  settle,
  storeDemoState,
  storeWizardState,
} from './harness';

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
  useApiCredentials: () => ({ token: null, anonId: '11111111-1111-4111-8111-111111111111' }),
  useRequestorId: () => '11111111-1111-4111-8111-111111111111',
}));
vi.mock('../../../src/api/ai', () => ({ requestAiContent: vi.fn(), pollAiContent: vi.fn() }));
vi.mock('../../../src/api/games', () => ({ createDemoGame: vi.fn(), fetchGameStatus: vi.fn() }));

const STATUS_URL = 'http://localhost/v1/ai_content_requests/6f1c0c1e-0000-4000-8000-000000000001';
const COMPLETED_AT = '2026-03-01T09:00:05.000Z';
const WORKING = 'Our AI Assistant is getting to work. Prepare to be dazzled!';
const FEWER = MESSAGES.ai.fewerTasks(12, 20);
const NOTICE_ID = 'wizard-result-notice';

let db: TeamtrailDatabase;
let template: Template;
beforeEach(async () => {
  db = await openTestDatabase();
  template = generatedTemplate();
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  session.signedIn = false;
  vi.mocked(requestAiContent).mockReset();
  vi.mocked(pollAiContent).mockReset();
  await settle();
  await db.close();
});

const where = () => screen.getByTestId('where').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const demo = (step: string, id = template.id) => `/activity/${id}/demo/${step}`;
/** The demo screens read the wizard's state beside their own: give it time to arrive first. */
async function expectNoNotice() {
  await settle();
  expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
}

/** A finished status answer; `notice` left out altogether is what an older server sends. */
function finished(notice?: string | null) {
  const data = { completedAt: COMPLETED_AT, template };
  return {
    ok: true as const,
    data: notice === undefined ? data : { ...data, notice },
  };
}

/** The wizard's state once its request has finished. */
const finishedState = (notice: string | null) =>
  storeWizardState(db, {
    topics: 'Food hygiene',
    name: 'Bakery',
    statusUrl: STATUS_URL,
    completedAt: COMPLETED_AT,
    template,
    notice,
  });

const readyDemo = (templateId = template.id) =>
  storeDemoState(db, {
    templateId,
    statusUrl: `http://localhost/v1/templates/${templateId}/games/g-1`,
    code: 'MB2QY4T2',
    qrCodeUrl: '/v1/qr/MB2QY4T2.png',
  });

describe("docs/ai.md notice: /activity/status keeps the server's notice with the result", () => {
  beforeEach(async () => {
    await storeWizardState(db, { topics: 'Food hygiene', name: 'Bakery', statusUrl: STATUS_URL });
  });

  it('a finished status with a notice stores it, and /activity/complete shows it', async () => {
    vi.mocked(pollAiContent).mockResolvedValue(finished(FEWER));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    expect((await readWizardState(db)).notice).toBe(FEWER);
    expect((await screen.findByTestId(NOTICE_ID)).textContent).toBe(FEWER);
  });

  it.each([
    ['null', null],
    ['missing', undefined],
  ])('a finished status whose notice is %s stores none and shows no notice', async (_, notice) => {
    vi.mocked(pollAiContent).mockResolvedValue(finished(notice));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    await screen.findByText('Your activity has been created');
    expect((await readWizardState(db)).notice).toBeNull();
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });
});

describe('docs/ai.md notice on SPEC §2.4 step 7 /activity/complete', () => {
  it('shows the notice as the server wrote it, above "Open in the Activity Builder", and still moves on after 2 s', async () => {
    await finishedState(MESSAGES.ai.generalTasks);
    renderWizard(db, '/activity/complete');
    const notice = await screen.findByTestId(NOTICE_ID);
    expect(notice.textContent).toBe(MESSAGES.ai.generalTasks);
    // Advice next to the way to the tasks, not an alarm.
    expect(notice.getAttribute('role')).toBe('note');
    expect(screen.queryByRole('alert')).toBeNull();
    const builderLink = screen.getByRole('link', { name: 'Open in the Activity Builder' });
    expect(notice.nextElementSibling).toBe(builderLink);
    await advance(2_100);
    await waitFor(() => expect(where()).toBe(demo('create')));
  });

  it('a wizard state stored before notices existed (no field) shows no notice', async () => {
    const { notice: _, ...older } = {
      ...AI_WIZARD_DEFAULTS,
      topics: 'Food hygiene',
      name: 'Bakery',
      statusUrl: STATUS_URL,
      completedAt: COMPLETED_AT,
      template,
    };
    await db.upsertLocal(WIZARD_STATE_KEY, older);
    renderWizard(db, '/activity/complete');
    await screen.findByText('Your activity has been created');
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });
});

describe('docs/ai.md notice on SPEC §2.4 step 8 demo/create, the guest gate', () => {
  it('shows the notice beside "Open in the Activity Builder"', async () => {
    await finishedState(FEWER);
    renderWizard(db, demo('create'));
    await screen.findByText('To create your demo activity you need a FREE account.');
    // The wizard's state is read beside the demo's: the notice may follow the page by a moment.
    const notice = await screen.findByTestId(NOTICE_ID);
    expect(notice.textContent).toBe(FEWER);
    expect(notice.nextElementSibling).toBe(
      screen.getByRole('link', { name: 'Open in the Activity Builder' }),
    );
  });

  it('shows no notice when the request had none', async () => {
    await finishedState(null);
    renderWizard(db, demo('create'));
    await screen.findByText('To create your demo activity you need a FREE account.');
    await expectNoNotice();
  });
});

describe('docs/ai.md notice on SPEC §2.4 step 10 demo/complete', () => {
  beforeEach(() => {
    session.signedIn = true;
  });

  it('shows the notice in step 3, where the organiser is sent to edit the tasks; the SPEC texts stay', async () => {
    await finishedState(FEWER);
    await readyDemo();
    renderWizard(db, demo('complete'));
    expect(await screen.findByRole('heading', { name: 'Create Activity' })).toBeTruthy();
    expect(screen.getByText('Well done - your new activity is ready to test')).toBeTruthy();
    const step3 = screen.getByRole('region', { name: /^Step 3/ });
    expect((await within(step3).findByTestId(NOTICE_ID)).textContent).toBe(FEWER);
    expect(screen.getAllByTestId(NOTICE_ID)).toHaveLength(1);
  });

  it('shows no notice when the request had none', async () => {
    await finishedState(null);
    await readyDemo();
    renderWizard(db, demo('complete'));
    await screen.findByRole('heading', { name: 'Create Activity' });
    await expectNoNotice();
  });

  it("shows no notice on the demo of another activity than the wizard's", async () => {
    const otherId = '0c8a6d7e-1111-4222-8333-444455556666';
    await finishedState(FEWER);
    await readyDemo(otherId);
    renderWizard(db, demo('complete', otherId));
    await screen.findByRole('heading', { name: 'Create Activity' });
    await expectNoNotice();
  });
});

describe('docs/ai.md notice: a new request starts without the old notice', () => {
  it('"Create" on /activity/name clears the notice of the earlier run with its result', async () => {
    await finishedState(FEWER);
    renderWizard(db, '/activity/name');
    fireEvent.change(await screen.findByPlaceholderText('E.g New starter onboarding'), {
      target: { value: 'Second activity' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(where()).toBe('/activity/create'));
    expect(await readWizardState(db)).toMatchObject({
      name: 'Second activity',
      statusUrl: null,
      completedAt: null,
      template: null,
      notice: null,
    });
  });

  it('"Try again?" (a reset of the wizard) clears the notice', async () => {
    await storeWizardState(db, {
      topics: 'Food hygiene',
      name: 'Bakery',
      statusUrl: STATUS_URL,
      notice: FEWER,
      error: 'Unable to get content generation results. Please try again later',
    });
    renderWizard(db, '/activity/status');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again?' }));
    await waitFor(() => expect(where()).toBe('/activity/type'));
    await waitFor(async () => expect((await readWizardState(db)).notice).toBeNull());
  });

  it('the next finished request without a notice shows none, though the last one had one', async () => {
    await finishedState(FEWER);
    renderWizard(db, '/activity/name');
    fireEvent.change(await screen.findByPlaceholderText('E.g New starter onboarding'), {
      target: { value: 'Second activity' },
    });
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: true,
      data: { aiContentRequestStatusUrl: STATUS_URL },
    });
    vi.mocked(pollAiContent).mockResolvedValue(finished(null));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(where()).toBe('/activity/create'));
    await screen.findByText(WORKING);
    await advance(3_000);
    await waitFor(() => expect(where()).toBe('/activity/status'));
    // The status screen schedules its first poll once it has read the wizard's state, which on a
    // busy machine comes after the address has changed: the clock moves once that read is done.
    await settle();
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    await screen.findByText('Your activity has been created');
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });
});
