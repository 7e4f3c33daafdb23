/** Every failure of the wizard (SPEC §2.4, §8): what went wrong, and "Try again?". */
import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { WizardCard } from './WizardCard';
import { WIZARD_TEXTS } from './texts';
import { useRestartWizard } from './useRestartWizard';

export function WizardFailure({ message }: { message: string }) {
  const restart = useRestartWizard();
  const [busy, setBusy] = useState(false);
  return (
    <WizardCard>
      <Stack align="center" gap="lg" py="md">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <svg
            viewBox="0 0 24 24"
            width={30}
            height={30}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <circle cx="12" cy="12" r="9" />
            <line x1="12" y1="7.5" x2="12" y2="13" />
            <circle cx="12" cy="16.5" r="0.6" fill="currentColor" />
          </svg>
        </ThemeIcon>
        <Text component="h1" fw={700} fz="xl" m={0}>
          {WIZARD_TEXTS.failure.title}
        </Text>
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="wizard-error">
          {message}
        </Alert>
        <Group>
          <Button
            size="md"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void restart();
            }}
          >
            {WIZARD_TEXTS.failure.tryAgain}
          </Button>
        </Group>
      </Stack>
    </WizardCard>
  );
}
