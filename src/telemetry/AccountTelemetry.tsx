/**
 * SPEC §4 Authentication: on sign-in the user is identified to analytics (and errors are put on
 * their id); on sign-out the identity is reset. Either adapter's sign-in counts, as does a
 * session the app opens with.
 */
import { useEffect, useRef } from 'react';
import { useAuth } from '../auth/context';
import { identifyUser, resetIdentity } from './analytics';
import { setReportedUser } from './errorReporting';

export function AccountTelemetry() {
  const { user } = useAuth().state;
  const id = user?.id ?? null;
  const email = user?.email ?? null;
  const firstName = user?.firstName ?? null;
  const lastName = user?.lastName ?? null;
  const identified = useRef<string | null>(null);

  useEffect(() => {
    if (id) {
      identifyUser({ id, email, firstName, lastName });
      setReportedUser(id);
      identified.current = id;
    } else if (identified.current) {
      // Only a sign-out resets: a guest opening the app has no identity to drop.
      resetIdentity();
      setReportedUser(null);
      identified.current = null;
    }
  }, [id, email, firstName, lastName]);

  return null;
}
