/**
 * The route map of SPEC §2.1. Each top-level group has its own error screen (`errorElement`):
 * - the app shell (Layout B): the Dashboard, My Activities (/activities and /games), the Template
 *   Library, the account's pages, pricing and contact, and support's /diagnostics;
 * - /activity, the AI creation wizard (Layout A), with its own error screen ("Try again?");
 * - /builder/{templateId?}, the Activity Builder, with its own error screen.
 *
 * Every screen is loaded on first visit (`lazy`), so "/" downloads only the shell and the
 * Dashboard (the 250 KB gzipped budget of "/").
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyScreen } from '../ui/lazyScreen';
import { NotFoundPage } from '../ui/NotFoundPage';
import { RequireSignIn } from './RequireSignIn';
import { RouteErrorScreen } from '../ui/RouteErrorScreen';
import { SidebarLayout } from './shell/SidebarLayout';
import { TopBarLayout } from './shell/TopBarLayout';
import { WizardErrorScreen } from '../features/wizard/WizardErrorScreen';
import { wizardRoutes } from '../features/wizard/wizardRoutes';
import { builderRoutes } from '../features/builder/builderRoutes';

const myActivities = lazyScreen(
  () => import('../features/activities/MyActivitiesPage'),
  (m) => m.MyActivitiesPage,
);

/** Screens a guest may not open (SPEC §2.1 "Sign-in: needed"). */
export const protectedShellRoutes: RouteObject[] = [
  { path: 'activities', lazy: myActivities },
  // SPEC §2.1: the "Create new game" dialog's "My Activities" button goes to /games.
  { path: 'games', lazy: myActivities },
  {
    path: 'templates',
    lazy: lazyScreen(
      () => import('../features/library/TemplateLibraryPage'),
      (m) => m.TemplateLibraryPage,
    ),
  },
  {
    path: 'profile',
    lazy: lazyScreen(
      () => import('../features/account/ProfilePage'),
      (m) => m.ProfilePage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'shell',
    path: '/',
    element: <SidebarLayout />,
    errorElement: <RouteErrorScreen action="shell" />,
    children: [
      {
        index: true,
        lazy: lazyScreen(
          () => import('../features/dashboard/DashboardPage'),
          (m) => m.DashboardPage,
        ),
      },
      // Support's panel; linked from the account menu.
      {
        path: 'diagnostics',
        lazy: lazyScreen(
          () => import('../features/diagnostics/DiagnosticsPage'),
          (m) => m.DiagnosticsPage,
        ),
      },
      // The server's own accounts (SPEC §2.2: both return to ?from=).
      {
        path: 'sign-in',
        lazy: lazyScreen(
          () => import('../auth/AuthForm'),
          (m) => m.SignInPage,
        ),
      },
      {
        path: 'sign-up',
        lazy: lazyScreen(
          () => import('../auth/AuthForm'),
          (m) => m.SignUpPage,
        ),
      },
      // The marketing links' default pages (ARCHITECTURE.md: never a dead host).
      {
        path: 'pricing',
        lazy: lazyScreen(
          () => import('../features/pricing/PricingPage'),
          (m) => m.PricingPage,
        ),
      },
      {
        path: 'contact',
        lazy: lazyScreen(
          () => import('../features/pricing/ContactPage'),
          (m) => m.ContactPage,
        ),
      },
      { element: <RequireSignIn />, children: protectedShellRoutes },
    ],
  },
  {
    id: 'wizard',
    path: '/activity',
    element: <TopBarLayout />,
    errorElement: <WizardErrorScreen />,
    children: wizardRoutes,
  },
  // /builder/{templateId?}: open to guests (SPEC §2.1), with its own error screen.
  ...builderRoutes,
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
