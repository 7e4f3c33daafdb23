// @vitest-environment happy-dom
/**
 * SPEC §2.4 steps 1–4 (type, tasks, topics, name), SPEC §5 "AI creation" validation, and the
 * wizard state kept in the local database (it survives a reload at any step).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import {
  openTestDatabase,
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

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
  await settle();
  await db.close();
});

const where = () => screen.getByTestId('where').textContent;
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('SPEC §2.4 step 1 /activity/type "Where will your activity take place..."', () => {
  it('is the index of /activity, with a step indicator', async () => {
    renderWizard(db, '/activity');
    expect(
      await screen.findByRole('heading', { name: 'Where will your activity take place...' }),
    ).toBeTruthy();
    expect(screen.getByTestId('wizard-step').textContent).toBe('Step 1 of 4');
  });

  it('shows Outdoor disabled with the upgrade text, and clicking it does nothing', async () => {
    await storeWizardState(db, { gameType: 'Quiz' });
    renderWizard(db, '/activity/type');
    const outdoor = await screen.findByRole('button', { name: 'Outdoor' });
    expect(outdoor.getAttribute('aria-disabled')).toBe('true');
    expect(
      document.getElementById(outdoor.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain(
      'Upgrade to Enterprise to be able to create outdoor GPS activities in any location.',
    );
    fireEvent.click(outdoor);
    // Proving that the click does nothing needs a wait: time for a navigation to have happened.
    await new Promise((r) => setTimeout(r, 50));
    expect(where()).toBe('/activity/type');
  });

  it('Indoor sets gameType Quiz and goes to /activity/tasks', async () => {
    await storeWizardState(db, { gameType: 'Location' });
    renderWizard(db, '/activity/type');
    fireEvent.click(await screen.findByRole('button', { name: 'Indoor' }));
    await waitFor(() => expect(where()).toBe('/activity/tasks'));
    expect((await readWizardState(db)).gameType).toBe('Quiz');
  });
});

describe('SPEC §2.4 step 2 /activity/tasks "Select the number of tasks..."', () => {
  it('"10 Tasks" and "20 Tasks" set stepsCount and go to /activity/topics', async () => {
    for (const count of [10, 20]) {
      await storeWizardState(db, { stepsCount: count === 10 ? 20 : 10 });
      const { unmount } = renderWizard(db, '/activity/tasks');
      fireEvent.click(await screen.findByRole('button', { name: `${count} Tasks` }));
      await waitFor(() => expect(where()).toBe('/activity/topics'));
      expect((await readWizardState(db)).stepsCount).toBe(count);
      unmount();
    }
  });

  it('"30 Tasks" is disabled', async () => {
    renderWizard(db, '/activity/tasks');
    const thirty = await screen.findByRole('button', { name: '30 Tasks' });
    expect(thirty.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(thirty);
    // Proving that the click does nothing needs a wait: time for a navigation to have happened.
    await new Promise((r) => setTimeout(r, 50));
    expect(where()).toBe('/activity/tasks');
    expect((await readWizardState(db)).stepsCount).toBe(20);
  });

  it('Back goes to /activity/type', async () => {
    renderWizard(db, '/activity/tasks');
    expect((await screen.findByTestId('wizard-step')).textContent).toBe('Step 2 of 4');
    fireEvent.click(button('Back'));
    await waitFor(() => expect(where()).toBe('/activity/type'));
  });
});

describe('SPEC §2.4 step 3 /activity/topics', () => {
  it('has the "AI Assistant Prompt" text area with long guidance, at most 1000 characters', async () => {
    renderWizard(db, '/activity/topics');
    const prompt = (await screen.findByLabelText('AI Assistant Prompt')) as HTMLTextAreaElement;
    expect(prompt.tagName).toBe('TEXTAREA');
    expect(prompt.placeholder.length).toBeGreaterThan(150);
    expect(prompt.maxLength).toBe(1000);
    fireEvent.change(prompt, { target: { value: 'x'.repeat(1200) } });
    expect(prompt.value).toHaveLength(1000);
    expect(screen.getByText('1000 / 1000')).toBeTruthy();
  });

  it('Next is disabled while the trimmed topics are empty (SPEC §5)', async () => {
    renderWizard(db, '/activity/topics');
    const prompt = await screen.findByLabelText('AI Assistant Prompt');
    expect(button('Next').hasAttribute('disabled')).toBe(true);
    fireEvent.change(prompt, { target: { value: '   \n ' } });
    expect(button('Next').hasAttribute('disabled')).toBe(true);
    fireEvent.change(prompt, { target: { value: '  Food hygiene  ' } });
    expect(button('Next').hasAttribute('disabled')).toBe(false);
  });

  it('Next stores the topics trimmed and goes to /activity/name', async () => {
    renderWizard(db, '/activity/topics');
    fireEvent.change(await screen.findByLabelText('AI Assistant Prompt'), {
      target: { value: '  Food hygiene and our values \n' },
    });
    fireEvent.click(button('Next'));
    await waitFor(() => expect(where()).toBe('/activity/name'));
    expect((await readWizardState(db)).topics).toBe('Food hygiene and our values');
  });

  it('Enter with topics of spaces only stays on the step and stores nothing trimmed', async () => {
    renderWizard(db, '/activity/topics');
    const prompt = await screen.findByLabelText('AI Assistant Prompt');
    fireEvent.change(prompt, { target: { value: '   ' } });
    fireEvent.submit(prompt.closest('form')!);
    // The kept text is the typed one (saved a moment after the key), not a trimmed empty one.
    await waitFor(async () => expect((await readWizardState(db)).topics).toBe('   '), {
      timeout: 3_000,
    });
    expect(where()).toBe('/activity/topics');
  });

  it('Back keeps the topics as typed, spaces and all', async () => {
    renderWizard(db, '/activity/topics');
    fireEvent.change(await screen.findByLabelText('AI Assistant Prompt'), {
      target: { value: ' Food hygiene ' },
    });
    fireEvent.click(button('Back'));
    await waitFor(() => expect(where()).toBe('/activity/tasks'));
    expect((await readWizardState(db)).topics).toBe(' Food hygiene ');
  });

  it('Back goes to /activity/tasks', async () => {
    renderWizard(db, '/activity/topics');
    await screen.findByLabelText('AI Assistant Prompt');
    fireEvent.click(button('Back'));
    await waitFor(() => expect(where()).toBe('/activity/tasks'));
  });

  it('what is typed survives a reload (a remount on a fresh render)', async () => {
    const first = renderWizard(db, '/activity/topics');
    fireEvent.change(await screen.findByLabelText('AI Assistant Prompt'), {
      target: { value: 'Cyber security basics' },
    });
    await waitFor(async () =>
      expect((await readWizardState(db)).topics).toBe('Cyber security basics'),
    );
    first.unmount();
    renderWizard(db, '/activity/topics');
    expect(
      ((await screen.findByLabelText('AI Assistant Prompt')) as HTMLTextAreaElement).value,
    ).toBe('Cyber security basics');
  });
});

describe('SPEC §2.4 step 4 /activity/name', () => {
  it('has the name input with placeholder "E.g New starter onboarding"; Create is disabled while empty', async () => {
    await storeWizardState(db, { topics: 'Food hygiene' });
    renderWizard(db, '/activity/name');
    const name = await screen.findByPlaceholderText('E.g New starter onboarding');
    const create = button('Create');
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(name, { target: { value: 'Bakery onboarding' } });
    expect(create.hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('wizard-step').textContent).toBe('Step 4 of 4');
  });

  it('Create stays disabled for a kept name longer than the AI request takes', async () => {
    await storeWizardState(db, { topics: 'Food hygiene', name: 'x'.repeat(201) });
    renderWizard(db, '/activity/name');
    await screen.findByPlaceholderText('E.g New starter onboarding');
    expect(button('Create').hasAttribute('disabled')).toBe(true);
  });

  it('"Create" stores the name, clears an earlier run and goes to /activity/create', async () => {
    await storeWizardState(db, {
      topics: 'Food hygiene',
      statusUrl: 'http://host/v1/ai_content_requests/old',
      completedAt: '2026-01-01T00:00:00.000Z',
      error: 'An old error',
    });
    renderWizard(db, '/activity/name');
    fireEvent.change(await screen.findByPlaceholderText('E.g New starter onboarding'), {
      target: { value: ' Bakery onboarding ' },
    });
    fireEvent.click(button('Create'));
    await waitFor(() => expect(where()).toBe('/activity/create'));
    const stored = await readWizardState(db);
    expect(stored).toMatchObject({
      name: 'Bakery onboarding',
      statusUrl: null,
      completedAt: null,
      template: null,
      error: null,
    });
  });

  it('Back goes to /activity/topics', async () => {
    await storeWizardState(db, { topics: 'Food hygiene' });
    renderWizard(db, '/activity/name');
    await screen.findByPlaceholderText('E.g New starter onboarding');
    fireEvent.click(button('Back'));
    await waitFor(() => expect(where()).toBe('/activity/topics'));
  });
});

describe('SPEC §2.4 guard: a later step with no state goes back to the first missing step', () => {
  it('/activity/name with no topics goes to /activity/topics', async () => {
    renderWizard(db, '/activity/name');
    await waitFor(() => expect(where()).toBe('/activity/topics'));
  });

  it('/activity/create with topics but no name goes to /activity/name', async () => {
    await storeWizardState(db, { topics: 'Food hygiene' });
    renderWizard(db, '/activity/create');
    await waitFor(() => expect(where()).toBe('/activity/name'));
  });

  it('/activity/status with no request under way goes to /activity/create', async () => {
    await storeWizardState(db, { topics: 'Food hygiene', name: 'Bakery' });
    await storeDemoState(db, {});
    renderWizard(db, '/activity/status');
    await waitFor(() => expect(where()).toBe('/activity/create'));
  });

  it('/activity/complete with nothing stored goes back to /activity/topics', async () => {
    renderWizard(db, '/activity/complete');
    await waitFor(() => expect(where()).toBe('/activity/topics'));
  });
});
