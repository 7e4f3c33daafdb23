/**
 * Who is using the app, as the screens ask it: the accounts of src/auth (the server's own, or
 * Clerk) behind one small shape, so a screen needs to know nothing of tokens or providers.
 */
import { useMemo } from 'react';
import { useAuth } from './context';
import { useGuardedSignOut } from './SignOutGuard';
import { canScheduleActivity } from '../domain/userRights';
import { readAnonId } from '../api/anonId';
import type { ApiCredentials } from '../api/client';

export interface SessionUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export type Session =
  | { readonly signedIn: false; readonly user: null; readonly canScheduleActivity: false }
  | { readonly signedIn: true; readonly user: SessionUser; readonly canScheduleActivity: boolean };

const GUEST: Session = { signedIn: false, user: null, canScheduleActivity: false };

export function useSession(): Session {
  const { state } = useAuth();
  return useMemo(() => {
    if (state.status !== 'signedIn') return GUEST;
    const { id, name, email } = state.user;
    return {
      signedIn: true,
      user: { id, name: name || email || 'Your account', email: email ?? '' },
      // SPEC §6: Schedule and the live-screen buttons only when restricted = false.
      canScheduleActivity: canScheduleActivity(state.user),
    };
  }, [state]);
}

/**
 * Signs out; the screen stays where it is (a protected one sends the guest to "/"). Asks first
 * when work has not reached the server (src/auth/SignOutGuard.tsx).
 */
export function useSignOut(): () => void {
  return useGuardedSignOut();
}

/**
 * What an online-only call (src/api) needs to say who is calling: the bearer token when signed in
 * and the guest's AnonId always (SPEC §7). Both are getters, read when the call is made (a
 * spread `{...credentials}` reads them too): Clerk's tokens live 60 s, so a token taken at render
 * time could be stale by the time a polling loop uses it.
 */
export function useApiCredentials(): ApiCredentials {
  const { currentToken, state } = useAuth();
  const userId = state.user?.id ?? null;
  return useMemo(
    () => ({
      // A new object when the user changes, so that effects depending on it run again.
      get token() {
        return userId ? currentToken() : null;
      },
      get anonId() {
        return readAnonId();
      },
    }),
    [currentToken, userId],
  );
}

/**
 * The id the AI assistant's requests are made for (docs/ai.md: "requestorId must be the caller"):
 * the signed-in user's id, or the guest's AnonId.
 */
export function useRequestorId(): string | null {
  const { state } = useAuth();
  return state.user?.id ?? readAnonId();
}
