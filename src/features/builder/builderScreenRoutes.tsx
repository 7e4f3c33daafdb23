/**
 * The builder screens written beside the layout (styling, theme, colours, tasks), as children of
 * /builder/{templateId} (SPEC §2.1). Kept apart from builderRoutes.tsx so that a screen not yet
 * written can be left out here alone.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../ui/lazyScreen';

const colourScreens = () => import('./styling/ColourScreen');

export const builderScreenRoutes: RouteObject[] = [
  {
    path: 'styling',
    children: [
      {
        index: true,
        lazy: lazyScreen(
          () => import('./styling/StylingScreen'),
          (m) => m.StylingScreen,
        ),
      },
      {
        path: 'theme',
        lazy: lazyScreen(
          () => import('./styling/ThemeScreen'),
          (m) => m.ThemeScreen,
        ),
      },
      { path: 'header', lazy: lazyScreen(colourScreens, (m) => m.HeaderColourScreen) },
      { path: 'question', lazy: lazyScreen(colourScreens, (m) => m.QuestionColourScreen) },
      { path: 'selfie', lazy: lazyScreen(colourScreens, (m) => m.SelfieColourScreen) },
    ],
  },
  {
    path: 'tasks',
    lazy: lazyScreen(
      () => import('./tasks/TasksScreen'),
      (m) => m.TasksScreen,
    ),
  },
];
