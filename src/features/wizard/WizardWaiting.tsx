/** A wizard screen that waits for the server: a spinner, what is happening, and how long. */
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { WizardCard } from './WizardCard';

/** The waiting screens and the "created" screen share a height: moving between them does not jump. */
export const WAITING_MIN_HEIGHT = 280;

export interface WizardWaitingProps {
  headline: ReactNode;
  detail?: ReactNode;
  /** A passing problem (no connection) while the wait goes on. */
  notice?: string | null;
}

export function WizardWaiting({ headline, detail, notice }: WizardWaitingProps) {
  return (
    <WizardCard>
      <Stack
        align="center"
        justify="center"
        gap="md"
        mih={WAITING_MIN_HEIGHT}
        role="status"
        aria-live="polite"
      >
        <Loader size="xl" type="dots" aria-hidden />
        <Text fw={700} fz="xl" ta="center" maw={480}>
          {headline}
        </Text>
        {detail && (
          <Text c="dimmed" ta="center" maw={480}>
            {detail}
          </Text>
        )}
        {notice && (
          <Alert color="yellow" variant="light" maw={480} data-testid="wizard-notice">
            {notice}
          </Alert>
        )}
      </Stack>
    </WizardCard>
  );
}
