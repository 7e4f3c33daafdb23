// @vitest-environment happy-dom
/**
 * docs/ai.md task origins on the Edit Tasks screen: an expanded card says where an AI-written
 * task came from, and "Another task like this" puts a new task from the same origin in its place,
 * with Undo; a refusal, the device offline and a locked task (SPEC §6) change nothing.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anotherTaskLikeThis, getTaskOrigins } from '../../../../src/api/taskOrigins';
import type { Step, TaskOrigin } from '../../../../src/domain/schemas';
import { renderTasksScreen, step, template } from './harness';

vi.mock('../../../../src/api/taskOrigins', () => ({
  getTaskOrigins: vi.fn(),
  anotherTaskLikeThis: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(getTaskOrigins).mockReset();
  vi.mocked(anotherTaskLikeThis).mockReset();
  setOnline(true);
});

const ANOTHER = 'Another task like this';
const NOTHING_NEW =
  'There is no other task to make from this. Edit the task, or generate again with more detail.';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const origin = (stepId: string, overrides: Partial<TaskOrigin> = {}): TaskOrigin => ({
  stepId,
  kind: 'model',
  sentence: null,
  topic: null,
  general: false,
  ...overrides,
});

/** The screen with these tasks and these origins on the server; every card expanded. */
async function renderWithOrigins(steps: Step[], origins: TaskOrigin[]) {
  vi.mocked(getTaskOrigins).mockResolvedValue({ ok: true, data: origins });
  const h = renderTasksScreen(template(steps));
  await waitFor(() => expect(getTaskOrigins).toHaveBeenCalledWith('tpl-1', expect.anything()));
  for (const card of cards()) fireEvent.click(header(card));
  return h;
}

const cards = () => screen.getAllByTestId('task-card');
const card = (n: number) => cards()[n - 1]!;
const header = (el: HTMLElement) =>
  within(el)
    .getAllByRole('button')
    .find((b) => b.hasAttribute('aria-expanded'))!;
const anotherButton = (n: number) => within(card(n)).findByRole('button', { name: ANOTHER });
const names = (h: ReturnType<typeof renderTasksScreen>) => h.current().steps.map((s) => s.name);

