// @vitest-environment happy-dom
/**
 * docs/ai.md "Finished: the push": every screen that waits for an AI request (the wizard's
 * /activity/status, the "Create new game" dialog's AI path, the builder's "Generate with AI")
 * asks its status URL at once when the sync worker passes on the server's
 * `ai-request-finished` event, instead of at the next 5 s poll; the 5 s polls stay as the
 * fallback (SPEC §9). The event reaches the tab as in the app: posted by the worker's side
 * (announceAiRequestFinished) on the BroadcastChannel the tab listens to. Fake timers: no test
 * moves the clock by 5 s before the screen has moved on through the event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { pollAiContent, requestAiContent } from '../../../src/api/ai';
import {
  announceAiRequestFinished,
  listenForAiRequestEvents,
  onAiRequestFinished,
} from '../../../src/localdb/aiRequestEvents';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { AI_REQUEST_FINISHED } from '../../../src/domain/aiEvents';
import type { Template } from '../../../src/domain/schemas';
import { aiRequestIdOf } from '../../../src/features/aiFlow/useAiRequestWake';
import { CreateGameDialog } from '../../../src/features/createGame/CreateGameDialog';
import {
  generatedTemplate,
  openTestDatabase,
  providers,
  readWizardState,
  renderWizard,
  settle,
  storeWizardState,
} from '../wizard/harness';
import { readTemplate, renderBuilderTasks, storeTemplate, task } from '../builder/ai/harness';

vi.mock('../../../src/auth/session', () => ({
  useSession: () => ({ signedIn: false, user: null, canScheduleActivity: false }),
  useApiCredentials: () => ({ token: null, anonId: '11111111-1111-4111-8111-111111111111' }),
  useRequestorId: () => '11111111-1111-4111-8111-111111111111',
}));
vi.mock('../../../src/api/ai', () => ({ requestAiContent: vi.fn(), pollAiContent: vi.fn() }));
vi.mock('../../../src/api/taskOrigins', () => ({
  getTaskOrigins: vi.fn(async () => ({ ok: true, data: [] })),
  anotherTaskLikeThis: vi.fn(),
}));

const WORKING = 'Our AI Assistant is getting to work. Prepare to be dazzled!';

let db: TeamtrailDatabase;
/** Each test its own request: the tab remembers finished requests for a while. */
let statusUrl: string;
let requestId: string;

beforeEach(async () => {
  // As the sync client does when the tab starts.
  listenForAiRequestEvents();
  db = await openTestDatabase();
  requestId = randomUUID();
  statusUrl = `http://localhost/v1/ai_content_requests/${requestId}`;
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

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const where = () => screen.getByTestId('where').textContent;
const pending = () => ({
  ok: true as const,
  data: { completedAt: null, template: null },
});
const done = (template: Template) => ({
  ok: true as const,
  data: { completedAt: '2026-03-01T09:00:05.000Z', template },
});
/** What the sync worker does when the server's event stream says the request is over. */
const serverSaysFinished = (id = requestId, status: 'completed' | 'failed' = 'completed') =>
  announceAiRequestFinished({ type: AI_REQUEST_FINISHED, requestId: id, status });
/**
 * serverSaysFinished, resolved once this tab has heard it (a message on a BroadcastChannel takes
 * a turn of the event loop to arrive). The screens listened before: they have heard it too.
 */
async function serverSaysFinishedAndHeard(id = requestId) {
  let announced = false;
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = onAiRequestFinished(id, () => {
      if (announced) resolve();
    });
  });
  // A request heard before is told at once, in a microtask: that is not this announcement.
  await Promise.resolve();
  announced = true;
  serverSaysFinished(id);
  await act(() => heard);
  stop();
}

describe('the request id is the end of the status URL (SPEC §7 {rest})', () => {
  it('reads it from the URL the POST answered, and nothing from another address', () => {
    expect(aiRequestIdOf('https://app.example/v1/ai_content_requests/abc-123')).toBe('abc-123');
    expect(aiRequestIdOf('https://app.example/v1/ai_content_requests/abc-123?x=1')).toBe('abc-123');
    expect(aiRequestIdOf('https://app.example/v1/templates/abc-123')).toBeNull();
    expect(aiRequestIdOf('https://app.example/v1/ai_content_requests/')).toBeNull();
  });
});

