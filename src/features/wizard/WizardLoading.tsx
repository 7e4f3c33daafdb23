/**
 * Reading the wizard's state takes a few milliseconds: show nothing for that long, and a
 * spinner only if it takes longer, so that moving between steps does not flash.
 */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { WIZARD_TEXTS } from './texts';

const SPINNER_DELAY_MS = 300;

export function WizardLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Center mih={420} aria-busy="true" aria-label={WIZARD_TEXTS.loading}>
      {slow && <Loader aria-hidden />}
    </Center>
  );
}
