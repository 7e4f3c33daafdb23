import { describe, it, expect } from 'vitest';
import {
  aiRequestErrorMessage,
  demoCreateErrorMessage,
  launchErrorMessage,
  launchErrorOffersContactUs,
  MESSAGES,
  scheduleErrorMessage,
} from '../../../src/domain/messages';

describe('Error catalogue: AI generation', () => {
  it('422: "The generated content or template contains incomplete data."', () => {
    expect(aiRequestErrorMessage(422)).toBe(
      'The generated content or template contains incomplete data.',
    );
  });
  it('Other: "Unable to request content generation. Please try again later."', () => {
    for (const status of [400, 500, 503, null]) {
      expect(aiRequestErrorMessage(status)).toBe(
        'Unable to request content generation. Please try again later.',
      );
    }
  });
  it('Poll failure: "Unable to get content generation results. Please try again later"', () => {
    expect(MESSAGES.ai.pollFailed).toBe(
      'Unable to get content generation results. Please try again later',
    );
  });
});

describe('Error catalogue: demo creation (wizard)', () => {
  it('422: "The activity contains incomplete data."', () => {
    expect(demoCreateErrorMessage(422)).toBe('The activity contains incomplete data.');
  });
  it('Other: the product’s text, misspellings included', () => {
    expect(demoCreateErrorMessage(500)).toBe(
      'An unexpected erorr has occured whilst creating the activity demo',
    );
    expect(demoCreateErrorMessage(null)).toBe(MESSAGES.demo.createFailed);
  });
});

describe('Error catalogue: launch/demo dialog', () => {
  it('403: the FREE-subscription message with a "Contact Us" button', () => {
    const text = launchErrorMessage(403);
    expect(text).toContain('only able to have one live activity running at any one time');
    expect(text).toContain('Contact Us to upgrade to the PRO subscription');
    expect(text).toContain('FREE');
    expect(launchErrorOffersContactUs(403)).toBe(true);
    expect(launchErrorOffersContactUs(422)).toBe(false);
  });
  it('422: "The activity contains one or more incomplete tasks"', () => {
    expect(launchErrorMessage(422)).toBe('The activity contains one or more incomplete tasks');
  });
  it('Other: "Unable to create activity at this time. Please try again later."', () => {
    expect(launchErrorMessage(500)).toBe(
      'Unable to create activity at this time. Please try again later.',
    );
    expect(launchErrorMessage(null)).toBe(
      'Unable to create activity at this time. Please try again later.',
    );
  });
  it('Poll failure: "Unable to fetch activity status. Please try again later."', () => {
    expect(MESSAGES.launch.pollFailed).toBe(
      'Unable to fetch activity status. Please try again later.',
    );
  });
});

describe('Error catalogue: schedule', () => {
  it('422: "The schedule or activity contains incomplete data."', () => {
    expect(scheduleErrorMessage(422)).toBe('The schedule or activity contains incomplete data.');
  });
  it('Other, and poll failure: "Unable to schedule activity at this time. Please try again later."', () => {
    expect(scheduleErrorMessage(500)).toBe(
      'Unable to schedule activity at this time. Please try again later.',
    );
    expect(scheduleErrorMessage(null)).toBe(MESSAGES.schedule.failed);
  });
});

describe('Error catalogue: builder', () => {
  it('"An activity name is required" and "One or more tasks are invalid"', () => {
    expect(MESSAGES.template.nameRequired).toBe('An activity name is required');
    expect(MESSAGES.template.tasksInvalid).toBe('One or more tasks are invalid');
  });
  it('the invalid-task banner and icon title', () => {
    expect(MESSAGES.template.invalidTasksBanner).toBe(
      'One or more tasks are missing required details. These are highlighted with a red border.',
    );
    expect(MESSAGES.template.taskHasErrors).toBe('Task has one or more errors');
  });
  it('Unknown help topic: "No help topic found for helpId {id}"', () => {
    expect(MESSAGES.help.topicNotFound('edit-taskz')).toBe(
      'No help topic found for helpId edit-taskz',
    );
  });
});

describe('Per-step messages', () => {
  it('the step messages are the ones the UI and server show', () => {
    expect(MESSAGES.step).toEqual({
      nameRequired: 'Task name is required',
      questionRequired: 'Task question is required',
      challengeRequired: 'Task challenge is required',
      pointsOutOfRange: 'Points must be a whole number from 1 to 1000',
      freeTextAnswerRequired: 'Free text tasks need an answer',
      freeTextSingleAnswer: 'Free text tasks have exactly one answer',
      multipleChoiceTwoAnswers: 'Multiple choice tasks need at least two answers',
      multipleChoiceOneCorrect: 'Multiple choice tasks need exactly one correct answer',
      multipleChoiceTooManyAnswers: 'Multiple choice tasks have at most 4 answers',
    });
  });
});

describe('Other SPEC texts', () => {
  it('account prompts', () => {
    expect(MESSAGES.account.actionRequiresAccount).toBe(
      'This action requires a registered account to continue.',
    );
    expect(MESSAGES.account.launchRequiresAccount).toBe(
      'Launching an activity requires a registered account',
    );
    expect(MESSAGES.account.demoRequiresAccount).toBe(
      'To create your demo activity you need a FREE account.',
    );
  });
  it('the location upgrade text names the higher tier', () => {
    expect(MESSAGES.plans.locationNeedsHigherTier).toBe(
      'Upgrade to Enterprise to be able to create outdoor GPS activities in any location.',
    );
  });
  it('error states offer "Try again?"', () => {
    expect(MESSAGES.common.tryAgain).toBe('Try again?');
  });
});

describe('Upload messages (server errorMessage)', () => {
  it('name the refused type and the supported formats, or the size cap', () => {
    expect(MESSAGES.upload.unsupportedType('image/gif', 'PNG')).toBe(
      'Files of type image/gif are not supported. Files supported: PNG.',
    );
    expect(MESSAGES.upload.unsupportedType('', 'PNG')).toBe(
      'Files of type unknown are not supported. Files supported: PNG.',
    );
    expect(MESSAGES.upload.tooLarge('2 MB')).toBe(
      'The file is too large. The maximum size is 2 MB.',
    );
  });
});
