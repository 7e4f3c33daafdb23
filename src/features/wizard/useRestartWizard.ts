/**
 * SPEC §2.4 "Try again?": resets both the wizard state and the demo state and goes to
 * /activity/type. It leaves first and resets after, so that the screen being left does not react
 * to the emptied state (a demo step would start a new demo).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useWhenDataReady } from '../../localdb/hooks/DataProvider';
import { resetWizardAndDemo } from '../../localdb/hooks/flowState';
import { WIZARD_PATHS } from './paths';

export function useRestartWizard(): () => Promise<void> {
  const navigate = useNavigate();
  // Also the wizard's error screen, which may show before the local database is open.
  const whenDataReady = useWhenDataReady();
  return useCallback(async () => {
    await navigate(WIZARD_PATHS.type);
    await resetWizardAndDemo((await whenDataReady()).db);
  }, [navigate, whenDataReady]);
}
