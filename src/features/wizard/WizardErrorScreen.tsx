/**
 * The wizard group's error screen (SPEC §2.1 `errorElement`, §2.4): an unexpected error in any
 * wizard screen ends here, with "Try again?" back to the first step on a fresh wizard and demo.
 */
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { Box, Center } from '@mantine/core';
import { Logo } from '../../ui/Logo';
import { WizardFailure } from './WizardFailure';
import { WIZARD_TEXTS } from './texts';
import { reportError } from '../../telemetry/errorReporting';
import { isChunkLoadError } from '../../pwa/chunkLoadError';
import { NewVersionScreen } from '../../pwa/NewVersionScreen';

export function WizardErrorScreen() {
  const error = useRouteError();
  const staleTab = isChunkLoadError(error);
  useEffect(() => {
    if (staleTab) return;
    console.error('Unhandled error in the AI creation wizard', error);
    reportError(error, { action: 'wizard' });
  }, [error, staleTab]);
  if (staleTab) return <NewVersionScreen />;
  return (
    <Box mih="100vh" bg="gray.0" pt="xl">
      <Center>
        <Box component={Link} to="/" aria-label="Teamtrail dashboard" td="none">
          <Logo />
        </Box>
      </Center>
      <WizardFailure message={WIZARD_TEXTS.failure.unexpected} />
    </Box>
  );
}
