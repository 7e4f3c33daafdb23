// @vitest-environment happy-dom
/**
 * No edit window (src/features/builder/draftJournal.ts): what a builder field has not
 * got into IndexedDB yet is kept in the tab's sessionStorage from the keystroke on, and written
 * back when the builder opens again in that tab, unless the field has changed elsewhere since.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Step } from '../../../src/domain/schemas';
import { createDraftJournal, replayDrafts } from '../../../src/features/builder/draftJournal';
import { taskContentKey } from '../../../src/features/builder/tasks/taskListOps';
import { draftTemplate } from './draftTemplate';

const scope = { owner: 'anon:owner-1', templateId: 'tpl-1', database: 'teamtrail-owner-test' };
const same = (a: string, b: string) => a === b;
const sameStep = (a: Step, b: Step) => taskContentKey(a) === taskContentKey(b);

const step = (overrides: Partial<Step> = {}): Step => ({
  id: 'step-1',
  name: 'Capital',
  type: 'freeText',
  text: 'What is the capital?',
  answers: [{ id: 'a1', value: 'Paris', correct: true }],
  media: null,
  points: 10,
  locked: false,
  ...overrides,
});

const kept = () =>
  Object.keys(sessionStorage).filter((key) => key.startsWith('teamtrail.builderDraft/'));

/**
 * The page goes before its writes are known to have landed: its journal stays in the tab's
 * storage, and the next page (which has no live fields) finds it.
 */
function pageGoes(journal: { idle(): void }) {
  const left = kept().map((key) => [key, sessionStorage.getItem(key)!] as const);
  journal.idle(); // only to forget that this page's fields are live
  for (const [key, value] of left) sessionStorage.setItem(key, value);
}

afterEach(() => sessionStorage.clear());

describe('no edit window: the tab keeps what is not in IndexedDB yet', () => {
  it('a change is in the tab’s storage at once, and gone once nothing waits or is in flight', () => {
    const journal = createDraftJournal<string>('name', same);
    journal.changed(scope, 'Quiz n', 'Quiz');
    expect(kept()).toHaveLength(1);
    expect(sessionStorage.getItem(kept()[0]!)).toContain('Quiz n');
    journal.started('Quiz n');
    journal.changed(scope, 'Quiz ni', 'Quiz');
    journal.landed('Quiz n');
    expect(sessionStorage.getItem(kept()[0]!)).toContain('Quiz ni');
    journal.idle();
    expect(kept()).toEqual([]);
  });

  it('keeps the entry when the last write failed (cut short as the page went), for the next page', () => {
    const journal = createDraftJournal<string>('name', same);
    journal.changed(scope, 'Quiz night', 'Quiz');
    journal.started('Quiz night');
    journal.idle({ landed: false });
    expect(kept()).toHaveLength(1);
  });

  it('writes back a draft whose field still holds what the tab last knew it to hold', async () => {
    const journal = createDraftJournal<string>('name', same);
    journal.changed(scope, 'Quiz n', 'Quiz');
    journal.started('Quiz n');
    journal.changed(scope, 'Quiz night', 'Quiz');
    // 'Quiz n' landed, but the page went before it knew; 'Quiz night' never started.
    pageGoes(journal);
    const db = draftTemplate({ name: 'Quiz n', description: '', steps: [] });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.current().name).toBe('Quiz night');
    expect(kept()).toEqual([]);
  });

  it('does not overwrite a change made since by another tab or device, and forgets the draft', async () => {
    sessionStorage.setItem(
      'teamtrail.builderDraft/anon:owner-1/tpl-1/description',
      JSON.stringify({ value: 'Mine, typed last', known: ['Before'] }),
    );
    const db = draftTemplate({ name: 'Quiz', description: 'Changed on the laptop', steps: [] });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.current().description).toBe('Changed on the laptop');
    expect(db.writes).toHaveLength(0);
    expect(kept()).toEqual([]);
  });

  it('writes nothing for a draft that did land before the page went', async () => {
    sessionStorage.setItem(
      'teamtrail.builderDraft/anon:owner-1/tpl-1/name',
      JSON.stringify({ value: 'Quiz night', known: ['Quiz'] }),
    );
    const db = draftTemplate({ name: 'Quiz night', description: '', steps: [] });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.writes).toHaveLength(0);
    expect(kept()).toEqual([]);
  });

  it('a task card’s draft is written back onto its task, every field the card edits', async () => {
    const journal = createDraftJournal<Step>({ stepId: 'step-1' }, sameStep);
    const before = step();
    const typed = step({ name: 'Capitals', text: 'Which city?', points: 25 });
    journal.changed(scope, typed, before);
    pageGoes(journal);
    const db = draftTemplate({
      name: 'Quiz',
      description: '',
      steps: [before, step({ id: 'step-2' })],
    });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.current().steps[0]).toMatchObject({
      name: 'Capitals',
      text: 'Which city?',
      points: 25,
    });
    expect(db.current().steps[1]).toEqual(step({ id: 'step-2' }));
  });

  it('a draft of a deleted task, or not a task at all, is dropped', async () => {
    sessionStorage.setItem(
      'teamtrail.builderDraft/anon:owner-1/tpl-1/step/gone',
      JSON.stringify({ value: step({ id: 'gone' }), known: [step({ id: 'gone', name: '' })] }),
    );
    sessionStorage.setItem(
      'teamtrail.builderDraft/anon:owner-1/tpl-1/step/step-1',
      JSON.stringify({ value: { not: 'a step' }, known: [] }),
    );
    const db = draftTemplate({ name: 'Quiz', description: '', steps: [step()] });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.writes).toHaveLength(0);
    expect(kept()).toEqual([]);
  });

  // A guest's drafts of this template are this owner's since the guest's work moved here
  // (draftMove.test.ts); an account's work never moves, so its drafts are never taken.
  it('leaves the drafts of another account or another template alone', async () => {
    const other = JSON.stringify({ value: 'Theirs', known: ['Quiz'] });
    sessionStorage.setItem('teamtrail.builderDraft/user:owner-2/tpl-1/name', other);
    sessionStorage.setItem('teamtrail.builderDraft/anon:owner-1/tpl-2/name', other);
    const db = draftTemplate({ name: 'Quiz', description: '', steps: [] });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.writes).toHaveLength(0);
    expect(kept()).toHaveLength(2);
  });

  it('does not write back a draft this page is still writing', async () => {
    const journal = createDraftJournal<string>('name', same);
    journal.changed(scope, 'Quiz night', 'Quiz');
    const db = draftTemplate({ name: 'Quiz', description: '', steps: [] });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.writes).toHaveLength(0);
    expect(kept()).toHaveLength(1);
    journal.idle();
  });
});
