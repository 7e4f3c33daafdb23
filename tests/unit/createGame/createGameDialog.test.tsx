// @vitest-environment happy-dom
/**
 * SPEC §2.5 the "Create new game" dialog on screen, and how it differs from the wizard (§2.4):
 * only 20 questions, no 3 s wait, a ready step with "Your activity is ready! 🎉", and state kept
 * in memory ("Close" forgets it). Before the AI steps, the three starts: Start blank,
 * From a template, With AI. The server's notice of fewer tasks than asked (docs/ai.md) on the
 * ready step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { rememberLastTemplate } from '../../../src/localdb/lastTemplate';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import { BLANK_TEMPLATE } from '../../../src/domain/blankTemplate';
import { setLoadedTemplateId } from '../../../src/features/builder/builderEntry';
import { pollAiContent, requestAiContent } from '../../../src/api/ai';
import { CreateGameDialog } from '../../../src/features/createGame/CreateGameDialog';
import { CreateGameButton } from '../../../src/features/createGame/CreateGameButton';
import type { Template } from '../../../src/domain/schemas';
import { MESSAGES } from '../../../src/domain/messages';
import {
  ANON_ID,
  generatedTemplate,
  OWNER,
  openTestDatabase,
  providers,
  settle,
} from '../wizard/harness';

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

const STATUS_URL = 'http://localhost/v1/ai_content_requests/r-1';
const THINKING = 'Thinking… This operation will take a few moments. Please wait.';

let db: TeamtrailDatabase;
let closes: number;
beforeEach(async () => {
  db = await openTestDatabase();
  closes = 0;
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

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const button = (name: string) => screen.getByRole('button', { name });

function Host() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open again
      </button>
      <CreateGameDialog
        opened={opened}
        onClose={() => {
          closes += 1;
          setOpened(false);
        }}
      />
    </>
  );
}

function renderDialog() {
  const router = createMemoryRouter(
    [
      { path: '/before', element: <p>Before</p> },
      { path: '/activities', element: <Host /> },
      { path: '/builder/:templateId', element: <p data-testid="builder">Builder</p> },
      { path: '/games', element: <p data-testid="games">Games</p> },
      { path: '/templates', element: <p data-testid="library">Template Library</p> },
    ],
    { initialEntries: ['/before', '/activities'], initialIndex: 1 },
  );
  render(providers(db, <RouterProvider router={router} />));
  return router;
}

/** "With AI": on to SPEC §2.5's first step, the game type. */
async function chooseAi() {
  fireEvent.click(await screen.findByRole('button', { name: 'With AI' }));
  await screen.findByRole('button', { name: 'Quiz' });
}

async function answerUpToName(topics = 'Space and planets') {
  await chooseAi();
  fireEvent.click(await screen.findByRole('button', { name: 'Quiz' }));
  fireEvent.click(await screen.findByRole('button', { name: '20 Questions' }));
  fireEvent.change(await screen.findByLabelText('Topic'), { target: { value: topics } });
  fireEvent.click(button('Next'));
  await screen.findByLabelText('Name');
}

/** `notice` left out altogether is what an older server sends (docs/ai.md). */
async function createAndFinish(template: Template, notice?: string | null) {
  vi.mocked(requestAiContent).mockResolvedValue({
    ok: true,
    data: { aiContentRequestStatusUrl: STATUS_URL },
  });
  const data = { completedAt: '2026-03-01T09:00:00.000Z', template };
  vi.mocked(pollAiContent).mockResolvedValue({
    ok: true,
    data: notice === undefined ? data : { ...data, notice },
  });
  await answerUpToName();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Space quiz' } });
  fireEvent.click(button('Create'));
  await screen.findByText(THINKING);
  await advance(5_000);
  await screen.findByText('Your activity is ready! 🎉');
}