describe('wizard /activity/status: the finished event asks at once, the 5 s poll is the fallback', () => {
  beforeEach(async () => {
    await storeWizardState(db, { topics: 'Food hygiene', name: 'Bakery', statusUrl });
  });

  it('moves on as soon as the finished event arrives, without waiting for the 5 s poll', async () => {
    const template = generatedTemplate();
    vi.mocked(pollAiContent).mockResolvedValue(done(template));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    expect(pollAiContent).not.toHaveBeenCalled();

    serverSaysFinished();
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    // One GET of the status URL, made on the event (the result comes the validated way).
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(pollAiContent).mock.calls[0]![0]).toBe(statusUrl);
    expect((await readWizardState(db)).template?.id).toBe(template.id);
    // Done: the polls stop.
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });

  it('without any event it still moves on by the 5 s poll', async () => {
    const template = generatedTemplate();
    vi.mocked(pollAiContent).mockResolvedValueOnce(pending()).mockResolvedValueOnce(done(template));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await advance(4_800);
    expect(pollAiContent).not.toHaveBeenCalled();
    await advance(300);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    expect(pollAiContent).toHaveBeenCalledTimes(2);
  });

  it('an event about another request asks nothing early', async () => {
    const template = generatedTemplate();
    vi.mocked(pollAiContent).mockResolvedValue(done(template));
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    await serverSaysFinishedAndHeard(randomUUID());
    expect(pollAiContent).not.toHaveBeenCalled();
    expect(where()).toBe('/activity/status');
    await advance(5_000);
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });

  it('an event heard before the screen began waiting (a generator quicker than the answer) still asks at once', async () => {
    await serverSaysFinishedAndHeard();
    const template = generatedTemplate();
    vi.mocked(pollAiContent).mockResolvedValue(done(template));
    renderWizard(db, '/activity/status');
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });

  it('an event while the 5 s poll is in flight asks once more after it, never twice at once, and moves on once', async () => {
    const template = generatedTemplate();
    let answerFirst: (value: ReturnType<typeof pending>) => void = () => {};
    vi.mocked(pollAiContent)
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValue(done(template));
    const { router } = renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    const arrivals = new Set<string>();
    router.subscribe(({ location }) => {
      if (location.pathname === '/activity/complete') arrivals.add(location.key);
    });

    await advance(5_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    await serverSaysFinishedAndHeard();
    expect(pollAiContent).toHaveBeenCalledTimes(1); // not while the first is unanswered
    await act(async () => answerFirst(pending())); // sent before the job was done
    await waitFor(() => expect(where()).toBe('/activity/complete'));
    expect(pollAiContent).toHaveBeenCalledTimes(2);
    // A late repeat of the event, and the polls' times, change nothing.
    await serverSaysFinishedAndHeard();
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(2);
    expect(arrivals.size).toBe(1);
  });

  it('a failed request shows the failure as soon as the event arrives', async () => {
    vi.mocked(pollAiContent).mockResolvedValue({ ok: false, error: { status: 422, message: 'x' } });
    renderWizard(db, '/activity/status');
    await screen.findByText(WORKING);
    serverSaysFinished(requestId, 'failed');
    expect((await screen.findByTestId('wizard-error')).textContent).toBe(
      'Unable to get content generation results. Please try again later',
    );
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });
});

describe('"Create new game" dialog, AI path: the finished event asks at once', () => {
  it('shows the ready step as soon as the finished event arrives, without waiting for the 5 s poll', async () => {
    const template = generatedTemplate('Space quiz');
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: true,
      data: { aiContentRequestStatusUrl: statusUrl },
    });
    vi.mocked(pollAiContent).mockResolvedValue(done(template));
    const router = createMemoryRouter(
      [{ path: '/activities', element: <CreateGameDialog opened onClose={() => {}} /> }],
      { initialEntries: ['/activities'] },
    );
    render(providers(db, <RouterProvider router={router} />));
    fireEvent.click(await screen.findByRole('button', { name: 'With AI' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: '20 Questions' }));
    fireEvent.change(await screen.findByLabelText('Topic'), { target: { value: 'Space' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Space quiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Thinking… This operation will take a few moments. Please wait.');
    await waitFor(() => expect(requestAiContent).toHaveBeenCalledTimes(1));

    serverSaysFinished();
    expect(await screen.findByText('Your activity is ready! 🎉')).toBeTruthy();
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });
});

describe('builder "Generate with AI": the finished event asks at once', () => {
  it('applies the generated tasks as soon as the finished event arrives, without waiting for the 5 s poll', async () => {
    const template = await storeTemplate(db, {
      name: 'Safety refresher',
      steps: [task('Old one'), task('Fire exits', { locked: true }), task('Old three')],
    });
    const answer: Template = {
      ...template,
      steps: template.steps.map((s, i) => (s.locked ? s : task(`New ${i}`))),
    };
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: true,
      data: { aiContentRequestStatusUrl: statusUrl },
    });
    vi.mocked(pollAiContent).mockResolvedValue(done(answer));
    renderBuilderTasks(db, template.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate with AI' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(
      within(dialog).getByLabelText(
        'Enter the topics you would like our AI Assistant to use... Be as descriptive as possible',
      ),
      { target: { value: 'Health and safety' } },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate tasks' }));
    await within(dialog).findByText('Thinking');
    await waitFor(() => expect(requestAiContent).toHaveBeenCalledTimes(1));

    serverSaysFinished();
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'Tasks generated and applied to activity.',
      ),
    ).toBeTruthy();
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    const stored = await readTemplate(db, template.id);
    expect(stored.content.steps.map((s) => s.name)).toEqual(['New 0', 'Fire exits', 'New 2']);
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
  });
});
