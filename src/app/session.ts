/**
 * Who is using the app, as the screens ask it: the accounts of src/features/auth behind one small
 * shape, so a screen needs to know nothing of tokens or providers.
 */
import { useAuth } from '../features/auth/AuthProvider';

export interface SessionUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export type Session =
  | { readonly signedIn: false; readonly user: null }
  | { readonly signedIn: true; readonly user: SessionUser };

const GUEST: Session = { signedIn: false, user: null };

export function useSession(): Session {
  const { state } = useAuth();
  if (state.status !== 'signedIn') return GUEST;
  const { id, name, email } = state.user;
  return {
    signedIn: true,
    user: { id, name: name || email || 'Your account', email: email ?? '' },
  };
}

/** Signs out; the screen stays where it is (a protected one sends the guest to "/"). */
export function useSignOut(): () => Promise<void> {
  return useAuth().signOut;
}