describe('SPEC §2.5 step 1: game type', () => {
  it('Quiz is enabled; Location is disabled, "Outdoor GPS based game, ideal for exploring campus or local area"', async () => {
    renderDialog();
    await chooseAi();
    const quiz = await screen.findByRole('button', { name: 'Quiz' });
    expect(quiz.getAttribute('aria-disabled')).toBeNull();
    const location = screen.getByRole('button', { name: 'Location' });
    expect(location.getAttribute('aria-disabled')).toBe('true');
    expect(
      document.getElementById(location.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain('Outdoor GPS based game, ideal for exploring campus or local area');
    expect(
      document.getElementById(location.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain(
      'Upgrade to Enterprise to be able to create outdoor GPS activities in any location.',
    );
    fireEvent.click(location);
    expect(screen.getByRole('button', { name: 'Quiz' })).toBeTruthy();
  });
});

describe('SPEC §2.5 step 2: number of questions (unlike the wizard, only 20)', () => {
  it('only 20 is enabled; 10 and 30 are disabled', async () => {
    renderDialog();
    await chooseAi();
    fireEvent.click(await screen.findByRole('button', { name: 'Quiz' }));
    const ten = await screen.findByRole('button', { name: '10 Questions' });
    expect(ten.getAttribute('aria-disabled')).toBe('true');
    expect(button('30 Questions').getAttribute('aria-disabled')).toBe('true');
    expect(button('20 Questions').getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(ten);
    expect(screen.queryByLabelText('Topic')).toBeNull();
    fireEvent.click(button('20 Questions'));
    expect(await screen.findByLabelText('Topic')).toBeTruthy();
  });
});

describe('SPEC §2.5 steps 3 and 4: topic and name', () => {
  it('the topic is a text area of at most 1000 characters with a counter; Next needs topics', async () => {
    renderDialog();
    await chooseAi();
    fireEvent.click(await screen.findByRole('button', { name: 'Quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: '20 Questions' }));
    const topic = (await screen.findByLabelText('Topic')) as HTMLTextAreaElement;
    expect(topic.tagName).toBe('TEXTAREA');
    expect(topic.maxLength).toBe(1000);
    expect(button('Next').hasAttribute('disabled')).toBe(true);
    fireEvent.change(topic, { target: { value: '  ' } });
    expect(button('Next').hasAttribute('disabled')).toBe(true);
    fireEvent.change(topic, { target: { value: 'y'.repeat(1500) } });
    expect(topic.value).toHaveLength(1000);
    expect(screen.getByText('1000 / 1000')).toBeTruthy();
    expect(button('Next').hasAttribute('disabled')).toBe(false);
  });

  it('keyboard focus moves into each new step: the field of the topic and name steps (the button pressed is gone)', async () => {
    renderDialog();
    await chooseAi();
    for (const name of ['Quiz', '20 Questions']) {
      const choice = await screen.findByRole('button', { name });
      choice.focus();
      fireEvent.click(choice);
    }
    const topic = await screen.findByLabelText('Topic');
    await waitFor(() => expect(document.activeElement).toBe(topic));
    fireEvent.change(topic, { target: { value: 'Space and planets' } });
    button('Next').focus();
    fireEvent.click(button('Next'));
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('"Create" is disabled while the name is empty', async () => {
    renderDialog();
    await answerUpToName();
    expect(button('Create').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Space quiz' } });
    expect(button('Create').hasAttribute('disabled')).toBe(false);
  });
});

describe('SPEC §2.5 steps 5–7: creating, polling every 5 s, ready', () => {
  it('asks at once (no 3 s wait), shows "Thinking…", polls every 5 s and shows the ready step', async () => {
    const template = generatedTemplate('Space quiz');
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: true,
      data: { aiContentRequestStatusUrl: STATUS_URL },
    });
    vi.mocked(pollAiContent)
      .mockResolvedValueOnce({ ok: true, data: { completedAt: null, template: null } })
      .mockResolvedValueOnce({
        ok: true,
        data: { completedAt: '2026-03-01T09:00:00.000Z', template },
      });
    renderDialog();
    await answerUpToName('  Space and planets ');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Space quiz' } });
    fireEvent.click(button('Create'));

    expect(await screen.findByText(THINKING)).toBeTruthy();
    await waitFor(() => expect(requestAiContent).toHaveBeenCalledTimes(1));
    expect(vi.mocked(requestAiContent).mock.calls[0]![0]).toEqual({
      requestorId: ANON_ID,
      topics: 'Space and planets',
      name: 'Space quiz',
      gameType: 'quiz',
      deliveryType: 'inPerson',
      duration: 30,
      stepsCount: 20,
    });

    await advance(4_800);
    expect(pollAiContent).not.toHaveBeenCalled();
    await advance(300);
    expect(pollAiContent).toHaveBeenCalledTimes(1);
    await advance(5_000);
    expect(await screen.findByText('Your activity is ready! 🎉')).toBeTruthy();
    expect(pollAiContent).toHaveBeenCalledTimes(2);

    // The generated template is on this device for the builder.
    const local = (await db.templates.findOne(template.id).exec())?.toMutableJSON();
    expect(local).toMatchObject({ owner: OWNER, content: { name: 'Space quiz' } });
  });

  it('"Activity Builder" goes to /builder/{id}, replacing the history entry', async () => {
    const template = generatedTemplate();
    const router = renderDialog();
    await createAndFinish(template);
    fireEvent.click(button('Activity Builder'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/builder/${template.id}`));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/before');
  });

  it('"My Activities" is offered to signed-in users only, and goes to /games', async () => {
    renderDialog();
    await createAndFinish(generatedTemplate());
    expect(screen.queryByRole('button', { name: 'My Activities' })).toBeNull();
    cleanup();

    session.signedIn = true;
    const router = renderDialog();
    await createAndFinish(generatedTemplate());
    fireEvent.click(button('My Activities'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/games'));
  });

  it('"Close" closes the dialog', async () => {
    renderDialog();
    await createAndFinish(generatedTemplate());
    fireEvent.click(button('Close'));
    expect(closes).toBe(1);
  });
});

describe("docs/ai.md notice on SPEC §2.5 step 7: the server's word that it made fewer tasks", () => {
  const NOTICE_ID = 'create-game-result-notice';

  it('the ready step shows the notice under "Your activity is ready! 🎉", before its buttons', async () => {
    const notice = MESSAGES.ai.fewerTasks(14, 20);
    renderDialog();
    await createAndFinish(generatedTemplate(), notice);
    const shown = screen.getByTestId(NOTICE_ID);
    expect(shown.textContent).toBe(notice);
    expect(shown.getAttribute('role')).toBe('note');
    expect(shown.nextElementSibling?.contains(button('Activity Builder'))).toBe(true);
  });

  it.each([
    ['null', null],
    ['missing', undefined],
  ])('a result whose notice is %s shows no notice', async (_, notice) => {
    renderDialog();
    await createAndFinish(generatedTemplate(), notice);
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });

  it('"Close" forgets the notice: the next ready step without one shows none', async () => {
    renderDialog();
    await createAndFinish(generatedTemplate(), MESSAGES.ai.generalTasks);
    expect(screen.getByTestId(NOTICE_ID).textContent).toBe(MESSAGES.ai.generalTasks);
    fireEvent.click(button('Close'));
    fireEvent.click(button('Open again'));
    await createAndFinish(generatedTemplate(), null);
    expect(screen.queryByTestId(NOTICE_ID)).toBeNull();
  });
});

describe('SPEC §2.5 on error', () => {
  it.each([
    [422, 'The generated content or template contains incomplete data.'],
    [503, 'Unable to request content generation. Please try again later.'],
  ])('a %i answer shows "%s" as it is', async (status, message) => {
    vi.mocked(requestAiContent).mockResolvedValue({ ok: false, error: { status, message: 'x' } });
    renderDialog();
    await answerUpToName();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Space quiz' } });
    fireEvent.click(button('Create'));
    expect((await screen.findByTestId('create-game-error')).textContent).toBe(message);
  });

  it('a poll failure shows "Unable to get content generation results. Please try again later"', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: true,
      data: { aiContentRequestStatusUrl: STATUS_URL },
    });
    vi.mocked(pollAiContent).mockResolvedValue({ ok: false, error: { status: 500, message: 'x' } });
    renderDialog();
    await answerUpToName();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Space quiz' } });
    fireEvent.click(button('Create'));
    await screen.findByText(THINKING);
    await advance(5_000);
    expect((await screen.findByTestId('create-game-error')).textContent).toBe(
      'Unable to get content generation results. Please try again later',
    );
  });

  it('"Try again?" returns to step 1 (game type), keeping what was typed', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: 500, message: 'x' },
    });
    renderDialog();
    await answerUpToName('Rivers of Europe');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rivers' } });
    fireEvent.click(button('Create'));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again?' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: '20 Questions' }));
    expect(((await screen.findByLabelText('Topic')) as HTMLTextAreaElement).value).toBe(
      'Rivers of Europe',
    );
  });

  it('"Close" resets the dialog fully', async () => {
    vi.mocked(requestAiContent).mockResolvedValue({
      ok: false,
      error: { status: 500, message: 'x' },
    });
    renderDialog();
    await answerUpToName('Rivers of Europe');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rivers' } });
    fireEvent.click(button('Create'));
    await screen.findByTestId('create-game-error');
    fireEvent.click(button('Close'));
    expect(closes).toBe(1);
    fireEvent.click(button('Open again'));
    await chooseAi();
    fireEvent.click(await screen.findByRole('button', { name: 'Quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: '20 Questions' }));
    expect(((await screen.findByLabelText('Topic')) as HTMLTextAreaElement).value).toBe('');
  });
});

const STARTS = ['Start blank', 'From a template', 'With AI'];
const describedBy = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('the dialog offers three starts side by side before its AI steps', () => {
  afterEach(() => {
    setLoadedTemplateId(null);
    document.cookie = 'wglastTemplateId=; Max-Age=0; Path=/';
  });

  it('the three starts are shown: Start blank, From a template, With AI, each with a one-line description', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create new game' });
    await screen.findByRole('heading', { name: 'How would you like to start?' });
    const starts = STARTS.map((name) => button(name));
    // Side by side, in this order, in one row of cards.
    const cards = [...dialog.querySelectorAll('[data-selection-card]')];
    expect(cards.map((card) => card.querySelector('button')?.textContent)).toEqual(STARTS);
    for (const start of starts) {
      expect(describedBy(start)).not.toBe('');
      expect(describedBy(start)).not.toContain('\n');
    }
    // The AI steps come after the choice: no game type, no stepper yet.
    expect(screen.queryByRole('button', { name: 'Quiz' })).toBeNull();
    expect(screen.queryByText('Game type')).toBeNull();
  });

  it('the three starts are buttons, reachable with Tab and activated with Enter or Space', async () => {
    renderDialog();
    await screen.findByRole('heading', { name: 'How would you like to start?' });
    for (const name of STARTS) {
      const start = button(name);
      // A native, enabled button: the browser gives it Tab, Enter and Space.
      expect(start.tagName).toBe('BUTTON');
      expect(start.getAttribute('type')).toBe('button');
      expect(start.getAttribute('aria-disabled')).toBeNull();
      expect(start.tabIndex).toBe(0);
    }
  });

  it('"Start blank" creates a new blank activity for the current owner — a new id, not the last opened one — and opens it in the builder', async () => {
    const earlier = await createTemplateRepository(db).create(OWNER, {
      ...BLANK_TEMPLATE,
      name: 'Earlier activity',
      branding: { ...BLANK_TEMPLATE.branding, id: crypto.randomUUID(), logo: null },
      steps: [],
    });
    // Everything that makes "Activity Builder" reopen the earlier one.
    await rememberLastTemplate(db, earlier.id);
    setLoadedTemplateId(earlier.id);
    document.cookie = `wglastTemplateId=${earlier.id}; Path=/`;

    const router = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Start blank' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/builder\/[0-9a-f-]{36}$/),
    );
    const newId = router.state.location.pathname.split('/')[2]!;
    expect(newId).not.toBe(earlier.id);
    const created = (await db.templates.findOne(newId).exec())?.toMutableJSON();
    expect(created).toMatchObject({
      owner: OWNER,
      syncState: 'pending',
      content: { name: BLANK_TEMPLATE.name, description: '' },
    });
    expect(created?.content.steps).toHaveLength(BLANK_TEMPLATE.steps.length);
    // Its own task ids, not the blank template's.
    expect(created?.content.steps[0]?.id).not.toBe(BLANK_TEMPLATE.steps[0]?.id);
    // The earlier activity is untouched, and the dialog closed as the builder opened.
    expect((await db.templates.findOne(earlier.id).exec())?.content.name).toBe('Earlier activity');
    expect(closes).toBe(1);
  });

  it('"Start blank" twice makes two different activities', async () => {
    const router = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Start blank' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/builder\//));
    const first = router.state.location.pathname;
    await act(() => router.navigate('/activities'));
    fireEvent.click(await screen.findByRole('button', { name: 'Start blank' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/activities'));
    expect(router.state.location.pathname).not.toBe(first);
    expect(await db.templates.count().exec()).toBe(2);
  });

  it('"Start blank" that cannot write on this device says so and stays in the dialog', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(db.templates, 'insert').mockRejectedValue(new Error('IndexedDB is full'));
    const router = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Start blank' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A new activity could not be made on this device. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/activities');
    expect(closes).toBe(0);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('"From a template" closes the dialog and goes to the Template Library (/templates)', async () => {
    const router = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'From a template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    expect(closes).toBe(1);
    expect(await db.templates.count().exec()).toBe(0);
  });

  it('"With AI" shows the existing first AI step (game type); Back returns to the three starts', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'With AI' }));
    expect(await screen.findByRole('heading', { name: 'What kind of game?' })).toBeTruthy();
    expect(button('Quiz')).toBeTruthy();
    expect(button('Location').getAttribute('aria-disabled')).toBe('true');
    for (const step of ['Game type', 'Questions', 'Topic', 'Name']) {
      expect(screen.getByText(step)).toBeTruthy();
    }
    fireEvent.click(button('Back'));
    expect(await screen.findByRole('button', { name: 'Start blank' })).toBeTruthy();
  });
});

describe('CreateGameButton', () => {
  it('is a "Create new game" button that opens the dialog', async () => {
    const router = createMemoryRouter([{ path: '/', element: <CreateGameButton /> }]);
    render(providers(db, <RouterProvider router={router} />));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create new game' }));
    expect(await screen.findByRole('dialog', { name: 'Create new game' })).toBeTruthy();
  });
});
