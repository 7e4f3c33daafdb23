// @vitest-environment happy-dom
/**
 * SPEC §2.1 protected-screen guard: "A guest who opens a protected screen is redirected to "/",
 * and the history entry is replaced."
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RequireSignIn } from '../../../src/app/RequireSignIn';
import { useSession } from '../../../src/auth/session';
import { renderRoutes } from './render';

vi.mock('../../../src/auth/session', () => ({ useSession: vi.fn() }));

const routes: RouteObject[] = [
  { path: '/', element: <p>Dashboard</p> },
  { path: '/previous', element: <p>Previous</p> },
  {
    element: <RequireSignIn />,
    children: [{ path: '/activities', element: <p>My Activities</p> }],
  },
];

afterEach(() => {
  cleanup();
  vi.mocked(useSession).mockReset();
});

describe('protected-screen guard', () => {
  it('redirects a guest to "/", replacing the history entry', async () => {
    vi.mocked(useSession).mockReturnValue({
      signedIn: false,
      user: null,
      canScheduleActivity: false,
    });
    const { router } = renderRoutes(routes, ['/previous', '/activities']);

    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText('My Activities')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');

    // Replaced, not pushed: Back goes to the page before the protected one.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/previous');
  });

  it('shows the screen to a signed-in user', async () => {
    vi.mocked(useSession).mockReturnValue({
      signedIn: true,
      user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
      canScheduleActivity: true,
    });
    const { router } = renderRoutes(routes, ['/activities']);
    expect(await screen.findByText('My Activities')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/activities');
  });
});
