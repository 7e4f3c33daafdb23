/**
 * The builder's guided tours (SPEC §4): three tours, each on its own screen, together the 13
 * steps of SPEC §4 in order. A step points at an element carrying `data-tour="{target}"`; a
 * step whose element is not on the screen (a narrow window hides the task preview) is passed
 * over by the tour rather than blocking it.
 */
import { TOUR_BUILDER_PATHS, TOUR_IDS, type TourId } from '../../../domain/constants';

export interface TourStep {
  /** The value of the data-tour attribute of the element the step points at. */
  target: string;
  title: string;
  content: string;
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'auto';
}

export const TOURS: Readonly<Record<TourId, readonly TourStep[]>> = {
  gameBuilderOverviewTour: [
    {
      target: 'navigation-bar',
      title: 'Navigation Bar',
      content:
        'Quick access to your Dashboard, My Activities and the Template Library. Your work here is kept as you go.',
      placement: 'right',
    },
    {
      target: 'gameboard-preview',
      title: 'Gameboard Preview',
      content:
        'This is what the user will see on their phone once loaded. Any changes you make update here in real time.',
      placement: 'right',
    },
    {
      target: 'template-name',
      title: 'Template Name',
      content:
        'Give your activity a name and a short description. Players see the name when they join.',
      placement: 'left',
    },
    {
      target: 'overview-styling',
      title: 'Template theme and colours',
      content:
        'Add your logo, pick a theme and choose the colours of the header, the tasks and the team photo screen.',
      placement: 'left',
    },
    {
      target: 'overview-tasks',
      title: 'Template Questions and Challenges',
      content:
        'Write your quiz questions and team challenges here, or use our in-built AI assistant to create them for you.',
      placement: 'left',
    },
    {
      target: 'test-activity',
      title: 'Test Activity Button',
      content:
        'When every task is complete and your changes are saved, try the activity as a short demo on your phone.',
      placement: 'top',
    },
  ],
  gameBuilderTaskTour: [
    {
      target: 'task-preview',
      title: 'Task Preview',
      content:
        'The task you are editing, as players will see it. Images, audio and video are previewable here too.',
      placement: 'right',
    },
    {
      target: 'edit-tasks-help',
      title: 'Edit Tasks Help',
      content: 'Stuck on a task type or a field? Open the help for tips on writing good tasks.',
      placement: 'bottom',
    },
    {
      target: 'generate-ai',
      title: 'Generate with AI',
      content:
        'Describe your topics and our AI assistant will create all your tasks in one go. Locked tasks are kept.',
      placement: 'bottom',
    },
  ],
  gameStylingOverviewTour: [
    {
      target: 'styling-help',
      title: 'Styling Help',
      content:
        'Open the help for the recommended sizes and tips on making your activity look great.',
      placement: 'bottom',
    },
    {
      target: 'branding',
      title: 'Branding',
      content:
        'Upload your company logo to show at the top of the activity screen. Take note of the maximum dimensions.',
      placement: 'left',
    },
    {
      target: 'themes',
      title: 'Themes',
      content: 'Choose a theme: the background picture players see behind your activity.',
      placement: 'left',
    },
    {
      target: 'background-colours',
      title: 'Background Colours',
      content:
        'Pick the colours of the header, the task cards and the team photo screen to match your brand.',
      placement: 'top',
    },
  ],
};

/** The CSS selector of a step's element. */
export const tourTargetSelector = (target: string): string => `[data-tour="${target}"]`;

/**
 * The tour that runs on a builder path (SPEC §4): the overview tour on /builder/{id} (and its
 * /overview alias), the task tour on /tasks, the styling tour on /styling (not its sub-screens).
 */
export function tourAtPath(pathname: string): TourId | null {
  const match = /^\/builder\/[^/]+(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match) return null;
  const segment = match[1] === 'overview' ? '' : (match[1] ?? '');
  return TOUR_IDS.find((id) => TOUR_BUILDER_PATHS[id] === segment) ?? null;
}
