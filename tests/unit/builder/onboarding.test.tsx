// @vitest-environment happy-dom
/**
 * SPEC §4 Guided tours and Tutorial, §9 local storage: which tour runs where, in what order, and
 * when; the tutorial video once, 1 s after entering the builder. The tour library itself is
 * replaced by a stand-in here (it draws in the browser: e2e/builder-onboarding.spec.ts).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import type * as Constants from '../../../src/domain/constants';
import {
  TOUR_COMPLETED_VALUE,
  TOUR_PRIMARY_COLOUR,
  TUTORIAL_DELAY_MS,
  TUTORIAL_STORAGE_KEY,
} from '../../../src/domain/constants';
import {
  hasTutorialPlayed,
  isTourCompleted,
} from '../../../src/features/builder/onboarding/onboardingStorage';
import { TOURS, tourAtPath } from '../../../src/features/builder/onboarding/tours';
import { TUTORIAL_BUTTON_TEXT } from '../../../src/features/builder/onboarding/TutorialButton';
import { setLoadedTemplateId } from '../../../src/features/builder/builderEntry';
import { openTestDatabase, renderBuilder, settle, storeTemplate } from './shellHarness';

vi.mock('../../../src/auth/session', () => ({
  useSession: () => ({ signedIn: false, user: null, canScheduleActivity: false }),
  useApiCredentials: () => ({ token: null, anonId: null }),
  useRequestorId: () => null,
  useSignOut: () => async () => {},
}));

vi.mock('../../../src/features/publishing/LaunchDialog', () => ({
  LaunchDialog: (props: { opened: boolean; onClose: () => void }) =>
    props.opened ? (
      <div role="dialog" aria-label="Create (Demo) Activity">
        <button type="button" onClick={props.onClose}>
          Close demo
        </button>
      </div>
    ) : null,
}));

// The stand-in shows which tour would run and lets the test finish it.
vi.mock('../../../src/features/builder/onboarding/TourRunner', () => ({
  TourRunner: ({ tourId, onDone }: { tourId: string; onDone: (id: string) => void }) => (
    <div data-testid="tour" data-tour-id={tourId}>
      <button type="button" onClick={() => onDone(tourId)}>
        Finish tour
      </button>
    </div>
  ),
}));

vi.mock('../../../src/domain/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof Constants>()),
  TUTORIAL_DELAY_MS: 600_000,
}));

let db: TeamtrailDatabase;

beforeEach(async () => {
  db = await openTestDatabase();
  setLoadedTemplateId(null);
  document.cookie = 'wglastTemplateId=; path=/; max-age=0';
});

afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await settle();
  await db.close();
  localStorage.clear();
});

/**
 * Timeouts are faked but still run with real time (the local database needs them), so the
 * tutorial's delay is made far longer than a test can take: the test moves the clock itself.
 * (SPEC §9's 1000 ms is checked in tests/unit/domain/constants.test.ts.)
 */
const useTutorialClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

const tutorialDialog = () => screen.queryByRole('dialog', { name: 'Activity Builder Tutorial' });
const runningTour = () => screen.queryByTestId('tour')?.getAttribute('data-tour-id') ?? null;

