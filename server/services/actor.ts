/**
 * Who is calling, as every service sees it: worked out once per request from its credentials
 * (plugins/actor.ts) and handed to the services, which never read the request themselves.
 */
import type { PlanId, User } from '../../src/domain/schemas';

/** A signed-in user, a guest with an anonymous id, or (briefly) both. */
export interface Actor {
  userId: string | null;
  anonId: string | null;
  user: User | null;
  plan: PlanId;
}
