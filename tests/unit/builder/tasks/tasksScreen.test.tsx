// @vitest-environment happy-dom
/**
 * SPEC §2.8 Edit Tasks screen, §4 task type change and response lines, §5 step rules (points
 * input, multiple choice slots, one correct answer), §6 locked steps, and the list edits users
 * expect (add, delete with undo, duplicate, reorder by keyboard), through the screen.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../src/domain/messages';
import { UNDO_VISIBLE_MS } from '../../../../src/features/builder/tasks/UndoNotice';
import { mcStep, renderTasksScreen, step, template } from './harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const cards = () => screen.getAllByTestId('task-card');
const header = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .find((b) => b.hasAttribute('aria-expanded'))!;
const expand = (n: number) => fireEvent.click(header(cards()[n - 1]!));
const names = (h: ReturnType<typeof renderTasksScreen>) => h.current().steps.map((s) => s.name);

describe('SPEC §2.8 Edit Tasks screen', () => {
  it('shows "Edit Tasks", a help link for edit-tasks, and a "Generate with AI" button', () => {
    const h = renderTasksScreen(template([step()]));
    expect(screen.getByRole('heading', { name: 'Edit Tasks' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Help: editing tasks' }));
    expect(h.helpToggle).toHaveBeenCalledWith('edit-tasks');
    expect(screen.getByRole('button', { name: 'Generate with AI' }).getAttribute('data-tour')).toBe(
      'generate-ai',
    );
  });

  it("previews the active task with the branding's question background colour and header colour; clicking a card makes it active", () => {
    renderTasksScreen(
      template([
        step({ text: 'First question?' }),
        step({ name: 'Two', text: 'Second question?' }),
      ]),
    );
    const preview = screen.getByTestId('task-preview');
    expect(preview.style.backgroundColor).toMatch(/#abcdef|rgb\(171, 205, 239\)/i);
    expect(screen.getByTestId('phone-preview-header').getAttribute('style')).toMatch(
      /#123456|rgb\(18, 52, 86\)/i,
    );
    expect(screen.getByTestId('task-preview-banner').textContent).toBe('First question?');
    expand(2);
    expect(screen.getByTestId('task-preview-banner').textContent).toBe('Second question?');
    expect(header(cards()[1]!).getAttribute('aria-expanded')).toBe('true');
    expand(2);
    expect(header(cards()[1]!).getAttribute('aria-expanded')).toBe('false');
    expect(cards()[1]!.hasAttribute('data-active')).toBe(true);
  });

  it('a collapsed card shows the type label and the Response line of SPEC §4 for challenges', () => {
    renderTasksScreen(
      template([
        step({ type: 'standardChallenge', answers: [] }),
        step({ type: 'photoChallenge', answers: [] }),
        step({ type: 'videoChallenge', answers: [] }),
        step(),
      ]),
    );
    const overviews = screen.getAllByTestId('task-card-overview').map((o) => o.textContent);
    expect(overviews[0]).toBe('Challenge · Response: Requires an action to be undertaken');
    expect(overviews[1]).toBe('Photo Challenge · Response: Requires a photo to complete challenge');
    expect(overviews[2]).toBe('Video Challenge · Response: Requires a video to complete challenge');
    expect(overviews[3]).toBe('Free Text · Response: Paris');
  });

  it('shows the banner, a red-bordered card, the error icon and the "Issues" list for an invalid task', () => {
    renderTasksScreen(template([step(), step({ name: '', text: '' })]));
    expect(screen.getByRole('alert').textContent).toBe(
      'One or more tasks are missing required details. These are highlighted with a red border.',
    );
    const [valid, invalid] = cards();
    expect(valid!.hasAttribute('data-invalid')).toBe(false);
    expect(invalid!.hasAttribute('data-invalid')).toBe(true);
    expect(invalid!.style.borderColor).toContain('red');
    expect(within(invalid!).getByRole('img', { name: 'Task has one or more errors' })).toBeTruthy();
    expect(within(invalid!).getByText('Issues')).toBeTruthy();
    expect(within(invalid!).getByText(MESSAGES.step.nameRequired)).toBeTruthy();
    expect(within(invalid!).getByText(MESSAGES.step.questionRequired)).toBeTruthy();
    expect(within(valid!).queryByText('Issues')).toBeNull();
  });

  it('shows no banner when every task is valid', () => {
    renderTasksScreen(template([step(), mcStep()]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an expanded card has the name and question fields with their placeholders; challenges say "Challenge"', () => {
    renderTasksScreen(template([step(), step({ type: 'photoChallenge', answers: [] })]));
    expand(1);
    expect(screen.getByPlaceholderText('Enter task name (required)')).toBeTruthy();
    expect(screen.getByLabelText('Question')).toHaveProperty(
      'placeholder',
      'Enter task question (required)',
    );
    expand(1);
    expand(2);
    expect(screen.getByLabelText('Challenge')).toBeTruthy();
    expect(screen.queryByLabelText('Question')).toBeNull();
  });

  it('free text has one answer with the hint "Answer is treated case insensitive."', () => {
    renderTasksScreen(template([step()]));
    expand(1);
    expect(screen.getByLabelText('Answer')).toHaveProperty('value', 'Paris');
    expect(screen.getByText('Answer is treated case insensitive.')).toBeTruthy();
    expect(screen.queryByLabelText('Answer 2')).toBeNull();
  });
});

describe('SPEC §4 Task type change', () => {
  it('offers Free Text, Multiple Choice, Photo and Video; the standard challenge cannot be chosen', () => {
    renderTasksScreen(template([step()]));
    expand(1);
    const select = screen.getByLabelText('Task type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Free Text Question',
      'Multiple Choice Question',
      'Photo Challenge',
      'Video Challenge',
    ]);
  });

  it('from a question type to multipleChoice: one blank correct answer plus one blank incorrect answer, written at once', () => {
    const h = renderTasksScreen(template([step()]));
    expand(1);
    fireEvent.change(screen.getByLabelText('Task type'), { target: { value: 'multipleChoice' } });
    const changed = h.current().steps[0]!;
    expect(changed.type).toBe('multipleChoice');
    expect(changed.answers.map((a) => [a.value, a.correct])).toEqual([
      ['', true],
      ['', false],
    ]);
    expect(screen.getByLabelText('Answer 1')).toHaveProperty('value', '');
  });

  it('after a switch to multipleChoice the card shows no issues until the organiser next edits the task', async () => {
    const h = renderTasksScreen(template([step()]));
    expand(1);
    fireEvent.change(screen.getByLabelText('Task type'), { target: { value: 'multipleChoice' } });
    await waitFor(() => expect(h.current().steps[0]!.type).toBe('multipleChoice'));
    // Still invalid (no answers yet), but neither the card nor the banner says so yet.
    expect(h.current().stepValidationErrors).toHaveLength(1);
    expect(cards()[0]!.hasAttribute('data-invalid')).toBe(false);
    expect(screen.queryByText('Issues')).toBeNull();
    expect(screen.queryByTestId('tasks-invalid-banner')).toBeNull();

    // Typed in, the first answer is the correct one; what is still missing shows now.
    fireEvent.change(screen.getByLabelText('Answer 1'), { target: { value: 'Jupiter' } });
    const box = screen.getByRole('checkbox', {
      name: 'Answer 1 is the correct answer',
    }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await waitFor(() => expect(cards()[0]!.hasAttribute('data-invalid')).toBe(true));
    expect(within(cards()[0]!).getByText(MESSAGES.step.multipleChoiceTwoAnswers)).toBeTruthy();
    expect(within(cards()[0]!).queryByText(MESSAGES.step.multipleChoiceOneCorrect)).toBeNull();
    expect(screen.getByTestId('tasks-invalid-banner')).toBeTruthy();
  });

  it('from a challenge type the answers become empty', () => {
    const h = renderTasksScreen(template([step({ type: 'photoChallenge', answers: [] })]));
    expand(1);
    fireEvent.change(screen.getByLabelText('Task type'), { target: { value: 'freeText' } });
    expect(h.current().steps[0]).toMatchObject({ type: 'freeText', answers: [] });
  });
});

describe('SPEC §5 Multiple choice', () => {
  it('shows 4 slots with checkboxes and the hint "Click the checkbox to choose the correct anwser"', () => {
    renderTasksScreen(template([mcStep()]));
    expand(1);
    for (const n of [1, 2, 3, 4]) expect(screen.getByLabelText(`Answer ${n}`)).toBeTruthy();
    expect(screen.getByPlaceholderText('Answer 1 (required)')).toBeTruthy();
    expect(screen.getByPlaceholderText('Answer 3 (optional)')).toBeTruthy();
    expect(screen.getByText('Click the checkbox to choose the correct anwser')).toBeTruthy();
  });

  it('marking one answer correct clears the others; an empty answer cannot be marked correct', async () => {
    const h = renderTasksScreen(template([mcStep()]));
    expand(1);
    const box = (n: number) =>
      screen.getByRole('checkbox', {
        name: `Answer ${n} is the correct answer`,
      }) as HTMLInputElement;
    expect(box(1).checked).toBe(true);
    expect(box(3).disabled).toBe(true);
    fireEvent.click(box(2));
    expect(box(1).checked).toBe(false);
    expect(box(2).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Answer 3'), { target: { value: 'Jupiter' } });
    expect(box(3).disabled).toBe(false);
    fireEvent.click(box(3));
    // Written as they are made (coalesced behind the write in flight), no timer to wait for.
    await waitFor(() =>
      expect(h.current().steps[0]!.answers.map((a) => [a.value, a.correct])).toEqual([
        ['Mars', false],
        ['Venus', false],
        ['Jupiter', true],
      ]),
    );
  });

  it('emptying the correct answer clears its mark', () => {
    renderTasksScreen(template([mcStep()]));
    expand(1);
    fireEvent.change(screen.getByLabelText('Answer 1'), { target: { value: '' } });
    const box = screen.getByRole('checkbox', {
      name: 'Answer 1 is the correct answer',
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
  });
});

describe('SPEC §5 Points', () => {
  const points = () => screen.getByLabelText('Points') as HTMLInputElement;

  it('lets digits, editing and navigation keys through and nothing else', () => {
    renderTasksScreen(template([step()]));
    expand(1);
    expect(fireEvent.keyDown(points(), { key: '7' })).toBe(true);
    expect(fireEvent.keyDown(points(), { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(points(), { key: 'ArrowLeft' })).toBe(true);
    expect(fireEvent.keyDown(points(), { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(points(), { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(points(), { key: '.' })).toBe(false);
    fireEvent.change(points(), { target: { value: '1a2' } });
    expect(points().value).toBe('12');
  });

  it.each([
    ['0', 1],
    ['', 1],
    ['5000', 1000],
    ['250', 250],
  ])('on blur %j becomes %i', (typed, expected) => {
    const h = renderTasksScreen(template([step()]));
    expand(1);
    fireEvent.focus(points());
    fireEvent.change(points(), { target: { value: typed } });
    fireEvent.blur(points());
    expect(points().value).toBe(String(expected));
    expect(h.current().steps[0]!.points).toBe(expected);
  });
});

describe('SPEC §6 Locked tasks', () => {
  it('disables every field, shows the lock with its tooltip text, and cannot be deleted', () => {
    renderTasksScreen(template([mcStep({ locked: true })]));
    expand(1);
    const card = cards()[0]!;
    for (const field of within(card).getAllByRole('textbox'))
      expect(field).toHaveProperty('disabled', true);
    for (const box of within(card).getAllByRole('checkbox'))
      expect(box).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Task type')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Points')).toHaveProperty('disabled', true);
    expect(
      within(card).getByRole('img', {
        name: "This is a locked task. A locked task is locked at the activity level and can't be edited or replaced",
      }),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete: task 1' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('no edit window: typing is written as it is typed, and on blur', () => {
  it('writes the first keystroke at once (no debounce), and the next one as soon as that write has landed', async () => {
    const h = renderTasksScreen(template([step()]));
    expand(1);
    const name = screen.getByPlaceholderText('Enter task name (required)');
    fireEvent.change(name, { target: { value: 'Cap' } });
    expect(h.current().steps[0]!.name).toBe('Cap');
    fireEvent.change(name, { target: { value: 'Capitals' } });
    await waitFor(() => expect(h.current().steps[0]!.name).toBe('Capitals'));
    expect(h.writes.map((steps) => steps[0]!.name)).toEqual(['Cap', 'Capitals']);
  });

  it('writes typed points while typing (clamped), keeps the typed text shown, and not while emptied', async () => {
    const h = renderTasksScreen(template([step({ points: 10 })]));
    expand(1);
    const points = screen.getByLabelText('Points') as HTMLInputElement;
    fireEvent.focus(points);
    fireEvent.change(points, { target: { value: '' } });
    expect(points.value).toBe('');
    expect(h.current().steps[0]!.points).toBe(10);
    fireEvent.change(points, { target: { value: '5000' } });
    await waitFor(() => expect(h.current().steps[0]!.points).toBe(1000));
    expect(points.value).toBe('5000');
  });

  it('writes at once on blur', () => {
    const h = renderTasksScreen(template([step()]));
    expand(1);
    const text = screen.getByLabelText('Question');
    fireEvent.change(text, { target: { value: 'Where is Paris?' } });
    fireEvent.blur(text);
    expect(h.current().steps[0]!.text).toBe('Where is Paris?');
  });
});

describe('Task list edits users expect', () => {
  it('renders no cards without steps but offers "Add a task", which adds an open, focused task', async () => {
    const h = renderTasksScreen(template([]));
    expect(screen.queryAllByTestId('task-card')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add a task' }));
    expect(h.current().steps).toHaveLength(1);
    expect(h.current().steps[0]).toMatchObject({ type: 'freeText', name: '', locked: false });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByPlaceholderText('Enter task name (required)'),
      ),
    );
  });

  it('deletes a task (focus moves to the next task) and Undo puts it back in place', async () => {
    const h = renderTasksScreen(
      template([step({ name: 'A' }), step({ name: 'B' }), step({ name: 'C' })]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete: task 2' }));
    expect(names(h)).toEqual(['A', 'C']);
    await waitFor(() => expect(document.activeElement).toBe(header(cards()[1]!)));
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Task deleted');
    // At the bottom of the screen, in the middle.
    expect(notice.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-center');
    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(names(h)).toEqual(['A', 'B', 'C']);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('"Dismiss" closes the Undo notice and leaves the task deleted', async () => {
    const h = renderTasksScreen(template([step({ name: 'A' }), step({ name: 'B' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete: task 1' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(names(h)).toEqual(['B']);
  });

  it('a second delete replaces the notice: one Undo, for the latest', async () => {
    const h = renderTasksScreen(
      template([step({ name: 'A' }), step({ name: 'B' }), step({ name: 'C' })]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete: task 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete: task 1' }));
    expect(names(h)).toEqual(['C']);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names(h)).toEqual(['B', 'C']);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('the Undo notice goes away after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTasksScreen(template([step({ name: 'A' }), step({ name: 'B' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete: task 1' }));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_VISIBLE_MS - 500));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('duplicates a task right after the original, unlocked, with new ids', () => {
    const original = step({ name: 'A', locked: true });
    const h = renderTasksScreen(template([original, step({ name: 'B' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate: task 1' }));
    const [first, copy] = h.current().steps;
    expect(names(h)).toEqual(['A', 'A (copy)', 'B']);
    expect(copy!.id).not.toBe(first!.id);
    expect(copy!.locked).toBe(false);
    expect(copy!.answers[0]!.id).not.toBe(first!.answers[0]!.id);
    expect(copy!.answers[0]!.value).toBe('Paris');
  });

  it('reorders with the Move up / Move down buttons and keeps focus on the moved task', async () => {
    const h = renderTasksScreen(
      template([step({ name: 'A' }), step({ name: 'B' }), step({ name: 'C' })]),
    );
    expect(screen.getByRole('button', { name: 'Move up: task 1' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Move down: task 3' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move down: task 1' }));
    expect(names(h)).toEqual(['B', 'A', 'C']);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Move down: task 2' }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move up: task 3' }));
    expect(names(h)).toEqual(['B', 'C', 'A']);
    expect(screen.getByText('Task moved to position 2 of 3')).toBeTruthy();
  });

  it('reorders with Alt+ArrowUp and Alt+ArrowDown on a card', () => {
    const h = renderTasksScreen(
      template([step({ name: 'A' }), step({ name: 'B' }), step({ name: 'C' })]),
    );
    fireEvent.keyDown(header(cards()[2]!), { key: 'ArrowUp', altKey: true });
    expect(names(h)).toEqual(['A', 'C', 'B']);
    fireEvent.keyDown(header(cards()[0]!), { key: 'ArrowDown', altKey: true });
    expect(names(h)).toEqual(['C', 'A', 'B']);
    fireEvent.keyDown(header(cards()[0]!), { key: 'ArrowDown' });
    expect(names(h)).toEqual(['C', 'A', 'B']);
  });

  it('reorders by drag and drop', () => {
    const h = renderTasksScreen(
      template([step({ name: 'A' }), step({ name: 'B' }), step({ name: 'C' })]),
    );
    const handle = cards()[0]!.querySelector('[draggable="true"]')!;
    const dataTransfer = { setData() {}, effectAllowed: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(cards()[2]!, { dataTransfer });
    fireEvent.drop(cards()[2]!, { dataTransfer });
    expect(names(h)).toEqual(['B', 'C', 'A']);
  });
});

describe('SPEC §2.8 Navigation', () => {
  it('Quiz: "Back to Overview" and "Test Activity", no Next', () => {
    renderTasksScreen(template([step()]));
    expect(screen.getByRole('link', { name: 'Back to Overview' }).getAttribute('href')).toBe(
      '/builder/tpl-1/overview',
    );
    expect(screen.getByRole('button', { name: 'Test Activity' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it('Location: Next goes to /order', () => {
    renderTasksScreen(template([step()], { gameType: 'location' }));
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/builder/tpl-1/order',
    );
  });
});
