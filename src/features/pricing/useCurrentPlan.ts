/**
 * The signed-in user's plan, or null for a guest. The plan is on the account (server/routes/auth
 * answers it with the user); useSession does not carry it, so it is read from the auth context.
 * Every account starts on FREE, so an account whose plan is not known (yet) counts as FREE.
 */
import { useSession } from '../../app/session';
import type { PlanId } from '../../domain/schemas';
import { useAuth } from '../../auth/context';

export function useCurrentPlan(): PlanId | null {
  const session = useSession();
  const { state } = useAuth();
  return session.signedIn ? (state.user?.plan ?? 'FREE') : null;
}
