/**
 * SPEC §2.5 "Create new game" dialog steps, as the reducer that holds them: the choice of a start
 * then "With AI": game type → number of questions (only 20) → topic → name →
 * creating → polling → ready, or error, where "Try again?" returns to step 1 and "Close" resets
 * fully.
 */
import { describe, expect, it } from 'vitest';
import {
  dialogReducer,
  INITIAL_DIALOG_STATE,
  stepIndex,
  type DialogAction,
  type DialogState,
} from '../../../src/features/createGame/dialogState';

const run = (...actions: DialogAction[]): DialogState =>
  actions.reduce(dialogReducer, INITIAL_DIALOG_STATE);

const toName: DialogAction[] = [
  { type: 'chooseAi' },
  { type: 'chooseQuiz' },
  { type: 'chooseQuestions', stepsCount: 20 },
  { type: 'setTopics', topics: '  Space  ' },
  { type: 'next' },
  { type: 'setName', name: ' Space quiz ' },
];

describe('SPEC §2.5 dialog steps', () => {
  it('opens on the choice of a start; "With AI" goes to the game type', () => {
    expect(INITIAL_DIALOG_STATE.stage).toBe('start');
    expect(run({ type: 'chooseQuiz' }).stage).toBe('start');
    expect(run({ type: 'chooseAi' }).stage).toBe('type');
  });

  it('starts at the game type once "With AI" is chosen; Quiz goes to the number of questions', () => {
    expect(run({ type: 'chooseAi' }, { type: 'chooseQuiz' }).stage).toBe('questions');
  });

  it('only 20 questions can be chosen; 10 and 30 are refused', () => {
    const questions = run({ type: 'chooseAi' }, { type: 'chooseQuiz' });
    expect(dialogReducer(questions, { type: 'chooseQuestions', stepsCount: 10 }).stage).toBe(
      'questions',
    );
    expect(dialogReducer(questions, { type: 'chooseQuestions', stepsCount: 30 }).stage).toBe(
      'questions',
    );
    const topic = dialogReducer(questions, { type: 'chooseQuestions', stepsCount: 20 });
    expect(topic.stage).toBe('topic');
    expect(topic.answers.stepsCount).toBe(20);
  });

  it('the topic step needs non-blank topics (SPEC §5)', () => {
    const blank = run(
      { type: 'chooseAi' },
      { type: 'chooseQuiz' },
      { type: 'chooseQuestions', stepsCount: 20 },
      { type: 'setTopics', topics: '   ' },
      { type: 'next' },
    );
    expect(blank.stage).toBe('topic');
  });

  it('Create needs a name, trims the answers and starts a new run', () => {
    expect(dialogReducer(run(...toName.slice(0, 5)), { type: 'create' }).stage).toBe('name');
    const creating = run(...toName, { type: 'create' });
    expect(creating.stage).toBe('creating');
    expect(creating.answers).toMatchObject({ topics: 'Space', name: 'Space quiz' });
    expect(creating.run).toBe(1);
  });

  it('creating → polling → ready; an answer for an earlier run is ignored', () => {
    const creating = run(...toName, { type: 'create' });
    expect(dialogReducer(creating, { type: 'requested', run: 0, statusUrl: 'u' }).stage).toBe(
      'creating',
    );
    const polling = dialogReducer(creating, { type: 'requested', run: 1, statusUrl: 'u' });
    expect(polling).toMatchObject({ stage: 'polling', statusUrl: 'u' });
    expect(dialogReducer(polling, { type: 'completed', template: null, notice: null }).stage).toBe(
      'ready',
    );
  });

  it('Back walks back through the input steps, and from the game type to the choice of a start', () => {
    const topic = run(
      { type: 'chooseAi' },
      { type: 'chooseQuiz' },
      { type: 'chooseQuestions', stepsCount: 20 },
    );
    expect(stepIndex(topic.stage)).toBe(2);
    expect(dialogReducer(topic, { type: 'back' }).stage).toBe('questions');
    expect(run({ type: 'chooseAi' }, { type: 'back' }).stage).toBe('start');
    expect(run({ type: 'back' }).stage).toBe('start');
  });

  it('on error, "Try again?" returns to step 1 (game type) keeping the answers; "Close" resets fully, to the choice of a start', () => {
    const failed = run(...toName, { type: 'create' }, { type: 'failed', run: 1, error: 'No' });
    expect(failed).toMatchObject({ stage: 'error', error: 'No' });
    const again = dialogReducer(failed, { type: 'tryAgain' });
    expect(again).toMatchObject({ stage: 'type', error: null });
    expect(again.answers.topics).toBe('Space');
    const closed = dialogReducer(failed, { type: 'reset' });
    expect(closed).toEqual({ ...INITIAL_DIALOG_STATE, run: 1 });
  });
});
