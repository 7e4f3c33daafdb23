import { describe, expect, it } from 'vitest';
import {
  builderTabs,
  footerRoutes,
  sectionOf,
} from '../../../src/features/builder/builderNavigation';
import {
  TEST_ACTIVITY_TEXTS,
  testActivityState,
} from '../../../src/features/builder/testActivityRules';
import { BLANK_TEMPLATE } from '../../../src/domain/blankTemplate';
import type { Step } from '../../../src/domain/schemas';

describe('SPEC §2.8 Panel header tabs', () => {
  it('Quiz tabs: Styling, Tasks', () => {
    expect(builderTabs('quiz').map((t) => t.label)).toEqual(['Styling', 'Tasks']);
  });

  it('Location tabs: Styling, Locations, Tasks, Order', () => {
    expect(builderTabs('location').map((t) => t.label)).toEqual([
      'Styling',
      'Locations',
      'Tasks',
      'Order',
    ]);
  });

  it('knows the section of a path (the overview has none)', () => {
    expect(sectionOf('/builder/t1')).toBeNull();
    expect(sectionOf('/builder/t1/overview')).toBeNull();
    expect(sectionOf('/builder/t1/styling/theme')).toBe('styling');
    expect(sectionOf('/builder/t1/tasks')).toBe('tasks');
    expect(sectionOf('/builder/t1/order')).toBe('order');
  });
});

describe('SPEC §2.8 Footer on screens', () => {
  it('Overview: "Test Activity" only', () => {
    expect(footerRoutes('overview', 'quiz')).toEqual({ testActivity: true });
  });

  it('Styling: Back to Overview, Next is /tasks for quiz and /locations otherwise', () => {
    expect(footerRoutes('styling', 'quiz')).toEqual({
      back: 'overview',
      next: 'tasks',
      testActivity: false,
    });
    expect(footerRoutes('styling', 'location').next).toBe('locations');
  });

  it('Tasks: previous is /overview; next is /order, except Quiz which shows "Test Activity"', () => {
    expect(footerRoutes('tasks', 'quiz')).toEqual({ back: 'overview', testActivity: true });
    expect(footerRoutes('tasks', 'location')).toEqual({
      back: 'overview',
      next: 'order',
      testActivity: false,
    });
  });

  it('Locations: Back goes to /overview; Next goes to /tasks. Order: previous is /overview', () => {
    expect(footerRoutes('locations', 'location')).toEqual({
      back: 'overview',
      next: 'tasks',
      testActivity: false,
    });
    expect(footerRoutes('order', 'location')).toEqual({ back: 'overview', testActivity: true });
  });
});

const validStep: Step = {
  id: 's1',
  name: 'Capital',
  type: 'freeText',
  text: 'Capital of France?',
  answers: [{ id: 'a1', value: 'Paris', correct: true }],
  media: null,
  points: 10,
  locked: false,
};

describe('SPEC §2.8 "Test Activity" is disabled while the template is dirty or invalid', () => {
  it('is enabled for a valid template whose changes are all on the server', () => {
    expect(
      testActivityState({ name: 'Quiz', steps: [validStep], sync: { allChangesOnServer: true } }),
    ).toEqual({ enabled: true });
  });

  it('is disabled with a reason when a task is invalid or the name is empty', () => {
    expect(testActivityState({ ...BLANK_TEMPLATE, sync: { allChangesOnServer: true } })).toEqual({
      enabled: false,
      reason: TEST_ACTIVITY_TEXTS.invalid,
    });
    expect(
      testActivityState({ name: ' ', steps: [validStep], sync: { allChangesOnServer: true } }),
    ).toEqual({ enabled: false, reason: TEST_ACTIVITY_TEXTS.invalid });
  });

  it('is disabled with a reason while changes have not reached the server', () => {
    expect(
      testActivityState({ name: 'Quiz', steps: [validStep], sync: { allChangesOnServer: false } }),
    ).toEqual({ enabled: false, reason: TEST_ACTIVITY_TEXTS.unsaved });
  });

  it('is disabled with a reason while a file picked for it is still on its way (the demo would show the task without it)', () => {
    const synced = { name: 'Quiz', steps: [validStep], sync: { allChangesOnServer: true } };
    expect(testActivityState(synced, 1)).toEqual({
      enabled: false,
      reason: TEST_ACTIVITY_TEXTS.uploading,
    });
    expect(testActivityState(synced, 0)).toEqual({ enabled: true });
  });
});
