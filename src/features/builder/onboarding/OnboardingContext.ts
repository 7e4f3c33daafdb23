/** What the builder's screens can ask of the onboarding: open the tutorial video on demand. */
import { createContext, useContext } from 'react';

export interface OnboardingControls {
  openTutorial: () => void;
}

export const OnboardingContext = createContext<OnboardingControls | null>(null);

/** Null outside the builder's layout (a screen rendered on its own, in a test or a preview). */
export const useOnboarding = (): OnboardingControls | null => useContext(OnboardingContext);
