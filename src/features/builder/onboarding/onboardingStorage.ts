/**
 * What the organiser has already seen of the builder's onboarding (SPEC §4, §9 local storage):
 * `activityBuilderTutorialPlayOnce = 'yes'` and `{tourId} = 'completed'`. Storage that cannot be
 * read (blocked cookies, a private window's quota) counts as "seen": showing a tour on every
 * visit would be worse than never showing it.
 */
import {
  TOUR_COMPLETED_VALUE,
  TUTORIAL_PLAYED_VALUE,
  TUTORIAL_STORAGE_KEY,
  type TourId,
} from '../../../domain/constants';

function read(key: string): string | null | undefined {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the worst case is seeing it again next time.
  }
}

export const isTourCompleted = (id: TourId): boolean => {
  const value = read(id);
  return value === undefined || value === TOUR_COMPLETED_VALUE;
};

export const markTourCompleted = (id: TourId): void => write(id, TOUR_COMPLETED_VALUE);

export const hasTutorialPlayed = (): boolean => {
  const value = read(TUTORIAL_STORAGE_KEY);
  return value === undefined || value === TUTORIAL_PLAYED_VALUE;
};

export const markTutorialPlayed = (): void => write(TUTORIAL_STORAGE_KEY, TUTORIAL_PLAYED_VALUE);
