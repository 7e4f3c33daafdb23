/**
 * The builder's first-visit onboarding (SPEC §4: the tutorial video after 1 s and the three
 * guided tours) would cover every builder screen the journeys open. Playwright starts each test
 * with these local storage values, as if the organiser had seen it all before; the onboarding
 * journey (e2e/builder-onboarding.spec.ts) starts from an empty storage instead.
 */
import {
  TOUR_COMPLETED_VALUE,
  TOUR_IDS,
  TUTORIAL_PLAYED_VALUE,
  TUTORIAL_STORAGE_KEY,
} from '../../src/domain/constants';

export const ONBOARDING_DONE_ITEMS: ReadonlyArray<{ name: string; value: string }> = [
  { name: TUTORIAL_STORAGE_KEY, value: TUTORIAL_PLAYED_VALUE },
  ...TOUR_IDS.map((id) => ({ name: id, value: TOUR_COMPLETED_VALUE })),
];

/** A Playwright storage state for `origin` in which the onboarding has been seen. */
export function onboardingDoneState(origin: string) {
  return {
    cookies: [],
    origins: [{ origin, localStorage: [...ONBOARDING_DONE_ITEMS] }],
  };
}

/** An empty storage state: the organiser's first visit (for the onboarding journey). */
export const FIRST_VISIT_STATE = { cookies: [], origins: [] };
