/**
 * The "Generate with AI" dialog's words. SPEC §2.8's texts are word for word; the offline,
 * not-yet-on-the-server and notification lines are the project's own.
 */
import { MESSAGES } from '../../../domain/messages';

export const AI_DIALOG_TEXTS = {
  button: 'Generate with AI',
  title: 'Generate with AI',
  topicsLabel:
    'Enter the topics you would like our AI Assistant to use... Be as descriptive as possible',
  topicsPlaceholder:
    'E.g. Food hygiene for new kitchen staff, our values of craft and kindness, and the history of the company: we were founded in 1998 in Leeds.',
  overwriteNote: 'Continuing will overwrite any current unlocked tasks',
  cancel: MESSAGES.common.cancel,
  generate: 'Generate tasks',
  thinking: 'Thinking',
  pleaseWait: 'This operation may take some time. Please wait',
  savingFirst: 'Saving your activity to our server first, so that our AI Assistant can read it.',
  done: 'Tasks generated and applied to activity.',
  tryAgain: MESSAGES.common.tryAgain,
  close: MESSAGES.common.close,
  dismiss: 'Dismiss',
  offlineButton:
    'You are offline. Generating tasks with AI needs the internet: try again once you are back online.',
  notOnServer:
    'Your activity has not reached our server yet, so our AI Assistant cannot read it. Check your connection and try again.',
} as const;
