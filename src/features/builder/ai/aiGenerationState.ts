/**
 * The steps of SPEC §2.8 "Generate with AI" as a state machine: topics → creating (the POST,
 * after the activity has reached the server) → polling every 5 s → done, with "Try again?" back
 * to the topics from either failure. The state lives in the builder (AiGenerationProvider), not
 * in the dialog, so closing the dialog does not stop a generation under way.
 */
import { LIMITS } from '../../../domain/limits';
import { topicsRule } from '../../aiFlow/formRules';

export type AiStage = 'topics' | 'creating' | 'polling' | 'done' | 'error';

export interface AiGenerationState {
  stage: AiStage;
  topics: string;
  /** Counts generations, so an answer from an earlier one is ignored. */
  run: number;
  /** The activity the running generation writes to. */
  templateId: string | null;
  statusUrl: string | null;
  /** Waiting for the sync worker to put a new activity on the server before asking. */
  waitingForServer: boolean;
  /** The last poll found no connection; polling goes on. */
  offline: boolean;
  error: string | null;
  /** The server's notice on the finished request: fewer new tasks than asked (docs/ai.md). */
  notice: string | null;
}

export type AiGenerationAction =
  | { type: 'setTopics'; topics: string }
  | { type: 'generate'; templateId: string }
  | { type: 'waitingForServer'; run: number }
  | { type: 'requested'; run: number; statusUrl: string }
  | { type: 'polled'; run: number; offline: boolean }
  | { type: 'failed'; run: number; error: string }
  | { type: 'completed'; run: number; notice: string | null }
  | { type: 'tryAgain' }
  | { type: 'finish' };

export const INITIAL_AI_STATE: AiGenerationState = {
  stage: 'topics',
  topics: '',
  run: 0,
  templateId: null,
  statusUrl: null,
  waitingForServer: false,
  offline: false,
  error: null,
  notice: null,
};

/** The dialog's rule (formRules.ts), for the reducer: "generate" starts nothing without topics. */
export const canGenerate = (topics: string): boolean => topicsRule.safeParse(topics).success;

/** A generation is under way: the POST or the polling. */
export const isRunning = (state: AiGenerationState): boolean =>
  state.stage === 'creating' || state.stage === 'polling';

export function aiGenerationReducer(
  state: AiGenerationState,
  action: AiGenerationAction,
): AiGenerationState {
  const current = 'run' in action ? action.run === state.run : true;
  switch (action.type) {
    case 'setTopics':
      return state.stage === 'topics'
        ? { ...state, topics: action.topics.slice(0, LIMITS.topicsMaxLength) }
        : state;
    case 'generate':
      if (state.stage !== 'topics' || !canGenerate(state.topics)) return state;
      return {
        ...INITIAL_AI_STATE,
        stage: 'creating',
        topics: state.topics,
        run: state.run + 1,
        templateId: action.templateId,
      };
    case 'waitingForServer':
      return current && state.stage === 'creating' ? { ...state, waitingForServer: true } : state;
    case 'requested':
      return current && state.stage === 'creating'
        ? { ...state, stage: 'polling', statusUrl: action.statusUrl, waitingForServer: false }
        : state;
    case 'polled':
      return current && state.stage === 'polling' && state.offline !== action.offline
        ? { ...state, offline: action.offline }
        : state;
    case 'failed':
      return current && isRunning(state)
        ? { ...state, stage: 'error', error: action.error, waitingForServer: false }
        : state;
    case 'completed':
      return current && state.stage === 'polling'
        ? { ...state, stage: 'done', notice: action.notice }
        : state;
    case 'tryAgain':
      // The topics are kept, so the organiser can adjust them rather than type them again.
      return state.stage === 'error' ? backToTopics(state) : state;
    case 'finish':
      return state.stage === 'done' || state.stage === 'error' ? backToTopics(state) : state;
  }
}

const backToTopics = (state: AiGenerationState): AiGenerationState => ({
  ...INITIAL_AI_STATE,
  topics: state.topics,
  run: state.run,
});
