/**
 * The join address as the server sees it (GET /join_address): the dialogs warn when phones
 * cannot reach it. Asked once per dialog opening (the poll layer with no interval); any failure
 * (offline, an older server, a guest) answers null, and a warning that cannot be worked out is
 * simply not shown: it never holds up a launch.
 */
import { useMemo } from 'react';
import { fetchJoinAddress } from '../../api/joinAddress';
import { usePolledRequest } from '../../api/usePolledRequest';
import { useApiCredentials } from '../../auth/session';
import { joinAddressSchema, type JoinAddress } from '../../domain/joinAddress';

/** `attempt`: a dialog's Try again asks for the address again along with its own read. */
export function useJoinAddress(attempt = 0): JoinAddress | null {
  const credentials = useApiCredentials();
  // Another user (a new credentials object) asks again: the answer names the machine to them.
  const restartKey = useMemo(() => ({ credentials, attempt }), [credentials, attempt]);
  const { data } = usePolledRequest({
    request: () => fetchJoinAddress(credentials),
    intervalMs: null,
    restartKey,
  });
  return useMemo(() => {
    const parsed = joinAddressSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  }, [data]);
}
