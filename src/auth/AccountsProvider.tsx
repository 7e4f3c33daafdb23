/**
 * Chooses who signs users in (ARCHITECTURE.md Auth): Clerk when the build has
 * VITE_CLERK_PUBLISHABLE_KEY, otherwise the server's own accounts. Clerk's adapter is a separate
 * chunk, imported only here and only with a key. Should even that chunk fail to load, the app
 * goes on as a guest with sign-in marked unavailable.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from './AuthProvider';
import { CLERK_PUBLISHABLE_KEY } from './config';
import { AuthContext } from './context';
import type { AuthContextValue } from './types';
import type { ClerkAccountsProps } from './clerk/ClerkAccounts';

type ClerkModule = { ClerkAccounts: (props: ClerkAccountsProps) => ReactNode };

// The condition is the build's literal: without a key the bundler drops the import, so the
// chunk is neither built nor precached for offline use.
const loadClerkModule = (): Promise<ClerkModule> =>
  import.meta.env.VITE_CLERK_PUBLISHABLE_KEY
    ? import('./clerk/ClerkAccounts')
    : Promise.reject(new Error('Clerk is not configured'));

/** Clerk was wanted but cannot be had: a guest, and the quiet notice. */
const UNAVAILABLE: AuthContextValue = {
  provider: 'clerk',
  state: { status: 'signedOut', user: null },
  availability: 'unavailable',
  currentToken: () => null,
  getToken: async () => null,
  signOut: async () => {},
  passwordAccounts: null,
  screens: null,
};

export interface AccountsProviderProps {
  children: ReactNode;
  /** The app's router, for the provider's redirects after sign-in and sign-out. */
  navigate(to: string, options: { replace: boolean }): void;
  /** Shown while the sign-in provider gets ready (a moment at most). */
  fallback?: ReactNode;
  /** Defaults to the build's configuration; tests pass their own. */
  clerkPublishableKey?: string | null;
  loadClerk?: () => Promise<ClerkModule>;
}

export function AccountsProvider({
  children,
  navigate,
  fallback = null,
  clerkPublishableKey = CLERK_PUBLISHABLE_KEY,
  loadClerk = loadClerkModule,
}: AccountsProviderProps) {
  if (!clerkPublishableKey) return <AuthProvider>{children}</AuthProvider>;
  return (
    <ClerkChunk
      publishableKey={clerkPublishableKey}
      navigate={navigate}
      fallback={fallback}
      load={loadClerk}
    >
      {children}
    </ClerkChunk>
  );
}

interface ClerkChunkProps extends Omit<ClerkAccountsProps, 'children'> {
  load: () => Promise<ClerkModule>;
  children: ReactNode;
}

/**
 * Waits for the adapter's chunk (served by the app itself, so quickly) before the app mounts:
 * swapping providers afterwards would remount the whole app.
 */
function ClerkChunk({ publishableKey, navigate, fallback, load, children }: ClerkChunkProps) {
  const [loaded, setLoaded] = useState<ClerkModule | 'failed' | null>(null);
  useEffect(() => {
    let cancelled = false;
    load().then(
      (module) => {
        if (!cancelled) setLoaded(module);
      },
      () => {
        if (!cancelled) setLoaded('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [load]);

  if (loaded === null) return <>{fallback}</>;
  if (loaded === 'failed') {
    return <AuthContext.Provider value={UNAVAILABLE}>{children}</AuthContext.Provider>;
  }
  const { ClerkAccounts } = loaded;
  return (
    <ClerkAccounts publishableKey={publishableKey} navigate={navigate} fallback={fallback}>
      {children}
    </ClerkAccounts>
  );
}
