/**
 * The "Create new game" dialog's steps (SPEC §2.5) as a reducer. It opens on the choice of a
 * start (blank, from a template, with AI): "With AI" goes on to SPEC's AI flow, game
 * type → number of questions → topic → name → creating → polling → ready, or error. The other
 * two starts leave the dialog, so they are no stages here. It lives in memory; closing the
 * dialog starts it afresh.
 */
import { AI_WIZARD_DEFAULTS } from '../../domain/flowDefaults';
import type { Template } from '../../domain/schemas';
import { DIALOG_TASK_COUNTS } from '../../domain/constants';
import type { NewActivityAnswers } from '../aiFlow/aiRequest';
import { nameRule, topicsRule } from '../aiFlow/formRules';

export type DialogStage =
  'start' | 'type' | 'questions' | 'topic' | 'name' | 'creating' | 'polling' | 'ready' | 'error';

export interface DialogState {
  stage: DialogStage;
  answers: NewActivityAnswers;
  statusUrl: string | null;
  template: Template | null;
  /** The server's notice on the finished request: fewer tasks than asked (docs/ai.md). */
  notice: string | null;
  error: string | null;
  /** A poll found no connection; polling goes on. */
  offline: boolean;
  /**
   * Counts "Create" presses: the answer to an earlier request (one from before "Close" or
   * "Try again?") names its run and is ignored.
   */
  run: number;
}

export type DialogAction =
  | { type: 'chooseAi' }
  | { type: 'chooseQuiz' }
  | { type: 'chooseQuestions'; stepsCount: number }
  | { type: 'setTopics'; topics: string }
  | { type: 'setName'; name: string }
  | { type: 'back' }
  | { type: 'next' }
  | { type: 'create' }
  | { type: 'requested'; run: number; statusUrl: string }
  | { type: 'offline' }
  | { type: 'completed'; template: Template | null; notice: string | null }
  | { type: 'failed'; run: number; error: string }
  | { type: 'tryAgain' }
  | { type: 'reset' };

/** The dialog offers only 20 questions (SPEC §2.5, §9). */
export const DIALOG_STEPS_COUNT = DIALOG_TASK_COUNTS[0]!;

export const INITIAL_DIALOG_STATE: DialogState = {
  stage: 'start',
  answers: {
    name: '',
    topics: '',
    gameType: 'Quiz',
    deliveryType: AI_WIZARD_DEFAULTS.deliveryType,
    duration: AI_WIZARD_DEFAULTS.duration,
    stepsCount: DIALOG_STEPS_COUNT,
  },
  statusUrl: null,
  template: null,
  notice: null,
  error: null,
  offline: false,
  run: 0,
};

const INPUT_STAGES: readonly DialogStage[] = ['type', 'questions', 'topic', 'name'];

/** 0–3 on the four input steps, 4 once the request is under way (the stepper's position). */
export const stepIndex = (stage: DialogStage): number => {
  const at = INPUT_STAGES.indexOf(stage);
  return at < 0 ? INPUT_STAGES.length : at;
};

/** The forms' rules (formRules.ts), for the reducer: Next and Create do nothing without them. */
export const canLeaveTopic = (state: DialogState): boolean =>
  topicsRule.safeParse(state.answers.topics).success;
export const canCreate = (state: DialogState): boolean =>
  canLeaveTopic(state) && nameRule.safeParse(state.answers.name).success;

export function dialogReducer(state: DialogState, action: DialogAction): DialogState {
  switch (action.type) {
    case 'chooseAi':
      return state.stage === 'start' ? { ...state, stage: 'type' } : state;
    case 'chooseQuiz':
      return state.stage === 'type'
        ? { ...state, stage: 'questions', answers: { ...state.answers, gameType: 'Quiz' } }
        : state;
    case 'chooseQuestions':
      if (state.stage !== 'questions' || !DIALOG_TASK_COUNTS.some((n) => n === action.stepsCount)) {
        return state;
      }
      return {
        ...state,
        stage: 'topic',
        answers: { ...state.answers, stepsCount: action.stepsCount },
      };
    case 'setTopics':
      return { ...state, answers: { ...state.answers, topics: action.topics } };
    case 'setName':
      return { ...state, answers: { ...state.answers, name: action.name } };
    case 'back': {
      // Back from the game type is back to the choice of a start.
      if (state.stage === 'type') return { ...state, stage: 'start' };
      const at = INPUT_STAGES.indexOf(state.stage);
      return at > 0 ? { ...state, stage: INPUT_STAGES[at - 1]! } : state;
    }
    case 'next':
      return state.stage === 'topic' && canLeaveTopic(state) ? { ...state, stage: 'name' } : state;
    case 'create':
      if (state.stage !== 'name' || !canCreate(state)) return state;
      return {
        ...state,
        stage: 'creating',
        answers: {
          ...state.answers,
          topics: state.answers.topics.trim(),
          name: state.answers.name.trim(),
        },
        statusUrl: null,
        template: null,
        notice: null,
        error: null,
        offline: false,
        run: state.run + 1,
      };
    case 'requested':
      return state.stage === 'creating' && action.run === state.run
        ? { ...state, stage: 'polling', statusUrl: action.statusUrl }
        : state;
    case 'offline':
      return state.stage === 'polling' ? { ...state, offline: true } : state;
    case 'completed':
      return state.stage === 'polling'
        ? {
            ...state,
            stage: 'ready',
            template: action.template,
            notice: action.notice,
            offline: false,
          }
        : state;
    case 'failed':
      return (state.stage === 'creating' || state.stage === 'polling') && action.run === state.run
        ? { ...state, stage: 'error', error: action.error, offline: false }
        : state;
    case 'tryAgain':
      // Back to step 1 (game type, not the choice of a start) with the answers kept; only
      // "Close" forgets them (SPEC §2.5).
      return { ...INITIAL_DIALOG_STATE, stage: 'type', answers: state.answers, run: state.run };
    case 'reset':
      return { ...INITIAL_DIALOG_STATE, run: state.run };
  }
}
