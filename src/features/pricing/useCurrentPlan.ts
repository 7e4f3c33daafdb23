/**
 * The signed-in user's plan, or null for a guest. The plan is on the account (server/routes/auth
 * answers it with the user); useSession does not carry it, so it is read from the auth context.
 * Every account starts on FREE, so an account whose plan is not known (yet) counts as FREE.
 */
import { useSession } from '../../auth/session';
import type { PlanId } from '../../domain/schemas';
import { useContext } from 'react';
import { AuthContext, useAuth } from '../../auth/context';

export function useCurrentPlan(): PlanId | null {
  const session = useSession();
  const { state } = useAuth();
  return session.signedIn ? (state.user?.plan ?? 'FREE') : null;
}

/**
 * The same, for screens that show the plan's limits on their actions (My Activities): null also
 * outside any auth provider (a screen rendered on its own), where no limit is shown and the
 * server has the last word.
 */
export function useKnownPlan(): PlanId | null {
  const session = useSession();
  const auth = useContext(AuthContext);
  if (!session.signedIn || !auth) return null;
  return auth.state.user?.plan ?? 'FREE';
}
