/**
 * Texts of the task card overview and the phone-shaped task preview (SPEC §2.8 Task preview,
 * SPEC §4 "Response line for challenges"), by step type.
 */
import { isQuestionType } from './stepTypes';
import type { StepType } from './stepTypes';
import { LIMITS } from './limits';
import type { Step } from './schemas';

const RESPONSE_LINES: Partial<Record<StepType, string>> = {
  standardChallenge: 'Requires an action to be undertaken',
  photoChallenge: 'Requires a photo to complete challenge',
  videoChallenge: 'Requires a video to complete challenge',
};

/** The collapsed card's Response line for a challenge; null for question types. */
export const challengeResponseLine = (type: StepType): string | null =>
  RESPONSE_LINES[type] ?? null;

const CHALLENGE_BUTTON_LABELS: Partial<Record<StepType, string>> = {
  standardChallenge: 'Continue',
  photoChallenge: 'Take a photo',
  videoChallenge: 'Record video',
};

/** The preview's challenge button; null for question types. */
export const challengeButtonLabel = (type: StepType): string | null =>
  CHALLENGE_BUTTON_LABELS[type] ?? null;

/** Question steps allow one attempt. */
export const QUESTION_ATTEMPTS = 1;

/** "1 attempt", "2 attempts". */
export const formatAttempts = (count: number): string =>
  `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

/** The attempts line: "1 attempt" for freeText and multipleChoice, hidden (null) otherwise. */
export const attemptsLine = (type: StepType): string | null =>
  isQuestionType(type) ? formatAttempts(QUESTION_ATTEMPTS) : null;

/** Placeholder of an empty answer row; `n` counts from 1. */
export const answerPlaceholder = (n: number): string => `Answer ${n} will be previewed here`;

export interface PreviewAnswerRow {
  readonly id: string;
  /** 1-based position. */
  readonly n: number;
  /** The answer's text, or the placeholder when it is empty. */
  readonly text: string;
  readonly isPlaceholder: boolean;
}

/**
 * The preview's answer rows: up to 4 radio rows for multipleChoice, only the first answer for
 * freeText, none for challenges.
 */
export function previewAnswerRows(step: Pick<Step, 'type' | 'answers'>): PreviewAnswerRow[] {
  const shown =
    step.type === 'multipleChoice'
      ? step.answers.slice(0, LIMITS.multipleChoiceSlots)
      : step.type === 'freeText'
        ? step.answers.slice(0, 1)
        : [];
  return shown.map((answer, index) => {
    const empty = answer.value.trim() === '';
    return {
      id: answer.id,
      n: index + 1,
      text: empty ? answerPlaceholder(index + 1) : answer.value,
      isPlaceholder: empty,
    };
  });
}

export const PREVIEW_TEXTS = {
  tapToPlay: 'Tap to play',
  videoFullScreen: 'Video will play full screen during live activity play',
  capturedMedia: 'In activity captured pictures or videos will be viewable here.',
  later: 'Later',
  pass: 'Pass',
  freeTextHint: 'Answer is treated case insensitive.',
  multipleChoiceHint: 'Click the checkbox to choose the correct anwser',
  lockedTask:
    "This is a locked task. A locked task is locked at the activity level and can't be edited or replaced",
} as const;

/** Photo and video challenges show the captured-media note. */
export const showsCapturedMediaNote = (type: StepType): boolean =>
  type === 'photoChallenge' || type === 'videoChallenge';
