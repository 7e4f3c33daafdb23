/** The Template Library's words for its Blank card (the start of a new, empty activity). */
export const LIBRARY_BLANK_TEXTS = {
  title: 'Blank activity',
  description: 'Start from scratch with an empty activity: add your own tasks, name and branding.',
  start: 'Start blank',
  failureTitle: 'A blank activity could not be started',
  failure: 'A new activity could not be made on this device. Please try again.',
} as const;
