/**
 * The children of /activity (SPEC §2.1): the wizard's steps, each loaded on first visit so that
 * none of the wizard is in the bundle of "/". The parent route (router.tsx) gives Layout A and
 * the group's error screen.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen as screen } from '../../ui/lazyScreen';

const typeStep = screen(
  () => import('./steps/TypeStep'),
  (m) => m.TypeStep,
);

export const wizardRoutes: RouteObject[] = [
  { index: true, lazy: typeStep },
  { path: 'type', lazy: typeStep },
  {
    path: 'tasks',
    lazy: screen(
      () => import('./steps/TasksStep'),
      (m) => m.TasksStep,
    ),
  },
  {
    path: 'topics',
    lazy: screen(
      () => import('./steps/TopicsStep'),
      (m) => m.TopicsStep,
    ),
  },
  {
    path: 'name',
    lazy: screen(
      () => import('./steps/NameStep'),
      (m) => m.NameStep,
    ),
  },
  {
    path: 'create',
    lazy: screen(
      () => import('./steps/CreateStep'),
      (m) => m.CreateStep,
    ),
  },
  {
    path: 'status',
    lazy: screen(
      () => import('./steps/StatusStep'),
      (m) => m.StatusStep,
    ),
  },
  {
    path: 'complete',
    lazy: screen(
      () => import('./steps/CompleteStep'),
      (m) => m.CompleteStep,
    ),
  },
  {
    path: ':templateId/demo/create',
    lazy: screen(
      () => import('./steps/DemoCreateStep'),
      (m) => m.DemoCreateStep,
    ),
  },
  {
    path: ':templateId/demo/status',
    lazy: screen(
      () => import('./steps/DemoStatusStep'),
      (m) => m.DemoStatusStep,
    ),
  },
  {
    path: ':templateId/demo/complete',
    lazy: screen(
      () => import('./steps/DemoCompleteStep'),
      (m) => m.DemoCompleteStep,
    ),
  },
];
