/**
 * SPEC §2.1 protected-screen guard: a guest who opens a protected screen is redirected to "/",
 * and the history entry is replaced (Back does not return to the screen they could not see).
 * The parent route of every protected screen.
 */
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../auth/session';

export function RequireSignIn() {
  const { signedIn } = useSession();
  return signedIn ? <Outlet /> : <Navigate to="/" replace />;
}
