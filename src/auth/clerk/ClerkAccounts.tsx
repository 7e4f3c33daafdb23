/**
 * The Clerk adapter of src/auth's interface (ARCHITECTURE.md Auth; SPEC §1 Sign-in, §4
 * Authentication). Loaded only when VITE_CLERK_PUBLISHABLE_KEY is set (src/auth/AccountsProvider
 * imports this module dynamically), so a build with the server's own accounts carries no Clerk.
 *
 * - A session whose status is 'pending' counts as signed out.
 * - A user counts as signed in once Clerk has handed out their first token, so that nothing (the
 *   sync worker above all) ever acts for them without one.
 * - Clerk not loading (offline, script blocked, timeout) is a normal state: the app goes on as a
 *   guest, and src/auth/SignInUnavailable says so quietly.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  ClerkProvider,
  SignIn,
  SignUp,
  UserProfile,
  useAuth as useClerkAuth,
  useClerk,
  useUser,
} from '@clerk/react';
import { Box, Center } from '@mantine/core';
import { apiCall } from '../../api/client';
import type { User } from '../../domain/schemas';
import { authLink } from '../returnPath';
import { AuthContext } from '../context';
import type { AccountUser, AuthAvailability, AuthContextValue, ProviderScreens } from '../types';
import { waitUntil } from '../waitUntil';
import { accountUserOf } from './accountUser';
import { appPath } from './appPath';
import { forgetAccount, loadRememberedAccount, rememberAccount } from './rememberedAccount';
import { watchClerkScriptFailure } from './scriptFailure';
import { startTokenKeeper } from './tokenKeeper';

/**
 * How long a user who was signed in last time waits for Clerk before the app opens as a guest
 * (a signed-in user's protected screen would otherwise bounce to "/"). Clerk is usually ready in
 * well under a second; offline the app does not wait at all.
 */
export const CLERK_BOOT_WAIT_MS = 4000;

// Watching starts when this module loads, before ClerkProvider adds the script.
const scriptFailure = watchClerkScriptFailure();

type ClerkStatus = 'loading' | 'ready' | 'degraded' | 'error';

export function availabilityOf(status: ClerkStatus, scriptFailed: boolean): AuthAvailability {
  if (status === 'error') return 'unavailable';
  if (status === 'ready' || status === 'degraded') return 'ready';
  return scriptFailed ? 'unavailable' : 'loading';
}

export interface ClerkAccountsProps {
  publishableKey: string;
  /** The app's router (Clerk navigates through it after sign-in and sign-out). */
  navigate(to: string, options: { replace: boolean }): void;
  /** Shown while a returning user waits for Clerk (at most CLERK_BOOT_WAIT_MS). */
  fallback?: ReactNode;
  children: ReactNode;
}

export function ClerkAccounts({
  publishableKey,
  navigate,
  fallback,
  children,
}: ClerkAccountsProps) {
  const go = useCallback(
    (to: string, replace: boolean) => {
      const path = appPath(to);
      if (path === null) {
        location.assign(to);
        return;
      }
      // Signing out "where the user is" must not stack a second entry of the same page.
      const here = location.pathname + location.search + location.hash;
      navigate(path, { replace: replace || path === here });
    },
    [navigate],
  );

  return (
    <ClerkProvider
      publishableKey={publishableKey}
      routerPush={(to) => go(to, false)}
      routerReplace={(to) => go(to, true)}
      signInUrl="/sign-in"
      signUpUrl="/sign-up"
    >
      <ClerkBridge fallback={fallback}>{children}</ClerkBridge>
    </ClerkProvider>
  );
}

function useClerkStatus(): ClerkStatus {
  const clerk = useClerk();
  const [status, setStatus] = useState<ClerkStatus>(() => clerk.status ?? 'loading');
  useEffect(() => {
    const onStatus = (next: ClerkStatus) => setStatus(next);
    clerk.on('status', onStatus, { notify: true });
    return () => clerk.off('status', onStatus);
  }, [clerk]);
  return status;
}

const SCREENS: ProviderScreens = {
  Auth: function ClerkAuthScreen({ mode, returnTo }) {
    return (
      <Center py="xl" mih={520}>
        {mode === 'sign-in' ? (
          <SignIn
            routing="hash"
            forceRedirectUrl={returnTo}
            signUpForceRedirectUrl={returnTo}
            signUpUrl={authLink('sign-up', returnTo)}
          />
        ) : (
          <SignUp
            routing="hash"
            forceRedirectUrl={returnTo}
            signInForceRedirectUrl={returnTo}
            signInUrl={authLink('sign-in', returnTo)}
          />
        )}
      </Center>
    );
  },
  Profile: function ClerkProfileScreen() {
    return (
      <Box mih={480}>
        <UserProfile routing="hash" />
      </Box>
    );
  },
};

