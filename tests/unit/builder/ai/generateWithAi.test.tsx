// @vitest-environment happy-dom
/**
 * SPEC §2.8 "Generate with AI dialog" on the Edit Tasks screen: its four steps and texts, the
 * topics rule of §5, the failures with "Try again?", polling every 5 s that carries on offline,
 * and the result applied to the unlocked tasks only (§6) as an unsaved local edit (§4 dirty flag),
 * even when the dialog was closed while it ran; the server's notice of fewer new tasks than asked
 * (docs/ai.md) shown with the result.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollAiContent, requestAiContent } from '../../../../src/api/ai';
import { OFFLINE_MESSAGE } from '../../../../src/api/client';
import { getTaskOrigins } from '../../../../src/api/taskOrigins';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import type { Step, Template } from '../../../../src/domain/schemas';
import { MESSAGES } from '../../../../src/domain/messages';
import {
  openTestDatabase,
  pushToServer,
  readTemplate,
  renderBuilderTasks,
  settle,
  storeTemplate,
  task,
} from './harness';

vi.mock('../../../../src/auth/session', () => ({
  useSession: () => ({ signedIn: false, user: null, canScheduleActivity: false }),
  useApiCredentials: () => ({ token: null, anonId: '11111111-1111-4111-8111-111111111111' }),
  useRequestorId: () => '11111111-1111-4111-8111-111111111111',
}));
vi.mock('../../../../src/api/ai', () => ({ requestAiContent: vi.fn(), pollAiContent: vi.fn() }));
vi.mock('../../../../src/api/taskOrigins', () => ({
  getTaskOrigins: vi.fn(async () => ({ ok: true, data: [] })),
  anotherTaskLikeThis: vi.fn(),
}));

const STATUS_URL = 'http://localhost/v1/ai_content_requests/r-1';
const TOPICS_LABEL =
  'Enter the topics you would like our AI Assistant to use... Be as descriptive as possible';
const DONE = 'Tasks generated and applied to activity.';
const POLL_FAILED = 'Unable to get content generation results. Please try again later';

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
  vi.mocked(requestAiContent).mockReset();
  vi.mocked(pollAiContent).mockReset();
  vi.mocked(getTaskOrigins).mockClear();
  setOnline(true);
  await settle();
  await db.close();
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.getByRole('dialog');
const inDialog = (name: string) => within(dialog()).getByRole('button', { name });
const pending = { ok: true as const, data: { completedAt: null, template: null } };
const accepted = {
  ok: true as const,
  data: { aiContentRequestStatusUrl: STATUS_URL },
};

/** An activity with locked tasks at positions 2 and 4, and a name edited on this device. */
async function activityWithLockedTasks(options?: { onServer?: boolean }) {
  const steps = [
    task('Old one'),
    task('Fire exits', { locked: true }),
    task('Old three'),
    task('First aid kit', { locked: true }),
    task('Old five'),
  ];
  const template = await storeTemplate(db, { name: 'Safety refresher (my edit)', steps }, options);
  return template;
}

/** The server's answer: its template with the unlocked tasks replaced (docs/ai.md). */
function answerFor(template: Template): Template {
  let n = 0;
  const steps: Step[] = template.steps.map((s) => (s.locked ? s : task(`New ${++n}`)));
  return { ...template, name: 'Name from the server', steps };
}

const completed = (template: Template) => ({
  ok: true as const,
  data: { completedAt: '2026-03-01T09:05:00.000Z', template },
});

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Generate with AI' }));
  return screen.findByRole('dialog');
}

async function generate(topics = 'Health and safety at work') {
  await openDialog();
  fireEvent.change(screen.getByLabelText(TOPICS_LABEL), { target: { value: topics } });
  fireEvent.click(inDialog('Generate tasks'));
}

describe('SPEC §2.8 Edit Tasks screen: a "Generate with AI" button', () => {
  it('sits in the header next to the help link, marked for the guided tour', async () => {
    const template = await activityWithLockedTasks();
    renderBuilderTasks(db, template.id);
    const button = await screen.findByRole('button', { name: 'Generate with AI' });
    expect(button.getAttribute('data-tour')).toBe('generate-ai');
    expect(
      button.parentElement!.contains(screen.getByRole('button', { name: 'Help: editing tasks' })),
    ).toBe(true);
  });

  it('offline it opens nothing and says that it needs the internet', async () => {
    const template = await activityWithLockedTasks();
    renderBuilderTasks(db, template.id);
    const button = await screen.findByRole('button', { name: 'Generate with AI' });
    act(() => setOnline(false));
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.mouseEnter(button);
    expect(
      await screen.findByText(
        'You are offline. Generating tasks with AI needs the internet: try again once you are back online.',
      ),
    ).toBeTruthy();
  });
});

