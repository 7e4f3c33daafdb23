/**
 * The "Create new game" dialog's words. SPEC §2.5's texts are word for word; step titles and
 * helper lines are the project's own.
 */
import { MESSAGES } from '../../domain/messages';

export const CREATE_GAME_TEXTS = {
  button: 'Create new game',
  title: 'Create new game',
  steps: ['Game type', 'Questions', 'Topic', 'Name'] as const,
  back: 'Back',
  next: 'Next',

  /** The three starts the dialog opens on; "With AI" goes on to SPEC §2.5's steps. */
  start: {
    heading: 'How would you like to start?',
    blank: 'Start blank',
    blankDescription: 'An empty activity you fill in yourself.',
    template: 'From a template',
    templateDescription: 'A ready-made activity from the library to adapt.',
    ai: 'With AI',
    aiDescription: 'Our AI Assistant writes the tasks for you.',
    blankFailed: 'A new activity could not be made on this device. Please try again.',
  },

  type: {
    heading: 'What kind of game?',
    quiz: 'Quiz',
    quizDescription: 'Questions and team challenges, played on phones in a room or online.',
    location: 'Location',
    locationDescription: 'Outdoor GPS based game, ideal for exploring campus or local area',
    locationUpgrade: MESSAGES.plans.locationNeedsHigherTier,
  },

  questions: {
    heading: 'How many questions?',
    option: (count: number) => `${count} Questions`,
    unavailable: 'Not available in this dialog',
  },

  topic: {
    heading: 'What is it about?',
    label: 'Topic',
    placeholder:
      'Describe the topics our AI Assistant should write about, and be as descriptive as possible: ' +
      'the subjects to cover and any facts of your own that should become questions.',
  },

  name: {
    heading: 'Name your game',
    label: 'Name',
    placeholder: 'E.g New starter onboarding',
    create: 'Create',
  },

  thinking: 'Thinking… This operation will take a few moments. Please wait.',

  ready: {
    text: 'Your activity is ready! 🎉',
    builder: 'Activity Builder',
    myActivities: 'My Activities',
    close: MESSAGES.common.close,
  },

  error: {
    tryAgain: MESSAGES.common.tryAgain,
    close: MESSAGES.common.close,
  },
} as const;
