/** The server's own accounts (docs/api.md): sign-up, sign-in, sign-out and the current user. */
import type { AuthResponse, SignInRequest, SignUpRequest, User } from '../domain/schemas';
import { apiCall } from './client';

export const signUp = (request: SignUpRequest) =>
  apiCall<AuthResponse>('/auth/sign-up', { body: request });

export const signIn = (request: SignInRequest) =>
  apiCall<AuthResponse>('/auth/sign-in', { body: request });

export const signOut = (token: string) =>
  apiCall<null>('/auth/sign-out', { method: 'POST', token });

export const currentUser = (token: string) => apiCall<User>('/auth/me', { token });