describe('SPEC §2.8 Generate with AI step 1: Topics', () => {
  it('asks for the topics, warns "Continuing will overwrite any current unlocked tasks", and offers "Cancel" and "Generate tasks"', async () => {
    const template = await activityWithLockedTasks();
    renderBuilderTasks(db, template.id);
    await openDialog();
    expect(screen.getByLabelText(TOPICS_LABEL)).toBeTruthy();
    expect(
      within(dialog()).getByText('Continuing will overwrite any current unlocked tasks'),
    ).toBeTruthy();
    expect(inDialog('Generate tasks').hasAttribute('disabled')).toBe(true);
    fireEvent.click(inDialog('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestAiContent).not.toHaveBeenCalled();
  });

  it('"Generate tasks" is disabled until topics are entered, and topics stop at 1000 characters with a counter', async () => {
    const template = await activityWithLockedTasks();
    renderBuilderTasks(db, template.id);
    await openDialog();
    const topics = screen.getByLabelText(TOPICS_LABEL) as HTMLTextAreaElement;
    fireEvent.change(topics, { target: { value: '   ' } });
    expect(inDialog('Generate tasks').hasAttribute('disabled')).toBe(true);
    fireEvent.change(topics, { target: { value: 'Fire safety' } });
    expect(inDialog('Generate tasks').hasAttribute('disabled')).toBe(false);
    expect(within(dialog()).getByText('11 / 1000')).toBeTruthy();
    fireEvent.change(topics, { target: { value: 'z'.repeat(1200) } });
    expect(topics.value).toHaveLength(1000);
    expect(within(dialog()).getByText('1000 / 1000')).toBeTruthy();
  });
});

describe('SPEC §2.8 Generate with AI steps 2–4: Creating, Polling every 5 s, Done', () => {
  it('shows "Thinking", polls every 5 s with "Close", then "Tasks generated and applied to activity."; locked tasks keep place and content, the edit is unsaved', async () => {
    const template = await activityWithLockedTasks();
    const answer = answerFor(template);
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValueOnce(pending).mockResolvedValue(completed(answer));
    renderBuilderTasks(db, template.id);
    await generate('  Health and safety at work  ');

    expect(await within(dialog()).findByText('Thinking')).toBeTruthy();
    expect(
      within(dialog()).getByText('This operation may take some time. Please wait'),
    ).toBeTruthy();
    expect(requestAiContent).toHaveBeenCalledWith(
      { templateId: template.id, topics: 'Health and safety at work' },
      expect.anything(),
    );
    await waitFor(() => expect(inDialog('Close')).toBeTruthy());
    expect(pollAiContent).not.toHaveBeenCalled();
    await advance(5_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    expect(within(dialog()).getByText('Thinking')).toBeTruthy();
    await advance(5_000);
    expect(await within(dialog()).findByText(DONE)).toBeTruthy();
    expect(pollAiContent).toHaveBeenCalledTimes(2);

    const stored = await readTemplate(db, template.id);
    expect(stored.content.steps.map((s) => s.name)).toEqual([
      'New 1',
      'Fire exits',
      'New 2',
      'First aid kit',
      'New 3',
    ]);
    expect(stored.content.steps[1]).toEqual(template.steps[1]);
    expect(stored.content.steps[3]).toEqual(template.steps[3]);
    // Only the tasks are taken: the name edited here stays.
    expect(stored.content.name).toBe('Safety refresher (my edit)');
    // SPEC §4 dirty flag: a local edit the sync worker has still to push.
    expect(stored.localVersion).toBeGreaterThan(stored.pushedVersion);
    // The cards show the new tasks.
    await waitFor(() =>
      expect(screen.getAllByTestId('task-card').map((c) => c.textContent)).toEqual(
        expect.arrayContaining([expect.stringContaining('New 1')]),
      ),
    );

    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps polling while offline, saying so, and finishes when the connection is back', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent)
      .mockResolvedValueOnce({ ok: false, error: { status: null, message: OFFLINE_MESSAGE } })
      .mockResolvedValueOnce({ ok: false, error: { status: null, message: OFFLINE_MESSAGE } })
      .mockResolvedValue(completed(answerFor(template)));
    renderBuilderTasks(db, template.id);
    await generate();
    await within(dialog()).findByText('Thinking');
    await advance(5_000);
    expect(
      await within(dialog()).findByText(
        `${OFFLINE_MESSAGE} We will keep checking for your activity.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(5_000);
    await advance(5_000);
    expect(await within(dialog()).findByText(DONE)).toBeTruthy();
    expect(pollAiContent).toHaveBeenCalledTimes(3);
  });
});

describe('SPEC §2.8 Generate with AI: errors offer "Try again?" and "Close"', () => {
  it('a refused request shows its error; "Try again?" goes back to the topics, which are kept', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: 422, message: 'anything the server said' },
    });
    renderBuilderTasks(db, template.id);
    await generate('Fire safety for kitchen staff');
    expect(
      await within(dialog()).findByText(
        'The generated content or template contains incomplete data.',
      ),
    ).toBeTruthy();
    expect(inDialog('Close')).toBeTruthy();
    fireEvent.click(inDialog('Try again?'));
    const topics = (await screen.findByLabelText(TOPICS_LABEL)) as HTMLTextAreaElement;
    expect(topics.value).toBe('Fire safety for kitchen staff');
    expect((await readTemplate(db, template.id)).localVersion).toBe(1);
  });

  it('a failed poll shows "Unable to get content generation results…" and "Try again?" goes to the first step; the tasks are unchanged', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValue({ ok: false, error: { status: 500, message: 'x' } });
    renderBuilderTasks(db, template.id);
    await generate();
    await within(dialog()).findByText('Thinking');
    await advance(5_000);
    expect(await within(dialog()).findByText(POLL_FAILED)).toBeTruthy();
    await advance(10_000);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    fireEvent.click(inDialog('Try again?'));
    expect(await screen.findByLabelText(TOPICS_LABEL)).toBeTruthy();
    expect((await readTemplate(db, template.id)).content.steps).toEqual(template.steps);
  });

  it('"Close" on an error closes the dialog', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: 503, message: 'x' },
    });
    renderBuilderTasks(db, template.id);
    await generate();
    await within(dialog()).findByText(
      'Unable to request content generation. Please try again later.',
    );
    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('SPEC §2.8 Generate with AI: closing the dialog does not lose the result', () => {
  it('closed while polling, the result is still applied and a notification says "Tasks generated and applied to activity."', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent)
      .mockResolvedValueOnce(pending)
      .mockResolvedValue(completed(answerFor(template)));
    renderBuilderTasks(db, template.id);
    await generate();
    await waitFor(() => expect(inDialog('Close')).toBeTruthy());
    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await advance(5_000);
    // Reopened meanwhile, the dialog shows the step the generation is at.
    await openDialog();
    expect(within(dialog()).getByText('Thinking')).toBeTruthy();
    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await advance(5_000);
    const notice = await screen.findByTestId('generate-ai-notice');
    expect(notice.textContent).toContain(DONE);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
    const stored = await readTemplate(db, template.id);
    expect(stored.content.steps.map((s) => s.name)).toEqual([
      'New 1',
      'Fire exits',
      'New 2',
      'First aid kit',
      'New 3',
    ]);
    // The next generation starts again at the topics.
    await openDialog();
    expect(screen.getByLabelText(TOPICS_LABEL)).toBeTruthy();
  });

  it('closed while polling, a failure is told by a notification whose "Try again?" reopens the topics', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValue({ ok: false, error: { status: 500, message: 'x' } });
    renderBuilderTasks(db, template.id);
    await generate('Fire drills');
    await waitFor(() => expect(inDialog('Close')).toBeTruthy());
    fireEvent.click(inDialog('Close'));
    await advance(5_000);
    const notice = await screen.findByTestId('generate-ai-notice');
    expect(notice.textContent).toContain(POLL_FAILED);
    // An error is an alert, at the bottom right, and stays.
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
    await advance(20_000);
    expect(screen.getByTestId('generate-ai-notice')).toBe(notice);
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again?' }));
    const topics = (await screen.findByLabelText(TOPICS_LABEL)) as HTMLTextAreaElement;
    expect(topics.value).toBe('Fire drills');
  });
});

describe('SPEC §2.8 Generate with AI for an activity that has not reached the server yet', () => {
  it('asks the sync worker to push it and stays on "Thinking" until the server has it, then asks', async () => {
    const template = await activityWithLockedTasks({ onServer: false });
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValue(pending);
    const { sync } = renderBuilderTasks(db, template.id);
    await generate();
    expect(await within(dialog()).findByText('Thinking')).toBeTruthy();
    await waitFor(() => expect(sync.syncNow).toHaveBeenCalledTimes(1));
    await advance(2_000);
    expect(requestAiContent).not.toHaveBeenCalled();
    await act(() => pushToServer(db, template));
    await waitFor(() => expect(requestAiContent).toHaveBeenCalledTimes(1));
  });

  it('says so with "Try again?" when it does not arrive in time', async () => {
    const template = await activityWithLockedTasks({ onServer: false });
    renderBuilderTasks(db, template.id, { serverWaitMs: 10_000 });
    await generate();
    await within(dialog()).findByText('Thinking');
    await advance(10_000);
    expect(
      await within(dialog()).findByText(
        'Your activity has not reached our server yet, so our AI Assistant cannot read it. Check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(requestAiContent).not.toHaveBeenCalled();
    expect(inDialog('Try again?')).toBeTruthy();
  });
});

describe("docs/ai.md notice: the server's word that it made fewer new tasks than asked", () => {
  const KEPT = MESSAGES.ai.fewerTasksKept(2, 3, 1);
  const NOTICE_ID = 'generate-ai-result-notice';
  const completedWith = (template: Template, notice?: string | null) => {
    const answer = completed(template);
    return notice === undefined ? answer : { ...answer, data: { ...answer.data, notice } };
  };

  it('the open dialog shows the notice under "Tasks generated and applied to activity."', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValue(completedWith(answerFor(template), KEPT));
    renderBuilderTasks(db, template.id);
    await generate();
    await within(dialog()).findByText('Thinking');
    await advance(5_000);
    expect(await within(dialog()).findByText(DONE)).toBeTruthy();
    const notice = within(dialog()).getByTestId(NOTICE_ID);
    expect(notice.textContent).toBe(KEPT);
    expect(notice.getAttribute('role')).toBe('note');
    // Closing ends the result: the next generation starts at the topics, with no notice.
    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openDialog();
    expect(screen.getByLabelText(TOPICS_LABEL)).toBeTruthy();
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });

  it.each([
    ['null', null],
    ['missing', undefined],
  ])('a result whose notice is %s shows no notice in the dialog', async (_, notice) => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValue(completedWith(answerFor(template), notice));
    renderBuilderTasks(db, template.id);
    await generate();
    await within(dialog()).findByText('Thinking');
    await advance(5_000);
    expect(await within(dialog()).findByText(DONE)).toBeTruthy();
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });

  it('closed while polling, the notification says "Tasks generated and applied to activity." and the notice, and stays until dismissed', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent)
      .mockResolvedValueOnce(pending)
      .mockResolvedValue(completedWith(answerFor(template), KEPT));
    renderBuilderTasks(db, template.id);
    await generate();
    await waitFor(() => expect(inDialog('Close')).toBeTruthy());
    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await advance(10_000);
    const notification = await screen.findByTestId('generate-ai-notice');
    expect(notification.textContent).toContain(`${DONE} ${KEPT}`);
    // Advice to act on is not taken away after 8 s as the plain "done" is.
    await advance(20_000);
    expect(screen.getByTestId('generate-ai-notice')).toBeTruthy();
    fireEvent.click(within(notification).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('generate-ai-notice')).toBeNull());
  });

  it('closed while polling, a result without a notice is told by the notification alone, which goes after 8 s', async () => {
    const template = await activityWithLockedTasks();
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent)
      .mockResolvedValueOnce(pending)
      .mockResolvedValue(completedWith(answerFor(template), null));
    renderBuilderTasks(db, template.id);
    await generate();
    await waitFor(() => expect(inDialog('Close')).toBeTruthy());
    fireEvent.click(inDialog('Close'));
    await advance(10_000);
    const notification = await screen.findByTestId('generate-ai-notice');
    expect(within(notification).getByText(DONE).textContent).toBe(DONE);
    await advance(8_000);
    await waitFor(() => expect(screen.queryByTestId('generate-ai-notice')).toBeNull());
  });
});

describe('docs/ai.md task origins: read again once a result is applied', () => {
  it('the Edit Tasks cards ask for the origins when the screen opens and after the result, and show the new ones', async () => {
    const template = await activityWithLockedTasks();
    const answer = answerFor(template);
    vi.mocked(requestAiContent).mockResolvedValue(accepted);
    vi.mocked(pollAiContent).mockResolvedValue(completed(answer));
    renderBuilderTasks(db, template.id);
    await waitFor(() => expect(getTaskOrigins).toHaveBeenCalledTimes(1));
    vi.mocked(getTaskOrigins).mockResolvedValueOnce({
      ok: true,
      data: [
        { stepId: answer.steps[0]!.id, kind: 'model', sentence: null, topic: null, general: false },
      ],
    });
    await generate();
    await advance(5_000);
    expect(await within(dialog()).findByText(DONE)).toBeTruthy();
    await waitFor(() => expect(getTaskOrigins).toHaveBeenCalledTimes(2));
    fireEvent.click(inDialog('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const card = screen.getByRole('listitem', { name: 'Task 1: New 1' });
    fireEvent.click(within(card).getByRole('button', { expanded: false }));
    expect(await within(card).findByText('Written by the AI model from your topics')).toBeTruthy();
  });
});
