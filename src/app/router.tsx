/**
 * The route map. Only the routes that exist so far; SPEC §2.1's full map (the app shell with the
 * dashboard, /activities, /templates, /builder, /activity) arrives with the app-shell issue and
 * is added to `routes` below, each screen group with its own error screen.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { DiagnosticsPage } from '../features/diagnostics/DiagnosticsPage';

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  // Support's panel (issue 3 §5); linked from the account menu once that exists.
  { path: '/diagnostics', element: <DiagnosticsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
