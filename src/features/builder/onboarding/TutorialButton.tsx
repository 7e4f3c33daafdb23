/** SPEC §2.8 tutorial button, on the builder's preview area: plays the Activity Builder Tutorial. */
import { Button } from '@mantine/core';
import { PlayIcon } from '../../library/icons';
import { useOnboarding } from './OnboardingContext';

export const TUTORIAL_BUTTON_TEXT = 'Watch the tutorial';

export function TutorialButton() {
  const onboarding = useOnboarding();
  if (!onboarding) return null;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<PlayIcon size={16} />}
      onClick={onboarding.openTutorial}
      data-testid="tutorial-button"
    >
      {TUTORIAL_BUTTON_TEXT}
    </Button>
  );
}
