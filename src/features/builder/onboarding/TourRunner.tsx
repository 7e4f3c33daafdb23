/**
 * One guided tour (SPEC §4) with react-joyride: continuous, with Back, Skip and Next, in the tour
 * colour #6465c7. Finishing or skipping it (the Skip button, the close button or Escape) ends it
 * for good. The highlighted element cannot be clicked through: the tour shows, it does not act.
 */
import {
  ACTIONS,
  EVENTS,
  Joyride,
  ORIGIN,
  STATUS,
  type EventHandler,
  type Step,
} from 'react-joyride';
import { useMemo } from 'react';
import { TOUR_PRIMARY_COLOUR, type TourId } from '../../../domain/constants';
import { TourTooltip } from './TourTooltip';
import { TOURS, tourTargetSelector } from './tours';

/** Long enough for a lazily loaded screen to show its element on a slow first visit. */
const TARGET_WAIT_MS = 3000;

export interface TourRunnerProps {
  tourId: TourId;
  onDone: (tourId: TourId) => void;
}

export function TourRunner({ tourId, onDone }: TourRunnerProps) {
  const steps = useMemo<Step[]>(
    () =>
      TOURS[tourId].map((step) => ({
        target: tourTargetSelector(step.target),
        title: step.title,
        content: step.content,
        placement: step.placement ?? 'auto',
      })),
    [tourId],
  );

  const onEvent: EventHandler = (data, controls) => {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      onDone(tourId);
      return;
    }
    // Escape means "not now" for the whole tour, as the Skip button does.
    if (data.type === EVENTS.STEP_AFTER && data.action === ACTIONS.CLOSE) {
      if (data.origin === ORIGIN.KEYBOARD || data.origin === ORIGIN.BUTTON_CLOSE) {
        controls.skip(ORIGIN.BUTTON_SKIP);
      }
    }
  };

  return (
    <Joyride
      steps={steps}
      run
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      tooltipComponent={TourTooltip}
      options={{
        primaryColor: TOUR_PRIMARY_COLOUR,
        skipBeacon: true,
        blockTargetInteraction: true,
        overlayClickAction: false,
        // The tooltip shows "n of N" itself; the buttons keep the plain names Next and Done.
        showProgress: false,
        targetWaitTimeout: TARGET_WAIT_MS,
        zIndex: 150,
        buttons: ['back', 'skip', 'primary'],
      }}
      locale={{ back: 'Back', next: 'Next', last: 'Done', skip: 'Skip tour', close: 'Close' }}
    />
  );
}
