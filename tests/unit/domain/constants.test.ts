import { describe, it, expect } from 'vitest';
import {
  AI_CREATE_DELAY_MS,
  ANON_ID_COOKIE,
  AUTH_READY_CHECK_MS,
  AUTH_SCRIPT_LOAD_TIMEOUT_MS,
  AUTH_SCRIPT_MAX_RETRIES,
  AUTH_SCRIPT_RETRY_INITIAL_MS,
  AUTOSAVE_CHECK_MS,
  AUTOSAVE_IDLE_MS,
  BRANDING_COLOUR_PRESETS,
  COMPLETE_REDIRECT_MS,
  DEFAULT_TASK_COUNT,
  DEMO_VALIDITY_MINUTES,
  DISABLED_TASK_COUNTS,
  DISPLAY_DATE_TIME_FORMAT,
  ERROR_MAIL_SUBJECT,
  ERROR_REPORTING_MAX_RETRIES,
  ERROR_REPORTING_NAMESPACE,
  ERROR_REPORTING_RETRY_INITIAL_MS,
  formatDisplayDateTime,
  formatDisplayMoment,
  formatDisplayTime,
  formatDuration,
  isTaskCountSelectable,
  LAST_TEMPLATE_ID_COOKIE,
  LOGO_MAX,
  PHONE_PREVIEW,
  POLL_INTERVAL_MS,
  PRODUCT_NAME,
  STATED_GENERATION_SECONDS,
  TASK_COUNTS,
  TOUR_BUILDER_PATHS,
  TOUR_COMPLETED_VALUE,
  TOUR_IDS,
  TOUR_PRIMARY_COLOUR,
  TUTORIAL_DELAY_MS,
  TUTORIAL_PLAYED_VALUE,
  TUTORIAL_STORAGE_KEY,
  VIDEO_CATALOGUE,
  videoTitle,
  videoUrl,
  WELCOME_VIDEO_SLUG,
} from '../../../src/domain/constants';
import { DURATIONS } from '../../../src/domain/enums';

describe('Tasks: counts 10, 20, 30; 30 is disabled; the dialog allows only 20; default 20', () => {
  it('counts and default', () => {
    expect(TASK_COUNTS).toEqual([10, 20, 30]);
    expect(DISABLED_TASK_COUNTS).toEqual([30]);
    expect(DEFAULT_TASK_COUNT).toBe(20);
  });
  it('the wizard allows 10 or 20', () => {
    expect(TASK_COUNTS.filter((c) => isTaskCountSelectable(c, 'wizard'))).toEqual([10, 20]);
  });
  it('the dialog allows only 20', () => {
    expect(TASK_COUNTS.filter((c) => isTaskCountSelectable(c, 'dialog'))).toEqual([20]);
  });
});

describe('Durations display: up to 120 shows "N mins"; 720 shows Half Day; otherwise Full Day', () => {
  it('the six durations', () => {
    expect(DURATIONS.map(formatDuration)).toEqual([
      '30 mins',
      '60 mins',
      '90 mins',
      '120 mins',
      'Half Day',
      'Full Day',
    ]);
  });
  it('other values follow the same rule', () => {
    expect(formatDuration(45)).toBe('45 mins');
    expect(formatDuration(121)).toBe('Full Day');
    expect(formatDuration(2000)).toBe('Full Day');
  });
});

describe('Timing', () => {
  it('SPEC §9 timings', () => {
    expect(AI_CREATE_DELAY_MS).toBe(3000);
    expect(POLL_INTERVAL_MS).toBe(5000);
    expect(COMPLETE_REDIRECT_MS).toBe(2000);
    expect(STATED_GENERATION_SECONDS).toBe(30);
    expect(AUTOSAVE_CHECK_MS).toBe(2000);
    expect(AUTOSAVE_IDLE_MS).toBe(2000);
    expect(TUTORIAL_DELAY_MS).toBe(1000);
    expect(AUTH_READY_CHECK_MS).toBe(100);
    expect(DEMO_VALIDITY_MINUTES).toBe(10);
  });
  it('auth script: 15 s load timeout, up to 5 retries from 125 ms', () => {
    expect(AUTH_SCRIPT_LOAD_TIMEOUT_MS).toBe(15_000);
    expect(AUTH_SCRIPT_MAX_RETRIES).toBe(5);
    expect(AUTH_SCRIPT_RETRY_INITIAL_MS).toBe(125);
  });
  it('error reporting: namespace frontend, up to 5 retries from 1000 ms', () => {
    expect(ERROR_REPORTING_NAMESPACE).toBe('frontend');
    expect(ERROR_REPORTING_MAX_RETRIES).toBe(5);
    expect(ERROR_REPORTING_RETRY_INITIAL_MS).toBe(1000);
  });
});

