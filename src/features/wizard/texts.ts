/**
 * The AI creation wizard's words. SPEC §2.4's texts are word for word; the rest (step titles it
 * leaves out, helper lines) are the project's own.
 */
import {
  DEMO_VALIDITY_MINUTES,
  PRODUCT_NAME,
  STATED_GENERATION_SECONDS,
} from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';

/** The four questions the organiser answers; the rest of the wizard runs by itself. */
export const INPUT_STEP_COUNT = 4;

export const WIZARD_TEXTS = {
  stepOf: (step: number) => `Step ${step} of ${INPUT_STEP_COUNT}`,
  back: 'Back',
  next: 'Next',
  loading: 'Loading your activity…',
  /** The generated tasks in the builder, open to guests too (SPEC §1, §2.1). */
  openBuilder: 'Open in the Activity Builder',

  type: {
    title: 'Where will your activity take place...',
    subtitle: 'Our AI Assistant writes the tasks; you can change everything afterwards.',
    indoor: 'Indoor',
    indoorDescription:
      'A quiz of questions and team challenges, played on phones in a room, in a hybrid meeting or online.',
    outdoor: 'Outdoor',
    outdoorDescription: 'A GPS game, ideal for exploring campus or local area.',
    outdoorUpgrade: MESSAGES.plans.locationNeedsHigherTier,
  },

  tasks: {
    title: 'Select the number of tasks...',
    subtitle: 'About one task in five is a team challenge; the rest are questions.',
    option: (count: number) => `${count} Tasks`,
    descriptions: {
      10: 'A short activity: a warm-up, a team break or a quick refresher.',
      20: 'A full activity with room to cover several topics.',
      30: 'Not available yet.',
    } as Readonly<Record<number, string>>,
  },

  topics: {
    title: 'What should your activity be about?',
    subtitle: 'Describe your topics and our AI Assistant will write the tasks.',
    label: 'AI Assistant Prompt',
    placeholder:
      'Describe the topics you would like our AI Assistant to use, and be as descriptive as possible. ' +
      'Name the subjects to cover and any facts of your own that should become questions. For example: ' +
      '"Onboarding for new starters at a bakery chain: food hygiene, our values of craft and kindness, ' +
      'the history of the company. We were founded in 1998 in Leeds."',
  },

  name: {
    title: 'Name your activity',
    subtitle:
      'Players see this name when they join. You can change it later in the Activity Builder.',
    label: 'Activity name',
    placeholder: 'E.g New starter onboarding',
    create: 'Create',
  },

  create: {
    working: 'Our AI Assistant is getting to work. Prepare to be dazzled!',
    duration: `This operation shouldn't take longer than ${STATED_GENERATION_SECONDS} seconds but may do with more complex content.`,
  },

  complete: {
    title: 'Your activity has been created',
    // Guests meet the account gate next, users their demo being made: true for both.
    next: 'Taking you to your demo…',
  },

  failure: {
    title: 'Something went wrong',
    tryAgain: MESSAGES.common.tryAgain,
    unexpected:
      'Something unexpected went wrong while creating your activity. Please start again; we have been told about it.',
    noTemplate: MESSAGES.ai.pollFailed,
  },

  demoGate: {
    title: 'Test your new activity',
    needsAccount: MESSAGES.account.demoRequiresAccount,
    noCreditCard: MESSAGES.account.noCreditCard,
    featuresTitle: 'The FREE plan includes',
    pricing: 'Compare plans and pricing',
    signIn: 'Sign in / Sign up',
    editFirst: 'Not ready yet? Look through and edit the tasks first.',
  },

  demoCreate: {
    waiting: 'Nearly there - just adding the finishing touches.',
  },

  demoComplete: {
    title: 'Create Activity',
    wellDone: 'Well done - your new activity is ready to test',
    recommend: `We recommend playing the ${DEMO_VALIDITY_MINUTES} minute demo on your phone, just as your participants will.`,
    step: (n: number) => `Step ${n}`,
    step1: `Get the ${PRODUCT_NAME} player`,
    step2: 'Scan the QR code',
    step2Text: 'Scan the QR code below with your phone, or enter the Activity Code in the player.',
    codeNote: `You may share this code with others for testing, but the activity is only valid for ${DEMO_VALIDITY_MINUTES} minutes whilst in demo mode.`,
    step3: 'Make it your own',
    step3Text:
      'After playing, go to the Activity Builder to edit the content and branding, and create a new demo there.',
    builder: 'Activity Builder',
    dashboard: 'Dashboard',
  },
} as const;
