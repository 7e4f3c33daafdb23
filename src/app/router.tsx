/**
 * The route map of SPEC §2.1. Each top-level group has its own error screen (`errorElement`).
 * Screens arrive with their issues and slot in here:
 * - the app shell (Layout B): "/" (Dashboard) and support's /diagnostics; the protected screens
 *   (/activities, /games, /templates) go under `RequireSignIn`;
 * - /activity (the AI creation wizard, Layout A) and /builder/{templateId?}: their own groups.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { RequireSignIn } from './RequireSignIn';
import { RouteErrorScreen } from './RouteErrorScreen';
import { SidebarLayout } from './shell/SidebarLayout';
import { DiagnosticsPage } from '../features/diagnostics/DiagnosticsPage';
import { SignInPage, SignUpPage } from '../features/auth/AuthForm';

/** Screens a guest may not open (SPEC §2.1 "Sign-in: needed"); none is built yet. */
export const protectedShellRoutes: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    id: 'shell',
    path: '/',
    element: <SidebarLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <HomePage /> },
      // Support's panel (issue 3 §5); linked from the account menu and, for guests, the home page.
      { path: 'diagnostics', element: <DiagnosticsPage /> },
      // The server's own accounts (SPEC §2.2: both return to ?from=).
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { element: <RequireSignIn />, children: protectedShellRoutes },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
