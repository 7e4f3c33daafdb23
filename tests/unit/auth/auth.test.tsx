// @vitest-environment happy-dom
/**
 * Accounts in the organiser app (SPEC §2.2, §4): sign-in and sign-up return to
 * ?from= (and only to a path of this app), the server's refusals appear next to their field, a
 * kept session opens the app signed in even offline, a session the server refuses signs out,
 * and signing out forgets the session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AuthProvider, useAuth } from '../../../src/auth/AuthProvider';
import { SignInPage, SignUpPage } from '../../../src/auth/AuthForm';
import { authLink, returnPath } from '../../../src/auth/returnPath';
import { loadSession, saveSession } from '../../../src/auth/sessionStore';
import { AccountsProvider } from '../../../src/auth/AccountsProvider';
import { useApiCredentials } from '../../../src/auth/session';

const USER = {
  id: 'u1',
  email: 'olive@example.com',
  name: 'Olive',
  plan: 'FREE' as const,
  restricted: false,
};

type Reply = { status: number; body?: unknown } | 'offline';
let replies: Record<string, Reply>;
let calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[];

beforeEach(() => {
  localStorage.clear();
  calls = [];
  replies = {};
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const reply = replies[`${method} ${path}`];
    if (!reply || reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  const { state } = useAuth();
  return (
    <p data-testid="where">
      {location.pathname} {state.status} {state.user?.name ?? ''}
    </p>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </MantineProvider>,
  );
  return router;
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('returnPath (SPEC §2.2 ?from=)', () => {
  it('follows a path of this app and nothing else', () => {
    expect(returnPath('/activities?x=1')).toBe('/activities?x=1');
    expect(returnPath('//evil.example/x')).toBe('/');
    expect(returnPath('https://evil.example')).toBe('/');
    expect(returnPath('/sign-in')).toBe('/');
    expect(returnPath(null)).toBe('/');
    expect(authLink('sign-in', '/templates')).toBe('/sign-in?from=%2Ftemplates');
  });
});

describe('signing in', () => {
  it('signs in and returns to the page in ?from=, keeping the session on the device', async () => {
    replies['POST /v1/auth/sign-in'] = { status: 200, body: { token: 't1', user: USER } };
    const router = renderAt('/sign-in?from=%2Factivities');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activities'));
    expect((await screen.findByTestId('where')).textContent).toContain('signedIn Olive');
    expect(loadSession()).toEqual({ token: 't1', user: USER });
    expect(calls[0]!.body).toEqual({
      email: 'olive@example.com',
      password: 'correct horse battery',
    });
  });

  it('shows a wrong password as the server says it, and stays on the page', async () => {
    replies['POST /v1/auth/sign-in'] = {
      status: 401,
      body: { errorMessage: 'The e-mail address or password is not right.' },
    };
    renderAt('/sign-in');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'nope-nope');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail address or password is not right.');
    expect(loadSession()).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    renderAt('/sign-in');
    type(/e-mail/i, 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('an empty password is refused on the spot with the request’s own words, nothing sent', async () => {
    renderAt('/sign-in');
    type(/e-mail/i, 'olive@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const error = await screen.findByText('Password is required');
    expect(
      screen.getByLabelText(/password/i, { selector: 'input' }).getAttribute('aria-describedby'),
    ).toContain(error.id);
    expect(calls).toEqual([]);
  });

  it('a field’s message stays until that field changes, and goes then', async () => {
    renderAt('/sign-in');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Enter a valid e-mail address');
    expect(screen.getByText('Password is required')).toBeTruthy();
    type(/password/i, 'correct horse battery');
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    type(/e-mail/i, 'olive@');
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
  });

  it('a refused sign-in names no field, and its alert goes once either field changes', async () => {
    replies['POST /v1/auth/sign-in'] = {
      status: 401,
      body: { errorMessage: 'The e-mail address or password is not right.' },
    };
    renderAt('/sign-in');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'nope-nope');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not sign in');
    expect(
      screen.getByLabelText(/e-mail/i, { selector: 'input' }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    // In the alert only, under neither field.
    expect(screen.getAllByText('The e-mail address or password is not right.')).toHaveLength(1);
    type(/password/i, 'nope-nope-nope');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so plainly when the device is offline', async () => {
    replies['POST /v1/auth/sign-in'] = 'offline';
    renderAt('/sign-in');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/offline/i)).toBeTruthy();
  });
});

describe('signing up', () => {
  it('puts a taken e-mail next to the e-mail field and a weak password next to the password', async () => {
    replies['POST /v1/auth/sign-up'] = {
      status: 409,
      body: { errorMessage: 'An account with this e-mail address exists already.' },
    };
    renderAt('/sign-up');
    type(/your name/i, 'Olive');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const emailError = await screen.findByText(
      'An account with this e-mail address exists already.',
    );
    expect(
      screen.getByLabelText(/e-mail/i, { selector: 'input' }).getAttribute('aria-describedby'),
    ).toContain(emailError.id);

    replies['POST /v1/auth/sign-up'] = {
      status: 400,
      body: {
        errorMessage: 'This password is too easy to guess. Try a longer phrase of several words.',
      },
    };
    type(/e-mail/i, 'olive2@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const passwordError = await screen.findByText(/too easy to guess/);
    expect(
      screen.getByLabelText(/password/i, { selector: 'input' }).getAttribute('aria-describedby'),
    ).toContain(passwordError.id);
  });

  it('shows every field’s problem at once, the password’s too, before sending anything', async () => {
    renderAt('/sign-up');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Use a password of at least 8 characters.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a name of spaces is no name, and a password too long is said in the server’s words', async () => {
    renderAt('/sign-up');
    type(/your name/i, '   ');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'x'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('Use a password of at most 128 characters.')).toBeTruthy();
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a password of exactly 8 characters is long enough to send', async () => {
    replies['POST /v1/auth/sign-up'] = { status: 201, body: { token: 't2', user: USER } };
    const router = renderAt('/sign-up');
    type(/your name/i, ' Olive ');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, '12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]!.body).toEqual({
      name: 'Olive',
      email: 'olive@example.com',
      password: '12345678',
    });
  });

  it('creates the account and returns to ?from=', async () => {
    replies['POST /v1/auth/sign-up'] = { status: 201, body: { token: 't2', user: USER } };
    const router = renderAt('/sign-up?from=%2Fbuilder%2Fabc');
    type(/your name/i, 'Olive');
    type(/e-mail/i, 'olive@example.com');
    type(/password/i, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/builder/abc'));
  });
});

describe('the kept session', () => {
  it('opens the app signed in from the kept session, even when the server cannot be reached', async () => {
    saveSession({ token: 'kept', user: USER });
    replies['GET /v1/auth/me'] = 'offline';
    renderAt('/');
    expect(screen.getByTestId('where').textContent).toContain('signedIn Olive');
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/auth/me')).toBe(true));
    expect(screen.getByTestId('where').textContent).toContain('signedIn');
  });

  it('signs out when the server no longer knows the session (401)', async () => {
    saveSession({ token: 'expired', user: USER });
    replies['GET /v1/auth/me'] = {
      status: 401,
      body: { errorMessage: 'Your session has expired.' },
    };
    renderAt('/');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('signedOut'));
    expect(loadSession()).toBeNull();
  });

  it('forgets the session on sign-out and tells the server', async () => {
    saveSession({ token: 'kept', user: USER });
    replies['GET /v1/auth/me'] = { status: 200, body: USER };
    replies['POST /v1/auth/sign-out'] = { status: 204 };
    let signOut: (() => Promise<void>) | null = null;
    function Grab() {
      signOut = useAuth().signOut;
      return null;
    }
    render(
      <AuthProvider>
        <Grab />
      </AuthProvider>,
    );
    await act(async () => signOut!());
    expect(loadSession()).toBeNull();
    const call = calls.find((c) => c.path === '/v1/auth/sign-out')!;
    expect(call.headers.authorization).toBe('Bearer kept');
  });
});

describe('ARCHITECTURE.md Auth: the server’s own accounts without VITE_CLERK_PUBLISHABLE_KEY', () => {
  it('uses the server’s accounts, ready at once, loading nothing of Clerk', async () => {
    const loadClerk = vi.fn();
    let provider = '';
    let availability = '';
    function Grab() {
      ({ provider, availability } = useAuth());
      return null;
    }
    render(
      <AccountsProvider clerkPublishableKey={null} loadClerk={loadClerk} navigate={vi.fn()}>
        <Grab />
      </AccountsProvider>,
    );
    expect(provider).toBe('server');
    expect(availability).toBe('ready');
    expect(loadClerk).not.toHaveBeenCalled();
  });

  it('gives calls the session’s token when they are made, and none once signed out', async () => {
    saveSession({ token: 'kept', user: USER });
    replies['GET /v1/auth/me'] = { status: 200, body: USER };
    replies['POST /v1/auth/sign-out'] = { status: 204 };
    let credentials: ReturnType<typeof useApiCredentials> | null = null;
    let signOut: (() => Promise<void>) | null = null;
    function Grab() {
      credentials = useApiCredentials();
      signOut = useAuth().signOut;
      return null;
    }
    render(
      <AuthProvider>
        <Grab />
      </AuthProvider>,
    );
    expect(credentials!.token).toBe('kept');
    expect({ ...credentials! }).toMatchObject({ token: 'kept' });
    await act(async () => signOut!());
    expect(credentials!.token).toBeNull();
  });
});
