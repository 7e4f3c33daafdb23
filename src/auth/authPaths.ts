/**
 * SPEC §2.2: sign-in and sign-up return the user to the current path, passed as `from`
 * (src/auth/returnPath.ts). Sign-out is a button, not a page: it signs out where the
 * user is.
 */
import { authLink } from './returnPath';

export const signInHref = (currentPath: string): string => authLink('sign-in', currentPath);

/** A deep link to sign-up that comes back to `intendedPath` (SPEC §2.8 Create Account blocker). */
export const signUpHref = (intendedPath: string): string => authLink('sign-up', intendedPath);
