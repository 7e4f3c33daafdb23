// @vitest-environment happy-dom
/** SPEC §2.2 Layout B and the navigation items: "Items that require sign-in are hidden from guests." */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useSession, type Session } from '../../../src/auth/session';
import { SidebarLayout } from '../../../src/app/shell/SidebarLayout';
import { TopBarLayout } from '../../../src/app/shell/TopBarLayout';
import {
  NAVIGATION_ITEMS,
  isNavigationItemActive,
  visibleNavigationItems,
} from '../../../src/ui/navigation';
import { navigationItemSchema } from '../../../src/domain/schemas';
import { PRICING_LINK } from '../../../src/ui/marketingLinks';
import { renderRoutes } from './render';

const signOut = vi.fn(async () => undefined);
vi.mock('../../../src/auth/session', () => ({ useSession: vi.fn(), useSignOut: () => signOut }));

const GUEST: Session = { signedIn: false, user: null, canScheduleActivity: false };
const MEMBER: Session = {
  signedIn: true,
  user: { id: 'u1', name: 'Ada Organiser', email: 'ada@example.com' },
  canScheduleActivity: true,
};

function signIn(session: Session) {
  vi.mocked(useSession).mockReturnValue(session);
}

const page = (text: string) => ({ path: '*', element: <p>{text}</p> });
function renderShell(path: string) {
  return renderRoutes(
    [{ path: '/', element: <SidebarLayout />, children: [page('content')] }],
    [path],
  );
}

afterEach(() => {
  cleanup();
  vi.mocked(useSession).mockReset();
});

describe('navigation items (SPEC §2.2 table)', () => {
  it('are Dashboard, My Activities, Template Library and Activity Builder, in order', () => {
    expect(
      NAVIGATION_ITEMS.map((item) => [item.label, item.to, item.requiresAuthentication]),
    ).toEqual([
      ['Dashboard', '/', false],
      ['My Activities', '/activities', true],
      ['Template Library', '/templates', true],
      ['Activity Builder', '/builder', true],
    ]);
    for (const item of NAVIGATION_ITEMS) expect(navigationItemSchema.parse(item)).toEqual(item);
  });

  it('items that require sign-in are hidden from guests', () => {
    expect(visibleNavigationItems(false).map((item) => item.label)).toEqual(['Dashboard']);
    expect(visibleNavigationItems(true)).toHaveLength(4);
  });

  it('"/" is active only on itself; other items also below their path', () => {
    const [dashboard, , , builder] = NAVIGATION_ITEMS;
    expect(isNavigationItemActive(dashboard!, '/')).toBe(true);
    expect(isNavigationItemActive(dashboard!, '/diagnostics')).toBe(false);
    expect(isNavigationItemActive(builder!, '/builder/abc/tasks')).toBe(true);
    expect(isNavigationItemActive(builder!, '/builderx')).toBe(false);
  });
});

describe('Layout B, the sidebar (SPEC §2.2)', () => {
  it('for a guest: logo, Dashboard only, "Sign In / Up" returning to the current path, the sign-up panel', async () => {
    signIn(GUEST);
    renderShell('/diagnostics?tab=1');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
    expect(screen.getByRole('img', { name: 'Teamtrail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Account/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign In / Up' }).getAttribute('href')).toBe(
      '/sign-in?from=%2Fdiagnostics%3Ftab%3D1',
    );
    expect(screen.queryByText('Sign Out')).toBeNull();
    const panel = screen.getByTestId('upgrade-panel');
    expect(panel.textContent).toContain(
      'Sign up to a FREE account to save, test, and deliver your first activity.',
    );
    const plans = within(panel).getByRole('link', { name: 'View plans' });
    expect(plans.getAttribute('href')).toBe(PRICING_LINK.href);
    // The app's own pricing page opens in place; another site's in a new tab.
    expect(plans.getAttribute('target')).toBe(PRICING_LINK.external ? '_blank' : null);
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('for a signed-in user: the account button, all four items, "Sign Out", the upgrade text', async () => {
    signIn(MEMBER);
    renderShell('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'My Activities', 'Template Library', 'Activity Builder']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Account: Ada Organiser' })).toBeTruthy();
    // Sign-out is a button: it signs out where the user is.
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Sign In / Up')).toBeNull();
    expect(screen.getByTestId('upgrade-panel').textContent).toContain(
      'Upgrade to a Pro plan to create and deliver unlimited activities, work in teams and gain more functionality.',
    );
  });
});

describe('Layout A, the top bar (SPEC §2.2)', () => {
  it('has the "Menu" dropdown, the logo and "Sign In" for a guest', async () => {
    signIn(GUEST);
    renderRoutes(
      [{ path: '/', element: <TopBarLayout />, children: [page('content')] }],
      ['/activity'],
    );
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Teamtrail dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/sign-in?from=%2Factivity',
    );
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('has "Sign out" for a signed-in user', async () => {
    signIn(MEMBER);
    renderRoutes(
      [{ path: '/', element: <TopBarLayout />, children: [page('content')] }],
      ['/activity'],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });
});
