// @vitest-environment happy-dom
/**
 * SPEC §2.8 Edit Tasks: what is typed into a task card is never lost. The card keeps a draft and
 * writes it to the template; the template's copy comes back a moment later. A field left before
 * the previous field's write has come back must not be overwritten by that older copy.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftsWaiting } from '../../../../src/localdb/pendingWrites';
import type { Step } from '../../../../src/domain/schemas';
import type { DraftScope } from '../../../../src/features/builder/draftJournal';
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

/** A commit whose writes land only when the test says so, as a slow IndexedDB would. */
function setUpSlowWrites(scope: DraftScope | null = null) {
  const writes: { draft: Step; land(): void }[] = [];
  const view = renderHook(
    ({ step }) =>
      useStepDraft(
        step,
        (draft) =>
          new Promise<void>((resolve) => {
            writes.push({ draft, land: resolve });
          }),
        scope,
      ),
    { initialProps: { step: base } },
  );
  const echo = (step: Step) => view.rerender({ step: structuredClone(step) });
  /** Lands write `n` and lets the writer go on (its next write starts in a microtask). */
  const land = async (n: number) => {
    writes[n]!.land();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { view, writes, land, echo };
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

  it('text still waiting to be written wins over a change from elsewhere, and is written next', async () => {
    const { view, writes, land, echo } = setUpSlowWrites();
    act(() => view.result.current.update((d) => ({ ...d, name: 'T' })));
    act(() => view.result.current.update((d) => ({ ...d, name: 'Typing…' })));
    expect(writes.map((w) => w.draft.name)).toEqual(['T']);
    // The first write comes back, then another tab's change, while 'Typing…' still waits.
    act(() => echo(writes[0]!.draft));
    act(() => echo({ ...base, name: 'From another tab' }));
    expect(view.result.current.draft.name).toBe('Typing…');
    await act(() => land(0));
    expect(writes.map((w) => w.draft.name)).toEqual(['T', 'Typing…']);
  });

  it('the echo of its own write keeps the draft object, so the fields are not rendered again', () => {
    const { view, commits, echo } = setUp();
    act(() => view.result.current.update((d) => ({ ...d, points: 20 }), { immediate: true }));
    const before = view.result.current.draft;
    act(() => echo(commits[0]!));
    expect(view.result.current.draft).toBe(before);
  });
});

describe('no edit window: a task card writes every change at once', () => {
  it('writes a change at once when no write is in flight: no debounce', () => {
    const { view, commits } = setUp();
    act(() => view.result.current.update((d) => ({ ...d, text: 'W' })));
    expect(commits.map((c) => c.text)).toEqual(['W']);
  });

  it('one write in flight at most: changes meanwhile are coalesced into the latest, written as soon as it lands', async () => {
    const { view, writes, land } = setUpSlowWrites();
    for (const text of ['W', 'Wh', 'Wha', 'What']) {
      act(() => view.result.current.update((d) => ({ ...d, text })));
    }
    expect(writes.map((w) => w.draft.text)).toEqual(['W']);
    await act(() => land(0));
    expect(writes.map((w) => w.draft.text)).toEqual(['W', 'What']);
    await act(() => land(1));
    expect(writes).toHaveLength(2);
  });

  it('a discrete change (immediate) is written at once, even beside a write in flight', () => {
    const { view, writes } = setUpSlowWrites();
    act(() => view.result.current.update((d) => ({ ...d, text: 'W' })));
    act(() => view.result.current.update((d) => ({ ...d, points: 20 }), { immediate: true }));
    expect(writes.map((w) => [w.draft.text, w.draft.points])).toEqual([
      ['W', 10],
      ['W', 20],
    ]);
  });

  it('blur (flush) and unmount start the waiting change at once', () => {
    const { view, writes } = setUpSlowWrites();
    act(() => view.result.current.update((d) => ({ ...d, text: 'W' })));
    act(() => view.result.current.update((d) => ({ ...d, text: 'Wh' })));
    act(() => view.result.current.flush());
    expect(writes.map((w) => w.draft.text)).toEqual(['W', 'Wh']);
    act(() => view.result.current.update((d) => ({ ...d, text: 'Who' })));
    view.unmount();
    expect(writes.map((w) => w.draft.text)).toEqual(['W', 'Wh', 'Who']);
  });

  it('a change counts as a waiting draft in the leave-page guard until its write has landed', async () => {
    const { view, writes, land } = setUpSlowWrites();
    const before = draftsWaiting();
    act(() => view.result.current.update((d) => ({ ...d, text: 'W' })));
    act(() => view.result.current.update((d) => ({ ...d, text: 'Wh' })));
    expect(draftsWaiting()).toBe(before + 1);
    await act(() => land(0));
    expect(draftsWaiting()).toBe(before + 1);
    await act(() => land(1));
    expect(draftsWaiting()).toBe(before);
    expect(writes).toHaveLength(2);
  });

  it('with a scope, the change is in the tab’s draft journal from the keystroke until its write has landed', async () => {
    const { view, writes, land } = setUpSlowWrites({
      owner: 'anon:o',
      templateId: 'tpl',
      database: 'teamtrail-owner-o',
    });
    const key = 'teamtrail.builderDraft/anon:o/tpl/step/task-1';
    act(() => view.result.current.update((d) => ({ ...d, text: 'W' })));
    act(() => view.result.current.update((d) => ({ ...d, text: 'Wh' })));
    expect(JSON.parse(sessionStorage.getItem(key) ?? 'null')?.value?.text).toBe('Wh');
    await act(() => land(0));
    expect(sessionStorage.getItem(key)).not.toBeNull();
    await act(() => land(1));
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(writes).toHaveLength(2);
  });
});
