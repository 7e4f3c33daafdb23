/**
 * Who is using the organiser app: a guest, or a user signed in with the server's own accounts
 * (SPEC §4 Authentication). A session kept on the device counts at once, so the app opens
 * signed in even offline; it is checked with the server in the background, and a session the
 * server no longer knows signs the user out. Clerk (VITE_CLERK_PUBLISHABLE_KEY) is a later part
 * of issue 6 and will fill the same context.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { SignInRequest, SignUpRequest, User } from '../../domain/schemas';
import * as auth from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { clearSession, loadSession, saveSession } from './sessionStore';

export type AuthState =
  | { status: 'signedOut'; user: null; token: null }
  | { status: 'signedIn'; user: User; token: string };

export interface AuthContextValue {
  state: AuthState;
  signIn(request: SignInRequest): Promise<ApiResult<unknown>>;
  signUp(request: SignUpRequest): Promise<ApiResult<unknown>>;
  signOut(): Promise<void>;
}

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null, token: null };

function initialState(): AuthState {
  const stored = loadSession();
  return stored ? { status: 'signedIn', user: stored.user, token: stored.token } : SIGNED_OUT;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);

  const signedIn = useCallback((token: string, user: User) => {
    saveSession({ token, user });
    setState({ status: 'signedIn', user, token });
  }, []);

  const signedOut = useCallback(() => {
    clearSession();
    setState(SIGNED_OUT);
  }, []);

  // Check a kept session once: offline it stays; a session the server refuses ends here.
  const startToken = state.token;
  useEffect(() => {
    if (!startToken) return;
    let cancelled = false;
    void auth.currentUser(startToken).then((result) => {
      if (cancelled) return;
      if (result.ok) signedIn(startToken, result.data);
      else if (result.status === 401) signedOut();
    });
    return () => {
      cancelled = true;
    };
    // Only the session the app started with is checked; later ones come from the server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
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
      async signOut() {
        if (state.token) await auth.signOut(state.token);
        signedOut();
      },
    }),
    [state, signedIn, signedOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
