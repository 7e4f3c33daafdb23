/**
 * The builder's first-visit onboarding (SPEC §4): 1 s after entering the builder the tutorial
 * video opens once (local storage activityBuilderTutorialPlayOnce), and each of the three guided
 * tours runs once on its screen (local storage {tourId} = 'completed' when finished or skipped).
 *
 * One thing at a time: a tour waits while the tutorial is due or open, and both wait while the
 * URL carries ?finish-create= (the organiser asked to test the activity; its dialog comes first).
 * The tour library is loaded only when a tour is about to run.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  TOUR_IDS,
  TUTORIAL_DELAY_MS,
  TUTORIAL_VIDEO_SLUG,
  type TourId,
} from '../../../domain/constants';
import { VideoDialog } from '../../publishing/VideoDialog';
import { carriesFinishCreate } from '../builderEntry';
import { OnboardingContext, type OnboardingControls } from './OnboardingContext';
import {
  hasTutorialPlayed,
  isTourCompleted,
  markTourCompleted,
  markTutorialPlayed,
} from './onboardingStorage';
import { tourAtPath } from './tours';

const TourRunner = lazy(() => import('./TourRunner').then((m) => ({ default: m.TourRunner })));

export function BuilderOnboarding({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const holdOff = carriesFinishCreate(search);
  const [tutorialDue, setTutorialDue] = useState(() => !hasTutorialPlayed());
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const [completed, setCompleted] = useState<ReadonlySet<TourId>>(
    () => new Set(TOUR_IDS.filter(isTourCompleted)),
  );

  useEffect(() => {
    if (!tutorialDue || holdOff) return;
    const timer = setTimeout(() => {
      // Marked when it opens, not when it closes: a reload mid-video must not play it again.
      markTutorialPlayed();
      setTutorialDue(false);
      setTutorialOpen(true);
    }, TUTORIAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [tutorialDue, holdOff]);

  const finishTour = useCallback((id: TourId) => {
    markTourCompleted(id);
    setCompleted((previous) => new Set(previous).add(id));
  }, []);

  const controls = useMemo<OnboardingControls>(
    () => ({
      openTutorial: () => {
        markTutorialPlayed();
        setTutorialDue(false);
        setTutorialOpen(true);
      },
    }),
    [],
  );

  const tour = tourAtPath(pathname);
  const runTour =
    tour !== null && !completed.has(tour) && !tutorialDue && !tutorialOpen && !holdOff;

  return (
    <OnboardingContext.Provider value={controls}>
      {children}
      <VideoDialog
        slug={tutorialOpen ? TUTORIAL_VIDEO_SLUG : null}
        onClose={() => setTutorialOpen(false)}
      />
      {runTour && (
        <Suspense fallback={null}>
          <TourRunner key={tour} tourId={tour} onDone={finishTour} />
        </Suspense>
      )}
    </OnboardingContext.Provider>
  );
}