describe('Colours and sizes', () => {
  it('the 16 branding colour presets, in order', () => {
    expect(BRANDING_COLOUR_PRESETS).toEqual([
      '#FFFFFF',
      '#000000',
      '#FF6800',
      '#FCB900',
      '#7BDCB4',
      '#00D084',
      '#8FD1FC',
      '#0393E3',
      '#AAB8C3',
      '#EB144C',
      '#F78DA7',
      '#9900EF',
      '#BF00EF',
      '#EF0073',
      '#00E1EF',
      '#00EFA7',
    ]);
  });
  it('tour primary colour, phone preview, logo maximum', () => {
    expect(TOUR_PRIMARY_COLOUR).toBe('#6465c7');
    expect(PHONE_PREVIEW).toEqual({ width: 376, height: 816 });
    expect(LOGO_MAX).toEqual({ width: 280, height: 60 });
  });
});

describe('Cookies and local storage', () => {
  it('wgAnonId: path /, secure, same-site', () => {
    expect(ANON_ID_COOKIE).toEqual({
      name: 'wgAnonId',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      hostDomain: false,
    });
  });
  it('wglastTemplateId: path /, secure, same-site, domain {host}', () => {
    expect(LAST_TEMPLATE_ID_COOKIE).toEqual({
      name: 'wglastTemplateId',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      hostDomain: true,
    });
  });
  it("activityBuilderTutorialPlayOnce = 'yes'; the three tours = 'completed'", () => {
    expect(TUTORIAL_STORAGE_KEY).toBe('activityBuilderTutorialPlayOnce');
    expect(TUTORIAL_PLAYED_VALUE).toBe('yes');
    expect(TOUR_IDS).toEqual([
      'gameBuilderOverviewTour',
      'gameBuilderTaskTour',
      'gameStylingOverviewTour',
    ]);
    expect(TOUR_COMPLETED_VALUE).toBe('completed');
  });
  it('each tour runs on its builder screen', () => {
    expect(TOUR_BUILDER_PATHS).toEqual({
      gameBuilderOverviewTour: '',
      gameBuilderTaskTour: 'tasks',
      gameStylingOverviewTour: 'styling',
    });
  });
});

describe('Date display: DD/MM/YYYY HH:mm', () => {
  it('the format string', () => {
    expect(DISPLAY_DATE_TIME_FORMAT).toBe('DD/MM/YYYY HH:mm');
  });
  it('pads day, month, hours and minutes (local time)', () => {
    expect(formatDisplayDateTime(new Date(2025, 0, 5, 9, 7))).toBe('05/01/2025 09:07');
    expect(formatDisplayDateTime(new Date(2025, 11, 31, 23, 59, 59))).toBe('31/12/2025 23:59');
  });
  it('an invalid date gives an empty string', () => {
    expect(formatDisplayDateTime(new Date('not a date'))).toBe('');
    expect(formatDisplayTime(new Date('not a date'))).toBe('');
  });
  it('a time of day is HH:mm, 24-hour, whatever the browser locale', () => {
    expect(formatDisplayTime(new Date(2025, 10, 26, 0, 0))).toBe('00:00');
    expect(formatDisplayTime(new Date(2025, 10, 26, 21, 5))).toBe('21:05');
  });
  it('one format everywhere: a moment of today is its time, any other day DD/MM/YYYY HH:mm', () => {
    const today = new Date(2025, 10, 26, 9, 0);
    expect(formatDisplayMoment(new Date(2025, 10, 26, 23, 59), today)).toBe('23:59');
    expect(formatDisplayMoment(new Date(2025, 10, 27, 0, 0), today)).toBe('27/11/2025 00:00');
    expect(formatDisplayMoment(new Date(2025, 10, 25, 12, 30), today)).toBe('25/11/2025 12:30');
  });
});

describe('Video catalogue: each video is served from /video/{slug}.mp4', () => {
  it('slugs and titles', () => {
    expect(VIDEO_CATALOGUE).toEqual({
      welcome_to_teamtrail: 'Welcome to Teamtrail',
      creating_from_blank: 'Creating an activity from a blank template',
      creating_from_semi_themed: 'Creating an activity from a semi-themed template',
      creating_from_themed: 'Creating an activity from a themed template',
      activity_builder_tutorial: 'Activity Builder Tutorial',
    });
  });
  it('URLs', () => {
    expect(videoUrl(WELCOME_VIDEO_SLUG)).toBe('/video/welcome_to_teamtrail.mp4');
    expect(videoUrl('creating_from_blank')).toBe('/video/creating_from_blank.mp4');
    expect(videoTitle('activity_builder_tutorial')).toBe('Activity Builder Tutorial');
  });
});

describe('Product name', () => {
  it('Teamtrail, and the error mail subject "Teamtrail Error"', () => {
    expect(PRODUCT_NAME).toBe('Teamtrail');
    expect(ERROR_MAIL_SUBJECT).toBe('Teamtrail Error');
  });
});
