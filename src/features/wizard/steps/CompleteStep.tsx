/**
 * SPEC §2.4 step 7, /activity/complete: after 2 s (COMPLETE_REDIRECT_MS), if a template exists,
 * on to its demo (/activity/{templateId}/demo/create). Meanwhile the tasks can be opened in the
 * builder instead, by guests too (SPEC §1). The server's notice of fewer tasks than asked shows
 * above that way to the tasks.
 */
import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { COMPLETE_REDIRECT_MS } from '../../../domain/constants';
import { AiResultNotice } from '../../aiFlow/AiResultNotice';
import { WizardCard } from '../WizardCard';
import { WizardFailure } from '../WizardFailure';
import { WAITING_MIN_HEIGHT } from '../WizardWaiting';
import { builderTasksPath, demoPath } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useWizardStep } from '../useWizardStep';

const texts = WIZARD_TEXTS.complete;

export function CompleteStep() {
  const navigate = useNavigate();
  const wizard = useWizardStep('complete');
  const templateId = wizard.ready ? (wizard.state.template?.id ?? null) : null;

  useEffect(() => {
    if (!templateId) return;
    const timer = setTimeout(
      () => void navigate(demoPath(templateId, 'create'), { replace: true }),
      COMPLETE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [templateId, navigate]);

  if (wizard.gate) return wizard.gate;
  if (!templateId) return <WizardFailure message={WIZARD_TEXTS.failure.noTemplate} />;
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
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <svg
            viewBox="0 0 24 24"
            width={34}
            height={34}
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
          >
            <polyline points="5 12.5 10 17.5 19 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </ThemeIcon>
        <Text component="h1" fw={700} fz="xl" m={0} ta="center">
          {texts.title}
        </Text>
        <Text fw={600} ta="center">
          {wizard.state.template?.name}
        </Text>
        <Stack align="center" gap={6}>
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{texts.next}</Text>
        </Stack>
        <AiResultNotice notice={wizard.state.notice} maw={480} testId="wizard-result-notice" />
        <Button component={Link} to={builderTasksPath(templateId)} variant="subtle" size="sm">
          {WIZARD_TEXTS.openBuilder}
        </Button>
      </Stack>
    </WizardCard>
  );
}
