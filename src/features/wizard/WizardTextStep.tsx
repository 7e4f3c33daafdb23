/**
 * A wizard step that asks for one text (the topics, the name): kept as it is typed, so a reload
 * does not lose it; "Back" keeps it as typed; the next button is disabled while the trimmed text
 * is empty (SPEC §5) and saves it trimmed before moving on.
 */
import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { DeviceState } from '../../localdb/hooks';
import type { AiWizardState } from '../../domain/schemas';
import { WIZARD_TEXTS } from './texts';
import { useDebouncedSave } from './useDebouncedSave';
import { WizardCard } from './WizardCard';

export interface WizardTextStepProps {
  field: 'topics' | 'name';
  initial: string;
  update: DeviceState<AiWizardState>['update'];
  step: number;
  title: string;
  subtitle: string;
  nextLabel: string;
  backPath: string;
  nextPath: string;
  /** Written with the text when moving on (the name step clears an earlier run's result). */
  alsoOnNext?: Partial<AiWizardState>;
  children(value: string, change: (value: string) => void): ReactNode;
}

export function WizardTextStep({
  field,
  initial,
  update,
  step,
  title,
  subtitle,
  nextLabel,
  backPath,
  nextPath,
  alsoOnNext,
  children,
}: WizardTextStepProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const saver = useDebouncedSave((text: string) => update({ [field]: text }));

  const change = (text: string) => {
    setValue(text);
    saver.schedule(text);
  };
  const canContinue = value.trim() !== '';

  const next = async () => {
    if (!canContinue) return;
    setBusy(true);
    saver.cancel();
    await update({ ...alsoOnNext, [field]: value.trim() });
    await navigate(nextPath);
  };

  const back = async () => {
    saver.cancel();
    await update({ [field]: value });
    await navigate(backPath);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      <WizardCard
        step={step}
        title={title}
        subtitle={subtitle}
        footer={
          <Group justify="space-between">
            <Button variant="default" onClick={() => void back()}>
              {WIZARD_TEXTS.back}
            </Button>
            <Button type="submit" disabled={!canContinue} loading={busy}>
              {nextLabel}
            </Button>
          </Group>
        }
      >
        {children(value, change)}
      </WizardCard>
    </form>
  );
}
