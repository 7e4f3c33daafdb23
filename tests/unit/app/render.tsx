/** Renders app components inside the app's Mantine theme, optionally at a path of a memory router. */
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { renderWithMantine } from '../support/render';

export function renderWithTheme(ui: ReactNode) {
  return renderWithMantine(ui);
}

export function renderRoutes(routes: RouteObject[], initialEntries: string[]) {
  const router = createMemoryRouter(routes, {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  const view = renderWithTheme(<RouterProvider router={router} />);
  return { router, ...view };
}
