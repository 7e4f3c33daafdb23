/**
 * The server's own accounts (e-mail and password; the embedded default when Clerk is not
 * configured), as one adapter of src/auth's interface (SPEC §4 Authentication). A session kept
 * on the device counts at once, so the app opens signed in even offline; it is checked with the
 * server in the background, and a session the server no longer knows signs the user out.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '../domain/schemas';
import * as auth from '../api/auth';
import { AuthContext } from './context';
import { splitName } from './names';
import type { AuthContextValue, AuthState } from './types';
import { clearSession, loadSession, saveSession } from './sessionStore';

export { useAuth } from './context';
export type { AuthContextValue, AuthState } from './types';

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };

const signedInAs = (user: User): AuthState => ({
  status: 'signedIn',
  user: { ...user, ...splitName(user.name) },
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState(loadSession);
  const state = useMemo(() => (session ? signedInAs(session.user) : SIGNED_OUT), [session]);
  // Calls read the token when they are made (AuthContextValue.currentToken), not when rendered.
  // Every change of session goes through signedIn / signedOut, which keep it in step.
  const tokenRef = useRef(session?.token ?? null);

  const signedIn = useCallback((token: string, user: User) => {
    saveSession({ token, user });
    tokenRef.current = token;
    setSession({ token, user });
  }, []);

  const signedOut = useCallback(() => {
    clearSession();
    tokenRef.current = null;
    setSession(null);
  }, []);

  // Check a kept session once: offline it stays; a session the server refuses ends here.
  const startToken = session?.token ?? null;
  useEffect(() => {
    if (!startToken) return;
    let cancelled = false;
    void auth.currentUser(startToken).then((result) => {
      if (cancelled) return;
      if (result.ok) signedIn(startToken, result.data);
      else if (result.error.status === 401) signedOut();
    });
    return () => {
      cancelled = true;
    };
    // Only the session the app started with is checked; later ones come from the server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      provider: 'server',
      state,
      // The server's accounts need no script: sign-in is there whenever the server is.
      availability: 'ready',
      currentToken: () => tokenRef.current,
      getToken: async () => tokenRef.current,
      async signOut() {
        const token = tokenRef.current;
        if (token) await auth.signOut(token);
        signedOut();
      },
      passwordAccounts: {
        async signIn(request) {
          const result = await auth.signIn(request);
          if (result.ok) signedIn(result.data.token, result.data.user);
          return result;
        },
        async signUp(request) {
          const result = await auth.signUp(request);
          if (result.ok) signedIn(result.data.token, result.data.user);
          return result;
        },
      },
      screens: null,
    }),
    [state, signedIn, signedOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
