/** The auth context both adapters fill (src/auth/AuthProvider.tsx, src/auth/clerk). */
import { createContext, useContext } from 'react';
import type { AuthAvailability, AuthContextValue } from './types';

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AccountsProvider>');
  return value;
}

/**
 * Whether sign-in can be used now; 'ready' outside any provider, so that a layout rendered on
 * its own (a test, a story) shows no notice.
 */
export function useSignInAvailability(): AuthAvailability {
  return useContext(AuthContext)?.availability ?? 'ready';
}
