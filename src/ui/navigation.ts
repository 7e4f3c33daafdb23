/**
 * SPEC §2.2 navigation items, in order. Items that require sign-in are hidden from guests. The
 * item shape is the domain's `NavigationItem` (src/domain/schemas.ts); `variant` names the icon.
 */
import type { NavigationItem } from '../domain/schemas';

export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  {
    id: 'dashboard',
    to: '/',
    variant: 'dashboard',
    label: 'Dashboard',
    requiresAuthentication: false,
  },
  {
    id: 'activities',
    to: '/activities',
    variant: 'activities',
    label: 'My Activities',
    requiresAuthentication: true,
  },
  {
    id: 'templates',
    to: '/templates',
    variant: 'library',
    label: 'Template Library',
    requiresAuthentication: true,
  },
  {
    id: 'builder',
    to: '/builder',
    variant: 'builder',
    label: 'Activity Builder',
    requiresAuthentication: true,
  },
];

export function visibleNavigationItems(signedIn: boolean): readonly NavigationItem[] {
  return NAVIGATION_ITEMS.filter((item) => signedIn || !item.requiresAuthentication);
}

/** "/" is active only on itself; every other item also on the paths below it. */
export function isNavigationItemActive(item: NavigationItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
