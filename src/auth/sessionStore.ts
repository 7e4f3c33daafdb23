/**
 * The signed-in session kept on this device, so that an organiser stays signed in across
 * reloads and can keep working offline (the local database is theirs). Only the token and the
 * user's public fields are kept.
 */
import type { User } from '../domain/schemas';

const KEY = 'teamtrail.session';

export interface StoredSession {
  token: string;
  user: User;
}

export function loadSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.token === 'string' && parsed.user && typeof parsed.user.id === 'string'
      ? { token: parsed.token, user: parsed.user }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}
