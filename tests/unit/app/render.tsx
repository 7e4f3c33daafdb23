/** Renders app components inside the app's Mantine theme, optionally at a path of a memory router. */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../../../src/ui/theme';

export function renderWithTheme(ui: ReactNode) {
  return render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
}

export function renderRoutes(routes: RouteObject[], initialEntries: string[]) {
  const router = createMemoryRouter(routes, {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  const view = renderWithTheme(<RouterProvider router={router} />);
  return { router, ...view };
}
