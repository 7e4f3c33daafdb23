/** What the builder's screens can ask of the onboarding: open the tutorial video on demand. */
import { createContext, useContext } from 'react';

export interface OnboardingControls {
  openTutorial: () => void;
}

export const OnboardingContext = createContext<OnboardingControls | null>(null);

export function useOnboarding(): OnboardingControls {
  const controls = useContext(OnboardingContext);
  if (!controls) throw new Error('useOnboarding is used outside the builder');
  return controls;
}