function ClerkBridge({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const clerk = useClerk();
  const status = useClerkStatus();
  const scriptFailed = useSyncExternalStore(scriptFailure.subscribe, scriptFailure.failed);
  const availability = availabilityOf(status, scriptFailed);
  // Clerk's default: a pending session counts as signed out (SPEC §4).
  const { isSignedIn, userId, getToken } = useClerkAuth({ treatPendingAsSignedOut: true });
  const { user: clerkUser } = useUser();
  const signedInId = availability === 'ready' && isSignedIn && userId ? userId : null;

  const [remembered] = useState(loadRememberedAccount);
  const [serverUser, setServerUser] = useState<User | null>(null);
  const [tokenFor, setTokenFor] = useState<string | null>(null);
  const tokenRef = useRef<string | null>(null);
  const getTokenRef = useRef(getToken);
  useEffect(() => {
    getTokenRef.current = getToken;
  });

  // A current token for as long as the user is signed in; none the moment they are not.
  useEffect(() => {
    if (!signedInId) return;
    const stop = startTokenKeeper({
      getToken: () => getTokenRef.current(),
      onToken(token) {
        tokenRef.current = token;
        setTokenFor(token ? signedInId : null);
      },
    });
    return () => {
      stop();
      tokenRef.current = null;
      setTokenFor(null);
    };
  }, [signedInId]);

  const tokenReady = signedInId !== null && tokenFor === signedInId;

  // The plan and restriction are the server's (SPEC §3 User: restricted).
  useEffect(() => {
    if (!tokenReady || !signedInId) return;
    let cancelled = false;
    void apiCall<User>(`/users/${encodeURIComponent(signedInId)}`, {
      token: tokenRef.current,
    }).then((result) => {
      if (!cancelled && result.ok && result.data?.id === signedInId) setServerUser(result.data);
    });
    return () => {
      cancelled = true;
    };
  }, [tokenReady, signedInId]);

  const user: AccountUser | null = useMemo(
    () =>
      tokenReady && clerkUser && clerkUser.id === signedInId
        ? accountUserOf(clerkUser, serverUser, remembered)
        : null,
    [tokenReady, clerkUser, signedInId, serverUser, remembered],
  );

  useEffect(() => {
    if (user) rememberAccount(user);
    // Only a Clerk that has loaded can say nobody is signed in; unavailable says nothing.
    else if (availability === 'ready' && !isSignedIn) forgetAccount();
  }, [user, availability, isSignedIn]);

  const value = useMemo<AuthContextValue>(
    () => ({
      provider: 'clerk',
      state: user ? { status: 'signedIn', user } : { status: 'signedOut', user: null },
      availability,
      currentToken: () => (user ? tokenRef.current : null),
      async getToken() {
        await waitUntil(() => clerk.loaded || clerk.status === 'error' || scriptFailure.failed());
        const session = clerk.session;
        if (!clerk.loaded || !session || session.status === 'pending') return null;
        try {
          const token = await session.getToken();
          if (token) tokenRef.current = token;
          return token;
        } catch {
          return tokenRef.current;
        }
      },
      async signOut() {
        forgetAccount();
        // Stays where the user is, as with the server's accounts (a protected screen then
        // sends the guest to "/").
        await clerk.signOut({ redirectUrl: location.pathname + location.search });
      },
      passwordAccounts: null,
      screens: SCREENS,
    }),
    [user, availability, clerk],
  );

  // A user who was signed in last time waits (briefly) for Clerk, once, before the app shows.
  const settled =
    availability === 'unavailable' || (availability === 'ready' && (!isSignedIn || user !== null));
  const [booted, setBooted] = useState(() => remembered === null || !navigator.onLine);
  if (!booted && settled) setBooted(true);
  useEffect(() => {
    if (booted) return;
    const timer = setTimeout(() => setBooted(true), CLERK_BOOT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [booted]);

  return (
    <AuthContext.Provider value={value}>
      {booted ? children : (fallback ?? null)}
    </AuthContext.Provider>
  );
}
