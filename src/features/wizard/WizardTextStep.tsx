/**
 * A wizard step that asks for one text (the topics, the name): kept as it is typed, so a reload
 * does not lose it; "Back" keeps it as typed; the next button is disabled while the text breaks
 * the AI request's own rule for it (SPEC §5: the trimmed text is empty; there is no message to
 * show) and saves it trimmed before moving on.
 */
import { Button, Group } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { DeviceState } from '../../localdb/hooks';
import type { AiWizardState } from '../../domain/schemas';
import { nameRule, topicsRule } from '../aiFlow/formRules';
import { WIZARD_TEXTS } from './texts';
import { useDebouncedSave } from './useDebouncedSave';
import { WizardCard } from './WizardCard';

// The request the wizard ends with has the steps' rules. Made once (see formRules.ts).
const VALIDATE = {
  topics: schemaResolver(z.object({ text: topicsRule }), { sync: true }),
  name: schemaResolver(z.object({ text: nameRule }), { sync: true }),
};

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
  const saver = useDebouncedSave((text: string) => update({ [field]: text }));
  const form = useForm({
    // Controlled: the next button follows each key press.
    mode: 'controlled',
    initialValues: { text: initial },
    validate: VALIDATE[field],
    onValuesChange: ({ text }) => saver.schedule(text),
  });

  const next = form.onSubmit(async ({ text }) => {
    saver.cancel();
    await update({ ...alsoOnNext, [field]: text.trim() });
    await navigate(nextPath);
  });

  const back = async () => {
    saver.cancel();
    await update({ [field]: form.values.text });
    await navigate(backPath);
  };

  return (
    <form onSubmit={next}>
      <WizardCard
        step={step}
        title={title}
        subtitle={subtitle}
        footer={
          <Group justify="space-between">
            <Button variant="default" onClick={() => void back()}>
              {WIZARD_TEXTS.back}
            </Button>
            <Button type="submit" disabled={!form.isValid()} loading={form.submitting}>
              {nextLabel}
            </Button>
          </Group>
        }
      >
        {children(form.values.text, (text) => form.setFieldValue('text', text))}
      </WizardCard>
    </form>
  );
}
