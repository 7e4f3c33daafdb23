// @vitest-environment happy-dom
/**
 * SPEC §2.8 Edit Tasks: what is typed into a task card is never lost. The card keeps a draft and
 * writes it to the template; the template's copy comes back a moment later. A field left before
 * the previous field's write has come back must not be overwritten by that older copy.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Step } from '../../../../src/domain/schemas';
import { useStepDraft } from '../../../../src/features/builder/tasks/useStepDraft';

const base: Step = {
  id: 'task-1',
  name: '',
  type: 'freeText',
  text: '',
  answers: [{ id: 'a1', value: '', correct: true }],
  media: null,
  points: 10,
  locked: false,
};

function setUp() {
  const commits: Step[] = [];
  const view = renderHook(({ step }) => useStepDraft(step, (draft) => commits.push(draft)), {
    initialProps: { step: base },
  });
  // The template's copy of a write, as a new object like the database gives back.
  const echo = (step: Step) => view.rerender({ step: structuredClone(step) });
  return { view, commits, echo };
}

describe('SPEC §2.8 Edit Tasks: a task card keeps what was typed', () => {
  it('an older write coming back after a newer one does not undo the newer one', () => {
    const { view, commits, echo } = setUp();
    act(() => view.result.current.update((d) => ({ ...d, name: 'Capital' }), { immediate: true }));
    act(() =>
      view.result.current.update((d) => ({ ...d, text: 'What is the capital?' }), {
        immediate: true,
      }),
    );
    expect(commits.map((c) => [c.name, c.text])).toEqual([
      ['Capital', ''],
      ['Capital', 'What is the capital?'],
    ]);

    act(() => echo(commits[0]!));
    expect(view.result.current.draft.text).toBe('What is the capital?');
    act(() => echo(commits[1]!));
    expect(view.result.current.draft).toMatchObject({
      name: 'Capital',
      text: 'What is the capital?',
    });
  });

  it('a change from elsewhere (undo, another tab) is shown once its own writes are back', () => {
    const { view, commits, echo } = setUp();
    act(() => view.result.current.update((d) => ({ ...d, name: 'Mine' }), { immediate: true }));
    act(() => echo(commits[0]!));
    act(() => echo({ ...commits[0]!, name: 'From another tab' }));
    expect(view.result.current.draft.name).toBe('From another tab');
  });

  it('text still waiting to be written wins over a change from elsewhere, and is written next', () => {
    vi.useFakeTimers();
    try {
      const { view, commits, echo } = setUp();
      act(() => view.result.current.update((d) => ({ ...d, name: 'Typing…' })));
      act(() => echo({ ...base, name: 'From another tab' }));
      expect(view.result.current.draft.name).toBe('Typing…');
      act(() => vi.advanceTimersByTime(300));
      expect(commits.at(-1)?.name).toBe('Typing…');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the echo of its own write keeps the draft object, so the fields are not rendered again', () => {
    const { view, commits, echo } = setUp();
    act(() => view.result.current.update((d) => ({ ...d, points: 20 }), { immediate: true }));
    const before = view.result.current.draft;
    act(() => echo(commits[0]!));
    expect(view.result.current.draft).toBe(before);
  });
});
