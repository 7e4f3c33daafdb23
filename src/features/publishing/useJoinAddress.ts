/**
 * The join address as the server sees it (GET /join_address): the dialogs warn when phones
 * cannot reach it. Asked once per dialog opening; any failure (offline, an older server, a
 * guest) answers null, and a warning that cannot be worked out is simply not shown: it never
 * holds up a launch.
 */
import { useEffect, useState } from 'react';
import { fetchJoinAddress } from '../../api/joinAddress';
import { useApiCredentials } from '../../auth/session';
import { joinAddressSchema, type JoinAddress } from '../../domain/joinAddress';

export function useJoinAddress(): JoinAddress | null {
  const credentials = useApiCredentials();
  const [address, setAddress] = useState<JoinAddress | null>(null);

  useEffect(() => {
    let current = true;
    void fetchJoinAddress(credentials).then((result) => {
      if (!current || !result.ok) return;
      const parsed = joinAddressSchema.safeParse(result.data);
      if (parsed.success) setAddress(parsed.data);
    });
    return () => {
      current = false;
    };
  }, [credentials]);

  return address;
}