describe('docs/ai.md the origin line on an expanded card', () => {
  it('says "From your text", "From the question bank" (general knowledge when so) or "Written by the AI model"', async () => {
    const steps = [step(), step(), step(), step()];
    await renderWithOrigins(steps, [
      origin(steps[0]!.id, {
        kind: 'organiserText',
        sentence: 'The alarm is tested every Tuesday at 10am.',
      }),
      origin(steps[1]!.id, { kind: 'questionBank', topic: 'Fire safety' }),
      origin(steps[2]!.id, { kind: 'questionBank', topic: 'Geography', general: true }),
      origin(steps[3]!.id, { kind: 'model' }),
    ]);
    const lines = [
      'From your text: “The alarm is tested every Tuesday at 10am.”',
      'From the question bank: Fire safety',
      'From the question bank: Geography (general knowledge)',
      'Written by the AI model from your topics',
    ];
    for (const [i, line] of lines.entries()) {
      expect(await within(card(i + 1)).findByText(line)).toBeTruthy();
    }
  });

  it('a task written by hand has neither the line nor "Another task like this"', async () => {
    const [generated, byHand] = [step(), step()];
    await renderWithOrigins([generated, byHand], [origin(generated!.id)]);
    await anotherButton(1);
    expect(within(card(2)).queryByTestId('task-origin')).toBeNull();
    expect(within(card(2)).queryByRole('button', { name: ANOTHER })).toBeNull();
  });

  it('when the origins cannot be read, no card shows one, and nothing is said', async () => {
    vi.mocked(getTaskOrigins).mockResolvedValue({
      ok: false,
      error: { status: 404, message: 'No.' },
    });
    renderTasksScreen(template([step()]));
    await waitFor(() => expect(getTaskOrigins).toHaveBeenCalled());
    fireEvent.click(header(card(1)));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('task-origin')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('docs/ai.md "Another task like this"', () => {
  it('replaces the task in its place, keeps the card open and active on the new task, and Undo brings the old one back', async () => {
    const steps = [step({ name: 'A' }), step({ name: 'B' }), step({ name: 'C' })];
    const fresh = step({ name: 'New B', text: 'Which gas do plants take in?' });
    vi.mocked(anotherTaskLikeThis).mockResolvedValue({
      ok: true,
      data: { step: fresh, origin: origin(fresh.id, { kind: 'questionBank', topic: 'Plants' }) },
    });
    const h = await renderWithOrigins(steps, [origin(steps[1]!.id)]);
    fireEvent.click(await anotherButton(2));

    await waitFor(() => expect(names(h)).toEqual(['A', 'New B', 'C']));
    // Every task the activity has now is to be avoided, the one replaced included.
    expect(anotherTaskLikeThis).toHaveBeenCalledWith(
      'tpl-1',
      steps[1]!.id,
      steps.map((s) => s.text),
      expect.anything(),
    );
    expect(h.current().steps[1]).toEqual(fresh);
    expect(header(card(2)).getAttribute('aria-expanded')).toBe('true');
    expect(card(2).hasAttribute('data-active')).toBe(true);
    expect(within(card(2)).getByLabelText('Task name')).toHaveProperty('value', 'New B');
    expect(screen.getByTestId('task-preview-banner').textContent).toBe(
      'Which gas do plants take in?',
    );
    expect(await within(card(2)).findByText('From the question bank: Plants')).toBeTruthy();
    // Focus goes to the new card's button, ready for another try.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card(2)).getByRole('button', { name: ANOTHER })),
    );
    expect(screen.getByText('Task 2 replaced by another task like it')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Task replaced');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names(h)).toEqual(['A', 'B', 'C']);
    expect(h.current().steps[1]).toEqual(steps[1]);
    expect(header(card(2)).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it("a refusal (422) shows the server's message under the button and changes nothing; the next try clears it", async () => {
    const steps = [step({ name: 'A' })];
    vi.mocked(anotherTaskLikeThis).mockResolvedValue({
      ok: false,
      error: { status: 422, message: NOTHING_NEW },
    });
    const h = await renderWithOrigins(steps, [origin(steps[0]!.id)]);
    fireEvent.click(await anotherButton(1));

    const alert = await within(card(1)).findByRole('alert');
    expect(alert.textContent).toBe(NOTHING_NEW);
    expect(h.writes).toEqual([]);
    expect(names(h)).toEqual(['A']);

    let answer!: (value: Awaited<ReturnType<typeof anotherTaskLikeThis>>) => void;
    vi.mocked(anotherTaskLikeThis).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    fireEvent.click(await anotherButton(1));
    await waitFor(() => expect(within(card(1)).queryByRole('alert')).toBeNull());
    expect((await anotherButton(1)).hasAttribute('data-loading')).toBe(true);
    await act(async () => answer({ ok: false, error: { status: 422, message: NOTHING_NEW } }));
    expect((await within(card(1)).findByRole('alert')).textContent).toBe(NOTHING_NEW);
  });

  it('offline the button is disabled with "Needs the internet"; the origin line stays', async () => {
    const steps = [step()];
    await renderWithOrigins(steps, [origin(steps[0]!.id)]);
    await anotherButton(1);
    setOnline(false);
    const button = await anotherButton(1);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('Needs the internet');
    expect(within(card(1)).getByText('Written by the AI model from your topics')).toBeTruthy();
    setOnline(true);
    await waitFor(async () =>
      expect((await anotherButton(1)).hasAttribute('disabled')).toBe(false),
    );
  });

  it('SPEC §6 a locked task cannot be replaced: the button is disabled', async () => {
    const steps = [step({ locked: true })];
    await renderWithOrigins(steps, [origin(steps[0]!.id)]);
    const button = await anotherButton(1);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('A locked task cannot be replaced');
    fireEvent.click(button);
    expect(anotherTaskLikeThis).not.toHaveBeenCalled();
  });
});
