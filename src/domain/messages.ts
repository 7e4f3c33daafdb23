/**
 * Every user-facing message of SPEC §5 (validation) and §8 (errors), in one object so that the
 * browser app and the server use the same words. SPEC texts are kept word for word, including
 * their misspellings ("erorr", "occured"). The per-step messages are the project's own: SPEC
 * says they exist but does not show them.
 */
import { LIMITS } from './limits';

/** The name of the higher tier that outdoor GPS activities need (SPEC §1, §6). */
export const HIGHER_TIER_LABEL = 'Enterprise';

export const MESSAGES = {
  common: {
    tryAgain: 'Try again?',
    close: 'Close',
    cancel: 'Cancel',
    contactUs: 'Contact Us',
    dismissError: 'Dismiss error',
  },

  ai: {
    /** 422 from POST /ai_content_requests. */
    incompleteData: 'The generated content or template contains incomplete data.',
    requestFailed: 'Unable to request content generation. Please try again later.',
    pollFailed: 'Unable to get content generation results. Please try again later',
    /** Server-side only: the UI disables Next / Generate instead (SPEC §5). */
    topicsRequired: 'Topics are required',
    topicsTooLong: `Topics must be at most ${LIMITS.topicsMaxLength} characters`,
    nameRequired: 'An activity name is required',
    /**
     * The notices of a finished request (GET /ai_content_requests/{id} `notice`, docs/ai.md
     * "When the text gives too little"): fewer tasks of quality rather than off-topic filler.
     */
    fewerTasks: (made: number, asked: number): string =>
      `Your topics gave enough for ${made} of the ${asked} tasks you asked for. Add facts about your subject (times, places, names, rules) and generate again for more.`,
    fewerTasksKept: (made: number, asked: number, kept: number): string =>
      `Your topics gave enough for ${made} of the ${asked} new tasks asked for, so ${kept === 1 ? 'one earlier task stays' : `${kept} earlier tasks stay`}. Add facts about your subject (times, places, names, rules) and generate again for more.`,
    generalTasks:
      'We found nothing in your topics to write tasks about, so these are general knowledge tasks. Add facts about your subject (times, places, names, rules) and generate again for tasks about it.',
  },

  demo: {
    /** 422 when creating the demo from the wizard. */
    incompleteData: 'The activity contains incomplete data.',
    createFailed: 'An unexpected erorr has occured whilst creating the activity demo',
  },

  launch: {
    /**
     * 403: the FREE plan's one-live-activity limit. SPEC elides the start and the middle of the
     * sentence; its kept words are "only able to have one live activity running at any one time"
     * and "Contact Us to upgrade to the PRO subscription".
     */
    freeLiveLimit:
      'You are on the FREE subscription, so you are only able to have one live activity running at any one time. Please Contact Us to upgrade to the PRO subscription.',
    incompleteTasks: 'The activity contains one or more incomplete tasks',
    createFailed: 'Unable to create activity at this time. Please try again later.',
    pollFailed: 'Unable to fetch activity status. Please try again later.',
  },

  schedule: {
    instanceNameRequired: 'Activity instance name is required',
    instanceNameTooShort: 'Activity instance must be greater than three characters',
    startInvalid: 'Activity start date and/or time is invalid',
    endInvalid: 'Activity end date and/or time is invalid',
    endBeforeStart: 'Activity end date/time cannot be before start date/time',
    runTimeNotCovered: 'Activity end time does not take into account activity run time',
    inThePast: 'Activity cannot be scheduled for the past',
    /** 422 from the schedule call. */
    incompleteData: 'The schedule or activity contains incomplete data.',
    /** Any other failure, and poll failure. */
    failed: 'Unable to schedule activity at this time. Please try again later.',
  },

  template: {
    nameRequired: 'An activity name is required',
    tasksInvalid: 'One or more tasks are invalid',
    tasksValid: 'No issues found with tasks',
    stylingValid: 'No issues found with styling',
    invalidTasksBanner:
      'One or more tasks are missing required details. These are highlighted with a red border.',
    taskHasErrors: 'Task has one or more errors',
  },

  step: {
    nameRequired: 'Task name is required',
    questionRequired: 'Task question is required',
    challengeRequired: 'Task challenge is required',
    pointsOutOfRange: `Points must be a whole number from ${LIMITS.pointsMin} to ${LIMITS.pointsMax}`,
    freeTextAnswerRequired: 'Free text tasks need an answer',
    freeTextSingleAnswer: 'Free text tasks have exactly one answer',
    multipleChoiceTwoAnswers: 'Multiple choice tasks need at least two answers',
    multipleChoiceOneCorrect: 'Multiple choice tasks need exactly one correct answer',
    multipleChoiceTooManyAnswers: `Multiple choice tasks have at most ${LIMITS.multipleChoiceSlots} answers`,
  },

  library: {
    empty: 'There are no templates to display',
    emptyForFilter: 'There are no templates to display for this filter criteria',
  },

  upload: {
    unsupportedType: (mimeType: string, supported: string): string =>
      `Files of type ${mimeType || 'unknown'} are not supported. Files supported: ${supported}.`,
    tooLarge: (maxText: string): string => `The file is too large. The maximum size is ${maxText}.`,
    noFile: 'No file was uploaded.',
  },

  help: {
    topicNotFound: (helpId: string): string => `No help topic found for helpId ${helpId}`,
  },

  account: {
    actionRequiresAccount: 'This action requires a registered account to continue.',
    launchRequiresAccount: 'Launching an activity requires a registered account',
    demoRequiresAccount: 'To create your demo activity you need a FREE account.',
    noCreditCard: 'No credit card needed',
    dontLoseWork: "Don't lose your work - create your FREE account now.",
  },

  plans: {
    locationNeedsHigherTier: `Upgrade to ${HIGHER_TIER_LABEL} to be able to create outdoor GPS activities in any location.`,
  },

  errorScreen: {
    heading: "It's not you, it's us!",
    notified:
      'We have received a notification of this error and our developers are looking into it.',
    contactUs: 'If you need help from our user service team, please do not hesitate to contact us:',
  },
} as const;

// ---------------------------------------------------------------------------------------------
// HTTP status → message (SPEC §8). `status` is the failing response's status code, or null for a
// network or parse failure.

const UNPROCESSABLE = 422;
const FORBIDDEN = 403;

export function aiRequestErrorMessage(status: number | null): string {
  return status === UNPROCESSABLE ? MESSAGES.ai.incompleteData : MESSAGES.ai.requestFailed;
}

export function demoCreateErrorMessage(status: number | null): string {
  return status === UNPROCESSABLE ? MESSAGES.demo.incompleteData : MESSAGES.demo.createFailed;
}

/** The launch/demo dialog's create stage. */
export function launchErrorMessage(status: number | null): string {
  if (status === FORBIDDEN) return MESSAGES.launch.freeLiveLimit;
  if (status === UNPROCESSABLE) return MESSAGES.launch.incompleteTasks;
  return MESSAGES.launch.createFailed;
}

export function scheduleErrorMessage(status: number | null): string {
  return status === UNPROCESSABLE ? MESSAGES.schedule.incompleteData : MESSAGES.schedule.failed;
}

/** The launch dialog offers "Contact Us" only for the FREE plan's 403. */
export const launchErrorOffersContactUs = (status: number | null): boolean => status === FORBIDDEN;
