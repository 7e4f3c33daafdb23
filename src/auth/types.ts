/**
 * The one interface of ARCHITECTURE.md "src/auth/: one interface, two adapters": what the app
 * knows about who is signed in, whichever service signs them in (the server's own accounts,
 * or Clerk when VITE_CLERK_PUBLISHABLE_KEY is set). Screens read it through src/auth/session.ts.
 */
import type { ComponentType } from 'react';
import type { ApiResult } from '../protocol/result';
import type { SignInRequest, SignUpRequest, User } from '../domain/schemas';

/** The user of SPEC §3, with the names analytics identifies them by (SPEC §4). */
export interface AccountUser extends User {
  readonly firstName: string | null;
  readonly lastName: string | null;
}

export type AuthState =
  | { readonly status: 'signedOut'; readonly user: null }
  | { readonly status: 'signedIn'; readonly user: AccountUser };

/**
 * Whether the sign-in service can be used now. 'unavailable': it could not load (offline, script
 * blocked, timeout); the app goes on as a guest and says so quietly.
 */
export type AuthAvailability = 'loading' | 'ready' | 'unavailable';

export type AuthProviderKind = 'server' | 'clerk';

/** E-mail and password, answered by the server (the server's own accounts only). */
export interface PasswordAccounts {
  signIn(request: SignInRequest): Promise<ApiResult<unknown>>;
  signUp(request: SignUpRequest): Promise<ApiResult<unknown>>;
}

/** The hosted provider's own screens, loaded with it (Clerk only). */
export interface ProviderScreens {
  /** Sign-in or sign-up; afterwards the user goes to `returnTo` (SPEC §2.2). */
  Auth: ComponentType<{ mode: 'sign-in' | 'sign-up'; returnTo: string }>;
  /** The provider's account management (name, e-mail addresses, password, sessions). */
  Profile: ComponentType;
}

export interface AuthContextValue {
  readonly provider: AuthProviderKind;
  readonly state: AuthState;
  readonly availability: AuthAvailability;
  /**
   * The bearer token for a call made now, or null for a guest. Read it when the call is made,
   * never earlier: Clerk's tokens live 60 s and the adapter keeps this one current.
   */
  currentToken(): string | null;
  /**
   * A fresh token: waits until the provider is ready (SPEC §4, checking every
   * AUTH_READY_CHECK_MS), and answers null when there is no session.
   */
  getToken(): Promise<string | null>;
  signOut(): Promise<void>;
  readonly passwordAccounts: PasswordAccounts | null;
  readonly screens: ProviderScreens | null;
}