async function closeTutorial() {
  const dialog = await screen.findByRole('dialog', { name: 'Activity Builder Tutorial' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(tutorialDialog()).toBeNull());
}

describe('SPEC §4 Guided tours: the 13 steps, in order', () => {
  it('the three tours together are the 13 steps of SPEC §4 in order', () => {
    const titles = [
      ...TOURS.gameBuilderOverviewTour,
      ...TOURS.gameBuilderTaskTour,
      ...TOURS.gameStylingOverviewTour,
    ].map((step) => step.title);
    expect(titles).toEqual([
      'Navigation Bar',
      'Gameboard Preview',
      'Template Name',
      'Template theme and colours',
      'Template Questions and Challenges',
      'Test Activity Button',
      'Task Preview',
      'Edit Tasks Help',
      'Generate with AI',
      'Styling Help',
      'Branding',
      'Themes',
      'Background Colours',
    ]);
  });

  it('the steps say what SPEC says they say', () => {
    const text = (title: string) =>
      Object.values(TOURS)
        .flat()
        .find((step) => step.title === title)?.content ?? '';
    // SPEC §2.8: the bar gives quick access to Dashboard, My Activities and the Template Library.
    expect(text('Navigation Bar')).toMatch(/Dashboard, My Activities and the Template Library/);
    expect(text('Gameboard Preview')).toContain(
      'This is what the user will see on their phone once loaded',
    );
    expect(text('Gameboard Preview')).toMatch(/update here in real time/);
    expect(text('Template Questions and Challenges')).toContain('use our in-built AI assistant');
    expect(text('Task Preview')).toMatch(/previewable/);
    expect(text('Generate with AI')).toContain('create all your tasks in one go');
    expect(text('Branding')).toContain('Take note of the maximum dimensions');
  });

  it('every step points at its own element', () => {
    const targets = Object.values(TOURS)
      .flat()
      .map((step) => step.target);
    expect(new Set(targets).size).toBe(13);
  });

  it('the tour colour is #6465c7', () => {
    expect(TOUR_PRIMARY_COLOUR).toBe('#6465c7');
  });
});

describe('SPEC §4 Guided tours: where each one runs', () => {
  it('gameBuilderOverviewTour on /builder/{id}; gameBuilderTaskTour on /tasks; gameStylingOverviewTour on /styling', () => {
    expect(tourAtPath('/builder/abc')).toBe('gameBuilderOverviewTour');
    expect(tourAtPath('/builder/abc/')).toBe('gameBuilderOverviewTour');
    expect(tourAtPath('/builder/abc/overview')).toBe('gameBuilderOverviewTour');
    expect(tourAtPath('/builder/abc/tasks')).toBe('gameBuilderTaskTour');
    expect(tourAtPath('/builder/abc/styling')).toBe('gameStylingOverviewTour');
  });

  it('no tour on the other screens', () => {
    expect(tourAtPath('/builder/abc/styling/theme')).toBeNull();
    expect(tourAtPath('/builder/abc/styling/header')).toBeNull();
    expect(tourAtPath('/builder/abc/order')).toBeNull();
    expect(tourAtPath('/builder/abc/locations')).toBeNull();
    expect(tourAtPath('/builder')).toBeNull();
    expect(tourAtPath('/templates')).toBeNull();
  });
});

describe('SPEC §9 local storage of the onboarding', () => {
  it("a tour is completed when its key is 'completed'; the tutorial has played when its key is 'yes'", () => {
    expect(isTourCompleted('gameBuilderTaskTour')).toBe(false);
    localStorage.setItem('gameBuilderTaskTour', TOUR_COMPLETED_VALUE);
    expect(isTourCompleted('gameBuilderTaskTour')).toBe(true);
    expect(hasTutorialPlayed()).toBe(false);
    localStorage.setItem(TUTORIAL_STORAGE_KEY, 'yes');
    expect(hasTutorialPlayed()).toBe(true);
  });

  it('storage that cannot be read counts as seen, so nothing plays on every visit', () => {
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    try {
      expect(isTourCompleted('gameBuilderOverviewTour')).toBe(true);
      expect(hasTutorialPlayed()).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('SPEC §4 Tutorial and tours in the builder', () => {
  it("the tutorial video opens 1 s after entering the builder and sets activityBuilderTutorialPlayOnce to 'yes'", async () => {
    const template = await storeTemplate(db);
    useTutorialClock();
    renderBuilder(db, `/builder/${template.id}`, { firstVisit: true });
    await screen.findByTestId('overview-section-tasks');
    expect(tutorialDialog()).toBeNull();
    expect(localStorage.getItem(TUTORIAL_STORAGE_KEY)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(TUTORIAL_DELAY_MS);
    });
    expect(await screen.findByRole('dialog', { name: 'Activity Builder Tutorial' })).toBeTruthy();
    expect(localStorage.getItem(TUTORIAL_STORAGE_KEY)).toBe('yes');
  });

  it('the overview tour waits for the tutorial, then runs; finished, it is stored and never runs again', async () => {
    const template = await storeTemplate(db);
    useTutorialClock();
    const { router } = renderBuilder(db, `/builder/${template.id}`, { firstVisit: true });
    await screen.findByTestId('overview-section-tasks');
    expect(runningTour()).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(TUTORIAL_DELAY_MS);
    });
    expect(runningTour()).toBeNull();
    await closeTutorial();
    await waitFor(() => expect(runningTour()).toBe('gameBuilderOverviewTour'));

    fireEvent.click(screen.getByRole('button', { name: 'Finish tour' }));
    await waitFor(() => expect(runningTour()).toBeNull());
    expect(localStorage.getItem('gameBuilderOverviewTour')).toBe('completed');

    await act(async () => router.navigate(`/builder/${template.id}/styling`));
    await waitFor(() => expect(runningTour()).toBe('gameStylingOverviewTour'));
    await act(async () => router.navigate(`/builder/${template.id}/overview`));
    await waitFor(() => expect(runningTour()).toBeNull());
  });

  it('a returning organiser sees no tutorial; each unseen tour runs on its own screen only', async () => {
    const template = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${template.id}/tasks`, {
      firstVisit: true,
      seen: { [TUTORIAL_STORAGE_KEY]: 'yes', gameBuilderOverviewTour: 'completed' },
    });
    await waitFor(() => expect(runningTour()).toBe('gameBuilderTaskTour'));
    await act(async () => router.navigate(`/builder/${template.id}/order`));
    await waitFor(() => expect(runningTour()).toBeNull());
    expect(tutorialDialog()).toBeNull();
  });

  it('nothing starts while ?finish-create= asks for the test dialog; closing it lets the tutorial come', async () => {
    const template = await storeTemplate(db);
    useTutorialClock();
    renderBuilder(db, `/builder/${template.id}?finish-create=1`, { firstVisit: true });
    const demo = await screen.findByRole('dialog', { name: 'Create (Demo) Activity' });
    await act(async () => {
      vi.advanceTimersByTime(TUTORIAL_DELAY_MS * 3);
    });
    expect(tutorialDialog()).toBeNull();
    expect(runningTour()).toBeNull();

    fireEvent.click(within(demo).getByRole('button', { name: 'Close demo' }));
    await act(async () => {
      vi.advanceTimersByTime(TUTORIAL_DELAY_MS);
    });
    expect(await screen.findByRole('dialog', { name: 'Activity Builder Tutorial' })).toBeTruthy();
  });

  it('SPEC §2.8 the tutorial button on the preview area opens the Activity Builder Tutorial', async () => {
    const template = await storeTemplate(db);
    renderBuilder(db, `/builder/${template.id}`);
    fireEvent.click(await screen.findByRole('button', { name: TUTORIAL_BUTTON_TEXT }));
    expect(await screen.findByRole('dialog', { name: 'Activity Builder Tutorial' })).toBeTruthy();
  });
});
