/**
 * SPEC §2.4 step 10, /activity/{templateId}/demo/complete: the demo's QR code and code, in three
 * steps (get the player, scan, then edit in the Activity Builder). Both ways out reset the demo
 * state (the builder's state is the builder's own). The server's notice of fewer tasks
 * than asked for this activity shows with step 3, where the organiser is sent to edit the tasks.
 */
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ActivityCodeBlock } from '../../../ui/ActivityCodeBlock';
import { MobileAppPanel } from '../../../ui/MobileAppPanel';
import { AiResultNotice } from '../../aiFlow/AiResultNotice';
import { WizardCard } from '../WizardCard';
import { builderPath } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useDemoStep } from '../useWizardStep';
import { useWizardNotice } from '../useWizardNotice';

const texts = WIZARD_TEXTS.demoComplete;

/** Steps 1 and 3 on the left, the QR code (step 2) beside them: the page fits a laptop screen. */
const STEPS_GRID = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gridTemplateAreas: '"step1 step2" "step3 step2"',
  alignItems: 'start',
  columnGap: 'var(--mantine-spacing-xl)',
  rowGap: 'var(--mantine-spacing-xl)',
} as const;

function DemoStepSection({
  n,
  title,
  children,
}: {
  n: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="sm"
      component="section"
      aria-label={`${texts.step(n)}: ${title}`}
      style={{ gridArea: `step${n}` }}
    >
      <Group gap="sm">
        <Badge size="lg" radius="sm" variant="light">
          {texts.step(n)}
        </Badge>
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

export function DemoCompleteStep() {
  const { templateId = '' } = useParams();
  const navigate = useNavigate();
  const demo = useDemoStep('complete', templateId);
  const notice = useWizardNotice(templateId);
  const [leaving, setLeaving] = useState<'builder' | 'dashboard' | null>(null);
  if (demo.gate) return demo.gate;
  const { code, qrCodeUrl } = demo.state;

  // Leave first, then reset: this screen must not react to its emptied state.
  const leave = async (to: 'builder' | 'dashboard') => {
    setLeaving(to);
    await navigate(to === 'builder' ? builderPath(templateId) : '/');
    await demo.reset();
  };

  return (
    <WizardCard
      width="wide"
      title={texts.title}
      subtitle={
        <>
          <Text component="span" display="block" fw={600} c="dark" fz="lg">
            {texts.wellDone}
          </Text>
          <Text component="span" display="block" mt={4}>
            {texts.recommend}
          </Text>
        </>
      }
      footer={
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={leaving === 'dashboard'}
            disabled={leaving !== null}
            onClick={() => void leave('dashboard')}
          >
            {texts.dashboard}
          </Button>
          <Button
            loading={leaving === 'builder'}
            disabled={leaving !== null}
            onClick={() => void leave('builder')}
          >
            {texts.builder}
          </Button>
        </Group>
      }
    >
      <Box style={STEPS_GRID}>
        <DemoStepSection n={1} title={texts.step1}>
          <MobileAppPanel />
        </DemoStepSection>
        <DemoStepSection n={2} title={texts.step2}>
          <Text size="sm">{texts.step2Text}</Text>
          <ActivityCodeBlock qrCodeUrl={qrCodeUrl!} code={code!} note={texts.codeNote} />
        </DemoStepSection>
        <DemoStepSection n={3} title={texts.step3}>
          <Text size="sm">{texts.step3Text}</Text>
          <AiResultNotice notice={notice} testId="wizard-result-notice" />
        </DemoStepSection>
      </Box>
    </WizardCard>
  );
}
