/**
 * The embedded account provider (e-mail and password accounts with Better Auth, betterAuth.ts),
 * loaded when it is first needed: a sign-up, a sign-in or a request with an organiser's session
 * token. Better Auth is about 30 MB of memory, which a server that nobody has signed in to yet
 * (or one whose organisers sign in with Clerk) does not need. The first such request
 * waits for the load, a few hundred milliseconds, once.
 */
import type { Database } from '../../db/client';
import type { APIError, BetterAuth } from './betterAuth';

/** The part of Better Auth's server API the routes call. */
type AccountsApi = Pick<
  BetterAuth['api'],
  'getSession' | 'signUpEmail' | 'signInEmail' | 'signOut'
>;

export interface LocalAccounts {
  api: AccountsApi;
  /** Whether an error is Better Auth's (a refused sign-in, a taken e-mail address…). */
  isAuthError(error: unknown): error is APIError;
  /** Resolves once Better Auth is loaded (app.ts waits for it at start). */
  ready(): Promise<void>;
}

interface Loaded {
  auth: BetterAuth;
  APIError: typeof APIError;
}

export function createLocalAccounts(db: Database, secret: string, baseURL: string): LocalAccounts {
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const load = () =>
    (loading ??= import('./betterAuth').then(
      (module) =>
        (loaded = {
          auth: module.createBetterAuth(db, secret, baseURL),
          APIError: module.APIError,
        }),
      (error: unknown) => {
        // A load that failed is tried again by the next request, not remembered.
        loading = null;
        throw error;
      },
    ));
  /** One of Better Auth's API calls, as it is once loaded. */
  const call = <K extends keyof AccountsApi>(name: K): AccountsApi[K] =>
    (async (...args: unknown[]) => {
      const { auth } = await load();
      const method = auth.api[name] as (...args: unknown[]) => Promise<unknown>;
      return method.apply(auth.api, args);
    }) as unknown as AccountsApi[K];
  return {
    api: {
      getSession: call('getSession'),
      signUpEmail: call('signUpEmail'),
      signInEmail: call('signInEmail'),
      signOut: call('signOut'),
    },
    // Better Auth throws its errors only once loaded: before that, no error is one of them.
    isAuthError: (error): error is APIError => loaded !== null && error instanceof loaded.APIError,
    ready: async () => {
      await load();
    },
  };
}
