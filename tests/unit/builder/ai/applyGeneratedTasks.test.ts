/**
 * SPEC §2.8 Generate with AI ("The generated template replaces the template in the editor") and
 * §6 locked steps: only the unlocked tasks are replaced; locked tasks keep place and content.
 */
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../../src/domain/schemas';
import { applyGeneratedTasks } from '../../../../src/features/builder/ai/applyGeneratedTasks';
import { MESSAGES } from '../../../../src/domain/messages';
import {
  aiGenerationReducer,
  canGenerate,
  INITIAL_AI_STATE,
} from '../../../../src/features/builder/ai/aiGenerationState';
import { topicsFormSchema } from '../../../../src/features/aiFlow/formRules';

const task = (id: string, locked = false, name = id): Step => ({
  id,
  name,
  type: 'freeText',
  text: `Question ${id}?`,
  answers: [{ id: `${id}-a`, value: 'Yes', correct: true }],
  media: null,
  points: 10,
  locked,
});
const ids = (steps: Step[]) => steps.map((s) => s.id);

describe('SPEC §6 locked steps: "A locked task is locked at the activity level and can\'t be edited or replaced"', () => {
  it('keeps every locked local task at its position, with its local content, and fills the others in order', () => {
    const lockedLocal = task('L2', true, 'Fire exits (edited here)');
    const local = [task('a'), lockedLocal, task('b'), task('c'), task('L5', true)];
    // The server's answer repeats the locked tasks as it knew them.
    const generated = [
      task('g1'),
      task('L2', true, 'Fire exits'),
      task('g2'),
      task('g3'),
      task('L5', true),
    ];
    const result = applyGeneratedTasks(local, generated);
    expect(ids(result)).toEqual(['g1', 'L2', 'g2', 'g3', 'L5']);
    expect(result[1]).toBe(lockedLocal);
  });

  it('ignores where the answer put locked tasks: the local positions win', () => {
    const local = [task('L1', true), task('a'), task('b')];
    const generated = [task('g1'), task('g2'), task('L1', true)];
    expect(ids(applyGeneratedTasks(local, generated))).toEqual(['L1', 'g1', 'g2']);
  });

  it('adds the generated tasks a short activity gets (a blank copy is filled up to 20) after the last position', () => {
    const local = [task('a'), task('L', true)];
    const generated = [task('g1'), task('L', true), task('g2'), task('g3')];
    expect(ids(applyGeneratedTasks(local, generated))).toEqual(['g1', 'L', 'g2', 'g3']);
  });

  it('drops unlocked local tasks the answer has no task for, since it replaces all unlocked tasks', () => {
    const local = [task('a'), task('b'), task('L', true), task('c')];
    const generated = [task('g1'), task('L', true)];
    expect(ids(applyGeneratedTasks(local, generated))).toEqual(['g1', 'L']);
  });

  it('replaces every task of an activity without locked tasks', () => {
    expect(ids(applyGeneratedTasks([task('a'), task('b')], [task('g1'), task('g2')]))).toEqual([
      'g1',
      'g2',
    ]);
  });
});

describe('SPEC §2.8 and §5: "Generate tasks" is disabled until topics are entered (at most 1000 characters)', () => {
  it('needs topics that are not only spaces, and at most 1000 characters', () => {
    expect(canGenerate('')).toBe(false);
    expect(canGenerate('   \n ')).toBe(false);
    expect(canGenerate(' fire safety ')).toBe(true);
    expect(canGenerate('x'.repeat(1000))).toBe(true);
    expect(canGenerate('x'.repeat(1001))).toBe(false);
  });

  it("the dialog's form checks the topics by the request's own rule, in its words", () => {
    const message = (topics: string) =>
      topicsFormSchema.safeParse({ topics }).error?.issues.map((issue) => issue.message);
    expect(message(' \n ')).toEqual([MESSAGES.ai.topicsRequired]);
    expect(message('x'.repeat(1001))).toEqual([MESSAGES.ai.topicsTooLong]);
    expect(message(' fire safety ')).toBeUndefined();
  });

  it('cuts typed topics at 1000 characters and does not start without topics', () => {
    const typed = aiGenerationReducer(INITIAL_AI_STATE, {
      type: 'setTopics',
      topics: 'y'.repeat(1200),
    });
    expect(typed.topics).toHaveLength(1000);
    const blank = aiGenerationReducer(INITIAL_AI_STATE, { type: 'setTopics', topics: '  ' });
    expect(aiGenerationReducer(blank, { type: 'generate', templateId: 't' }).stage).toBe('topics');
  });

  it('ignores the answer of an earlier generation after "Try again?"', () => {
    let state = aiGenerationReducer(INITIAL_AI_STATE, { type: 'setTopics', topics: 'Space' });
    state = aiGenerationReducer(state, { type: 'generate', templateId: 't' });
    const firstRun = state.run;
    state = aiGenerationReducer(state, { type: 'failed', run: firstRun, error: 'No' });
    state = aiGenerationReducer(state, { type: 'tryAgain' });
    expect(state).toMatchObject({ stage: 'topics', topics: 'Space', error: null });
    state = aiGenerationReducer(state, { type: 'generate', templateId: 't' });
    state = aiGenerationReducer(state, { type: 'requested', run: firstRun, statusUrl: 'old' });
    expect(state.stage).toBe('creating');
  });
});
