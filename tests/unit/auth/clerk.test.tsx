// @vitest-environment happy-dom
/**
 * The Clerk adapter (SPEC §1 Sign-in, §2.2, §4 Authentication, §8) against a stand-in
 * for @clerk/react that behaves as the real one is documented to: a status of 'loading' |
 * 'ready' | 'error' with `on('status')`, a session that may be 'pending', hooks that treat a
 * pending session as signed out when asked to. What only a real Clerk instance can show is
 * listed in docs/auth.md.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { AccountsProvider } from '../../../src/auth/AccountsProvider';
import { useAuth } from '../../../src/auth/context';
import { useApiCredentials, useSession } from '../../../src/auth/session';
import { SignInPage, SignUpPage } from '../../../src/auth/AuthForm';
import { SignInUnavailableNotice } from '../../../src/auth/SignInUnavailable';
import { availabilityOf } from '../../../src/auth/clerk/ClerkAccounts';
import { rememberAccount } from '../../../src/auth/clerk/rememberedAccount';
import type { AuthContextValue } from '../../../src/auth/types';

type Status = 'loading' | 'ready' | 'degraded' | 'error';
type SessionStatus = 'active' | 'pending';

const fake = vi.hoisted(() => {
  const state = {
    status: 'loading' as Status,
    session: null as null | { status: SessionStatus },
    user: null as null | {
      id: string;
      firstName: string | null;
      lastName: string | null;
      fullName: string | null;
      primaryEmailAddress: { emailAddress: string } | null;
    },
    tokenSeq: 1,
    version: 0,
  };
  const renderListeners = new Set<() => void>();
  const statusHandlers = new Set<(status: Status) => void>();
  const tokenNow = async () => (state.session ? `clerk-token-${state.tokenSeq}` : null);
  const sessionGetToken = vi.fn(tokenNow);
  const hookGetToken = vi.fn(tokenNow);
  const clerk = {
    get status() {
      return state.status;
    },
    get loaded() {
      return state.status === 'ready' || state.status === 'degraded';
    },
    get session() {
      if (!clerk.loaded) return undefined;
      return state.session ? { ...state.session, getToken: sessionGetToken } : null;
    },
    on(_event: 'status', handler: (status: Status) => void, options?: { notify: boolean }) {
      statusHandlers.add(handler);
      if (options?.notify) handler(state.status);
    },
    off(_event: 'status', handler: (status: Status) => void) {
      statusHandlers.delete(handler);
    },
    signOut: vi.fn(async (_options?: { redirectUrl?: string }) => {
      set({ session: null, user: null });
    }),
  };
  function set(patch: Partial<typeof state>) {
    Object.assign(state, patch);
    state.version += 1;
    for (const handler of statusHandlers) handler(state.status);
    for (const listener of renderListeners) listener();
  }
  return {
    state,
    clerk,
    set,
    renderListeners,
    sessionGetToken,
    hookGetToken,
    providerProps: null as null | Record<string, unknown>,
    useAuthOptions: [] as unknown[],
  };
});

vi.mock('@clerk/react', async () => {
  const { useSyncExternalStore } = await import('react');
  const useVersion = () =>
    useSyncExternalStore(
      (listener) => {
        fake.renderListeners.add(listener);
        return () => fake.renderListeners.delete(listener);
      },
      () => fake.state.version,
    );
  return {
    ClerkProvider: ({ children, ...props }: { children: ReactNode }) => {
      fake.providerProps = props;
      return children;
    },
    useClerk: () => fake.clerk,
    useAuth: (options?: { treatPendingAsSignedOut?: boolean }) => {
      useVersion();
      fake.useAuthOptions.push(options);
      const loaded = fake.clerk.loaded;
      const session = fake.state.session;
      // Clerk's rule: a pending session is signed out when treatPendingAsSignedOut is on.
      const signedIn =
        loaded &&
        session !== null &&
        (session.status === 'active' || options?.treatPendingAsSignedOut === false);
      return {
        isLoaded: loaded,
        isSignedIn: loaded ? signedIn : undefined,
        userId: signedIn ? fake.state.user?.id : loaded ? null : undefined,
        getToken: fake.hookGetToken,
      };
    },
    useUser: () => {
      useVersion();
      return { isLoaded: fake.clerk.loaded, user: fake.clerk.loaded ? fake.state.user : undefined };
    },
    SignIn: (props: Record<string, string>) => (
      <div data-testid="clerk-sign-in" data-redirect={props.forceRedirectUrl}>
        {props.signUpUrl}
      </div>
    ),
    SignUp: (props: Record<string, string>) => (
      <div data-testid="clerk-sign-up" data-redirect={props.forceRedirectUrl}>
        {props.signInUrl}
      </div>
    ),
    UserProfile: () => <div data-testid="clerk-user-profile" />,
  };
});

const OLIVE = {
  id: 'user_olive',
  firstName: 'Olive',
  lastName: 'Organiser',
  fullName: 'Olive Organiser',
  primaryEmailAddress: { emailAddress: 'olive@example.com' },
};
const SERVER_OLIVE = {
  id: 'user_olive',
  email: null,
  name: null,
  plan: 'PRO',
  restricted: false,
};

let calls: { path: string; authorization: string | undefined }[];
let serverReply: 'offline' | { status: number; body: unknown };

beforeEach(() => {
  localStorage.clear();
  fake.set({ status: 'loading', session: null, user: null, tokenSeq: 1 });
  fake.clerk.signOut.mockClear();
  fake.sessionGetToken.mockClear();
  fake.useAuthOptions.length = 0;
  calls = [];
  serverReply = { status: 200, body: SERVER_OLIVE };
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ path, authorization: headers.authorization });
    if (serverReply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(serverReply.body), { status: serverReply.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

let auth: AuthContextValue;
let credentials: ReturnType<typeof useApiCredentials>;

function Probe() {
  auth = useAuth();
  credentials = useApiCredentials();
  const session = useSession();
  return (
    <div>
      <p data-testid="session">
        {session.signedIn ? `signed in as ${session.user.name} <${session.user.email}>` : 'guest'}
      </p>
      <p data-testid="availability">{auth.availability}</p>
      <SignInUnavailableNotice />
    </div>
  );
}

const loadClerk = () => import('../../../src/auth/clerk/ClerkAccounts');

function renderApp(url = '/', navigate = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '*', element: <Probe /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <AccountsProvider
        clerkPublishableKey="pk_test_example"
        loadClerk={loadClerk}
        navigate={navigate}
        fallback={<p data-testid="boot">booting</p>}
      >
        <RouterProvider router={router} />
      </AccountsProvider>
    </MantineProvider>,
  );
  return router;
}

const sessionText = () => screen.getByTestId('session').textContent;

describe('SPEC §4 Authentication with Clerk', () => {
  it('is a guest while Clerk loads, then signed in as the Clerk user with the server’s plan', async () => {
    renderApp();
    expect(await screen.findByTestId('session')).toHaveProperty('textContent', 'guest');
    expect(screen.getByTestId('availability').textContent).toBe('loading');

    act(() => fake.set({ status: 'ready', session: { status: 'active' }, user: OLIVE }));
    await waitFor(() =>
      expect(sessionText()).toBe('signed in as Olive Organiser <olive@example.com>'),
    );
    // The plan comes from the server (GET /users/{id}, SPEC §7) with the Clerk token.
    await waitFor(() => expect(auth.state.user?.plan).toBe('PRO'));
    expect(calls).toContainEqual({
      path: '/v1/users/user_olive',
      authorization: 'Bearer clerk-token-1',
    });
    expect(auth.state.user).toMatchObject({
      firstName: 'Olive',
      lastName: 'Organiser',
      restricted: false,
    });
    expect(auth.provider).toBe('clerk');
    expect(fake.providerProps).toMatchObject({
      publishableKey: 'pk_test_example',
      signInUrl: '/sign-in',
      signUpUrl: '/sign-up',
    });
  });

  it('a session with status "pending" counts as signed out, and has no token', async () => {
    fake.set({ status: 'ready', session: { status: 'pending' }, user: OLIVE });
    renderApp();
    await waitFor(() => expect(screen.getByTestId('availability').textContent).toBe('ready'));
    expect(sessionText()).toBe('guest');
    expect(fake.useAuthOptions).toContainEqual({ treatPendingAsSignedOut: true });
    expect(await auth.getToken()).toBeNull();
    expect(credentials.token).toBeNull();
    expect(fake.sessionGetToken).not.toHaveBeenCalled();
  });

  it('signed out: a guest, and the token is null', async () => {
    fake.set({ status: 'ready' });
    renderApp();
    await waitFor(() => expect(screen.getByTestId('availability').textContent).toBe('ready'));
    expect(sessionText()).toBe('guest');
    expect(await auth.getToken()).toBeNull();
  });

  it('waits for Clerk to be ready, checking every 100 ms, before asking for a token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    await screen.findByTestId('session');
    let token: string | null | undefined;
    void auth.getToken().then((t) => (token = t));
    await act(async () => vi.advanceTimersByTimeAsync(350));
    expect(token).toBeUndefined();
    expect(fake.sessionGetToken).not.toHaveBeenCalled();

    fake.state.status = 'ready';
    fake.state.session = { status: 'active' };
    fake.state.user = OLIVE;
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(token).toBe('clerk-token-1');
  });

  it('hands calls the current token when they are made, not the one of the last render', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fake.set({ status: 'ready', session: { status: 'active' }, user: OLIVE });
    renderApp();
    await waitFor(() => expect(sessionText()).toContain('signed in'));
    const held = credentials;
    expect(held.token).toBe('clerk-token-1');
    expect({ ...held }.token).toBe('clerk-token-1');

    // Clerk refreshed its 60-second token; nothing re-rendered.
    fake.state.tokenSeq = 2;
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(held.token).toBe('clerk-token-2');
    expect(await auth.getToken()).toBe('clerk-token-2');
  });

  it('keeps the user signed in with the plan last seen when the server cannot be reached', async () => {
    rememberAccount({
      ...SERVER_OLIVE,
      plan: 'ENTERPRISE',
      firstName: null,
      lastName: null,
    } as never);
    serverReply = 'offline';
    fake.set({ status: 'ready', session: { status: 'active' }, user: OLIVE });
    renderApp();
    await waitFor(() => expect(sessionText()).toContain('signed in'));
    expect(auth.state.user?.plan).toBe('ENTERPRISE');
  });

  it('a first sign-in without the server is FREE and restricted until the server says otherwise', async () => {
    serverReply = 'offline';
    fake.set({ status: 'ready', session: { status: 'active' }, user: OLIVE });
    renderApp();
    await waitFor(() => expect(sessionText()).toContain('signed in'));
    expect(auth.state.user).toMatchObject({ plan: 'FREE', restricted: true });
  });

  it('signs out through Clerk, staying where the user is', async () => {
    fake.set({ status: 'ready', session: { status: 'active' }, user: OLIVE });
    history.replaceState(null, '', '/templates?owner=false');
    renderApp('/templates?owner=false');
    await waitFor(() => expect(sessionText()).toContain('signed in'));
    await act(async () => auth.signOut());
    expect(fake.clerk.signOut).toHaveBeenCalledWith({ redirectUrl: '/templates?owner=false' });
    expect(sessionText()).toBe('guest');
    expect(auth.currentToken()).toBeNull();
  });
});

describe('SPEC §2.2 sign-in and sign-up through the provider', () => {
  it('shows Clerk’s sign-in, returning to ?from=, with a sign-up link that keeps it', async () => {
    fake.set({ status: 'ready' });
    renderApp('/sign-in?from=%2Factivities');
    const signIn = await screen.findByTestId('clerk-sign-in');
    expect(signIn.getAttribute('data-redirect')).toBe('/activities');
    expect(signIn.textContent).toBe('/sign-up?from=%2Factivities');
  });

  it('shows Clerk’s sign-up, returning to ?from=', async () => {
    fake.set({ status: 'ready' });
    renderApp('/sign-up?from=%2Fbuilder%2Fabc');
    const signUp = await screen.findByTestId('clerk-sign-up');
    expect(signUp.getAttribute('data-redirect')).toBe('/builder/abc');
  });

  it('Clerk’s redirects go through the app’s router; another site is left to the browser', async () => {
    const navigate = vi.fn();
    fake.set({ status: 'ready' });
    renderApp('/', navigate);
    await screen.findByTestId('session');
    const push = fake.providerProps!.routerPush as (to: string) => void;
    push(`${location.origin}/activities?x=1`);
    expect(navigate).toHaveBeenCalledWith('/activities?x=1', { replace: false });
  });
});

describe('SPEC §8 the provider’s script fails to load (failed_to_load_clerk_js)', () => {
  it('goes on as a guest with a quiet notice, and explains on the sign-in page', async () => {
    fake.set({ status: 'error' });
    renderApp('/');
    expect(await screen.findByTestId('sign-in-unavailable')).toBeTruthy();
    expect(sessionText()).toBe('guest');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await auth.getToken()).toBeNull();
  });

  it('the sign-in page offers to try again instead of Clerk’s form', async () => {
    fake.set({ status: 'error' });
    renderApp('/sign-in');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByTestId('clerk-sign-in')).toBeNull();
  });

  it('a script that fails to download counts as unavailable before Clerk’s own timeout', () => {
    expect(availabilityOf('loading', true)).toBe('unavailable');
    expect(availabilityOf('loading', false)).toBe('loading');
    expect(availabilityOf('error', false)).toBe('unavailable');
    expect(availabilityOf('degraded', false)).toBe('ready');
  });

  it('when even the adapter’s chunk cannot load, the app is a guest with the notice', async () => {
    render(
      <MantineProvider>
        <AccountsProvider
          clerkPublishableKey="pk_test_example"
          loadClerk={() =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          }
          navigate={vi.fn()}
        >
          <Probe />
        </AccountsProvider>
      </MantineProvider>,
    );
    expect(await screen.findByTestId('sign-in-unavailable')).toBeTruthy();
    expect(sessionText()).toBe('guest');
  });
});

describe('a returning user', () => {
  it('waits for Clerk instead of showing a guest’s screens, then opens signed in', async () => {
    rememberAccount({
      ...SERVER_OLIVE,
      email: 'olive@example.com',
      name: 'Olive Organiser',
      firstName: 'Olive',
      lastName: 'Organiser',
    } as never);
    renderApp('/');
    expect(await screen.findByTestId('boot')).toBeTruthy();
    expect(screen.queryByTestId('session')).toBeNull();
    act(() => fake.set({ status: 'ready', session: { status: 'active' }, user: OLIVE }));
    await waitFor(() => expect(sessionText()).toContain('signed in as Olive Organiser'));
  });

  it('does not wait when Clerk cannot load', async () => {
    rememberAccount({ ...SERVER_OLIVE, firstName: null, lastName: null } as never);
    fake.set({ status: 'error' });
    renderApp('/');
    expect(await screen.findByTestId('session')).toHaveProperty('textContent', 'guest');
  });
});
