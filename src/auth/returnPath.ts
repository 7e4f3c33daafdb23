/**
 * Sign-in and sign-up return the user to where they were: the path in ?from= (SPEC §2.2). Only
 * a path of this app is followed, never another site ("//evil.example", "https://…").
 */
const AUTH_PATHS = ['/sign-in', '/sign-up'];

export function returnPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/';
  const pathname = from.split(/[?#]/)[0] ?? '/';
  return AUTH_PATHS.includes(pathname) ? '/' : from;
}

/** The sign-in (or sign-up) link from the page the user is on now. */
export const authLink = (page: 'sign-in' | 'sign-up', currentPath: string): string =>
  `/${page}?from=${encodeURIComponent(returnPath(currentPath))}`;
