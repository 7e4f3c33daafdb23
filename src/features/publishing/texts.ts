/**
 * The dialogs' own words (SPEC §2.9). Texts SPEC quotes are kept word for word; the rest are the
 * project's. The error texts of SPEC §8 live in src/domain/messages.ts.
 */
import { DEMO_VALIDITY_MINUTES, PRODUCT_NAME } from '../../domain/constants';

export const DIALOG_TEXTS = {
  /** The modals' corner button; the word "Close" alone is the footer button's. */
  closeDialog: 'Close dialog',
  errorTitle: 'Something went wrong',
  offlineTitle: 'You are offline',
  planLimitTitle: 'Upgrade to continue',

  /**
   * The plan's limits, told before a form is filled (SPEC §6): the PRO mark on Schedule, the
   * explanation it opens on FREE, "end the live one first" for a second launch, and the one
   * launch a day once it is used (the server's words are PLAN_MESSAGES in src/domain/plans.ts).
   */
  planLimits: {
    proBadge: 'PRO',
    /** Added to the Schedule action's accessible name and hover text on FREE. */
    scheduleProLabel: 'PRO for later days',
    scheduleLaterDaysPro: 'Scheduling on a later day or over several days needs PRO.',
    scheduleProHover:
      'Scheduling on a later day or over several days needs PRO. On the FREE plan, you can schedule for today.',
    scheduleProTitle: 'Scheduling a later day is a PRO feature',
    scheduleProBody:
      'Scheduling an activity on a later day or over several days needs the PRO subscription.',
    scheduleFreeToday:
      'On the FREE plan you have one launch a day, valid for the current day: you can still schedule this activity to start and end later today.',
    scheduleToday: 'Schedule for today',
    datesFreeHint: 'FREE plan: the activity starts and ends today. Later days need PRO.',
    viewPlans: 'View plans',
    liveTitle: (name: string) => `1 live activity: end ${name} first`,
    liveHover: (name: string) =>
      `1 live activity at a time on the FREE plan: end ${name} first, or upgrade to PRO.`,
    endLive: (name: string) => `End ${name}…`,
    liveTodayTitle: (name: string) => `1 live activity: ${name} is live today`,
    dailyNote: (name: string) =>
      `${name} was launched today, and the FREE plan has one launch a day: ending it would not free another before tomorrow. PRO has neither limit.`,
    endWhere: (name: string) =>
      `End ${name} from its Game controls in My Activities, then try this again.`,
    ended: (name: string) => `${name} has ended. You can go ahead now.`,
    playNow: (name: string) => `Play ${name}`,
    /** Today's one launch is used: on My Activities, on Play and Schedule, and in the dialogs. */
    dailyTitle: (name: string) => `FREE plan: 1 launch a day — used today by ${name}`,
    dailyBody: 'Launch again tomorrow, or upgrade to PRO.',
    dailyHover: (name: string) =>
      `FREE plan: 1 launch a day — used today by ${name}. Launch again tomorrow, or upgrade to PRO.`,
    /** Added to the Play action's accessible name. */
    playUsedLabel: (name: string) => `used today by ${name}`,
    playLiveLabel: (name: string) => `end ${name} first`,
  },

  playDemo: {
    title: `Play Welcome to ${PRODUCT_NAME}!`,
    intro: `Welcome to ${PRODUCT_NAME} is a short sample activity: see what your participants see when they play a ${PRODUCT_NAME} activity in teams on their phones.`,
    howTo: 'Scan the QR code with your phone, or open the player and enter the Activity Code.',
    codeLabel: 'Activity Code',
    qrAlt: `QR code of the ${PRODUCT_NAME} sample activity`,
    next: 'Like what you see? Create your own activity from the Dashboard in minutes.',
  },

  video: {
    unavailableTitle: 'This video is not available right now',
    unavailable:
      'The video could not be loaded. Check your connection, or try again later; our team can also walk you through it.',
  },

  launch: {
    demoTitle: 'Create (Demo) Activity',
    launchTitle: 'Launch Activity',
    creating: 'Creating your activity…',
    polling: 'Nearly there - just adding the finishing touches.',
    demoReady: 'Your demo activity is ready to test',
    demoNote: `You can share this code for testing, but the activity is only valid for ${DEMO_VALIDITY_MINUTES} minutes whilst in demo mode.`,
    live: 'Your Activity is now live for the rest of the day',
    proUpsellTitle: 'Need more time?',
    proUpsell:
      'Launching on a future date, running an activity over several days or unlimited downloads need the PRO subscription.',
    viewPlans: 'View plans',
    goToMyActivities: 'Go to My Activities',
    // Beyond SPEC: a demo's live screens, kept like any game's.
    demoResultsTitle: 'Results of this demo',
    demoResultsNote: "The demo's results stay available for a day. Each screen opens in a new tab.",
    statistics: 'Statistics',
    scoreboard: 'Scoreboard',
    presentation: 'Presentation',
  },

  /** Beyond SPEC: the join address is this computer only (docs/games.md). */
  joinAddress: {
    title: 'Phones cannot reach this address',
    explanation: (host: string) =>
      `The join link points at ${host}, which is this computer only. Start the server with PUBLIC_URL set to this machine's network address, for example`,
    /** When the server found no network address of its own: an example to adapt. */
    exampleUrl: (port: string) => `http://192.168.1.20${port ? `:${port}` : ''}`,
    findIt: "(its address on the venue's Wi-Fi, in the computer's network settings).",
    others: (urls: string) => `(or ${urls})`,
    copy: 'Copy',
    copyLabel: (setting: string) => `Copy ${setting}`,
    copied: 'Copied',
    copyByHand: 'Press Ctrl+C (⌘C on a Mac) to copy it.',
  },

  joinInfo: {
    title: 'Activity join info',
    loading: 'Loading the join details…',
    noInstance: 'This activity has no live or scheduled instance to join yet.',
    codePending: 'The Activity Code is not ready yet. Please try again in a moment.',
  },

  schedule: {
    title: 'Schedule Activity',
    stepName: 'Name',
    stepDates: 'Date and time',
    stepShare: 'Share',
    nameLabel: 'Activity instance name',
    nameDescription: 'This name is only displayed in the results section.',
    namePlaceholder: 'E.g. Sales team, March',
    dateFrom: 'Start date',
    timeFrom: 'Start time',
    dateTo: 'End date',
    timeTo: 'End time',
    runTime: (runTime: string) => `This activity runs for ${runTime}.`,
    next: 'Next',
    back: 'Back',
    submit: 'Schedule Activity',
    creating: 'Scheduling your activity…',
    waiting: 'Waiting for your activity to be published…',
    success: 'Your activity has been scheduled! Share the following details with participants.',
  },

  schedulePanel: {
    title: 'Activity Schedule',
    starts: 'Starts',
    ends: 'Ends',
  },

  signIn: {
    title: 'Create your FREE account',
    button: 'Sign in / Sign up',
  },
} as const;
