/**
 * The app's user for a Clerk session: who they are from Clerk (id, e-mail, names, SPEC §3), their
 * plan and restriction from the server (GET /users/{id}, SPEC §7). Until the server has answered,
 * the plan last seen on this device; for a first sign-in, FREE and restricted, so that nothing
 * a restricted user may not do is offered before the server says otherwise.
 */
import type { User } from '../../domain/schemas';
import type { AccountUser } from '../types';

/** The fields of Clerk's UserResource the app reads. */
export interface ClerkUserFields {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  primaryEmailAddress?: { emailAddress: string } | null;
}

export function accountUserOf(
  clerkUser: ClerkUserFields,
  fromServer: User | null,
  remembered: AccountUser | null,
): AccountUser {
  const known = fromServer?.id === clerkUser.id ? fromServer : null;
  const kept = remembered?.id === clerkUser.id ? remembered : null;
  const firstName = clerkUser.firstName?.trim() || null;
  const lastName = clerkUser.lastName?.trim() || null;
  const name =
    clerkUser.fullName?.trim() || [firstName, lastName].filter(Boolean).join(' ') || null;
  return {
    id: clerkUser.id,
    email: clerkUser.primaryEmailAddress?.emailAddress ?? known?.email ?? null,
    name: name ?? known?.name ?? null,
    firstName,
    lastName,
    plan: known?.plan ?? kept?.plan ?? 'FREE',
    restricted: known?.restricted ?? kept?.restricted ?? true,
  };
}
