/**
 * The Activity Builder's route group (SPEC §2.1, §2.8): /builder opens the remembered template or
 * a blank copy (the entry screen), /builder/{templateId} is the layout with its screens: the
 * overview (index and /overview), styling and tasks (builderScreenRoutes.tsx), locations, order.
 * The group has its own error screen.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../ui/lazyScreen';
import { BuilderErrorScreen } from './BuilderErrorScreen';
import { builderScreenRoutes } from './builderScreenRoutes';

const overview = lazyScreen(
  () => import('./OverviewScreen'),
  (m) => m.OverviewScreen,
);

/** The children of /builder/{templateId}; `screens` defaults to builderScreenRoutes. */
export function builderTemplateChildren(
  screens: RouteObject[] = builderScreenRoutes,
): RouteObject[] {
  return [
    { index: true, lazy: overview },
    { path: 'overview', lazy: overview },
    ...screens,
    {
      path: 'locations',
      lazy: lazyScreen(
        () => import('./LocationsScreen'),
        (m) => m.LocationsScreen,
      ),
    },
    {
      path: 'order',
      lazy: lazyScreen(
        () => import('./OrderScreen'),
        (m) => m.OrderScreen,
      ),
    },
  ];
}

export function createBuilderRoutes(screens: RouteObject[] = builderScreenRoutes): RouteObject[] {
  return [
    {
      id: 'builder',
      path: '/builder',
      errorElement: <BuilderErrorScreen />,
      children: [
        {
          index: true,
          lazy: lazyScreen(
            () => import('./BuilderEntryScreen'),
            (m) => m.BuilderEntryScreen,
          ),
        },
        {
          path: ':templateId',
          lazy: lazyScreen(
            () => import('./BuilderLayout'),
            (m) => m.BuilderLayout,
          ),
          children: builderTemplateChildren(screens),
        },
      ],
    },
  ];
}

export const builderRoutes: RouteObject[] = createBuilderRoutes();
