/**
 * The Clerk account last signed in on this device: the hint that a session probably exists (so
 * the app waits a moment for Clerk before showing a signed-in user a guest's screens), and the
 * plan the server gave it, shown until the server answers again.
 */
import type { AccountUser } from '../types';

const KEY = 'teamtrail.clerkAccount';

export function loadRememberedAccount(): AccountUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<AccountUser> | null;
    return parsed && typeof parsed.id === 'string' && parsed.id !== ''
      ? (parsed as AccountUser)
      : null;
  } catch {
    return null;
  }
}

export function rememberAccount(user: AccountUser): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Storage full or denied: the hint is a convenience only.
  }
}

export function forgetAccount(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // as above
  }
}
