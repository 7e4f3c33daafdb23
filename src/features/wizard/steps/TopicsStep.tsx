/**
 * SPEC §2.4 step 3, /activity/topics: the "AI Assistant Prompt". Next is disabled while the
 * trimmed topics are empty (SPEC §5); at most 1000 characters (SPEC §9). What is typed is kept
 * as it is typed, so a reload does not lose it.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DeviceState } from '../../../data/hooks';
import type { AiWizardState } from '../../../domain/schemas';
import { WizardCard } from '../WizardCard';
import { WIZARD_PATHS } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useDebouncedSave } from '../useDebouncedSave';
import { useWizardStep } from '../useWizardStep';
import { TopicsField } from '../../aiFlow/TopicsField';

const texts = WIZARD_TEXTS.topics;

export function TopicsStep() {
  const wizard = useWizardStep('topics');
  if (wizard.gate) return wizard.gate;
  return <TopicsForm initial={wizard.state.topics} update={wizard.update} />;
}

function TopicsForm({
  initial,
  update,
}: {
  initial: string;
  update: DeviceState<AiWizardState>['update'];
}) {
  const navigate = useNavigate();
  const [topics, setTopics] = useState(initial);
  const [busy, setBusy] = useState(false);
  const saver = useDebouncedSave((value: string) => update({ topics: value }));

  const change = (value: string) => {
    setTopics(value);
    saver.schedule(value);
  };

  const canContinue = topics.trim() !== '';

  const next = async () => {
    if (!canContinue) return;
    setBusy(true);
    saver.cancel();
    await update({ topics: topics.trim() });
    await navigate(WIZARD_PATHS.name);
  };

  const back = async () => {
    saver.cancel();
    await update({ topics });
    await navigate(WIZARD_PATHS.tasks);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      <WizardCard
        step={3}
        title={texts.title}
        subtitle={texts.subtitle}
        footer={
          <Group justify="space-between">
            <Button variant="default" onClick={() => void back()}>
              {WIZARD_TEXTS.back}
            </Button>
            <Button type="submit" disabled={!canContinue} loading={busy}>
              {WIZARD_TEXTS.next}
            </Button>
          </Group>
        }
      >
        <TopicsField
          label={texts.label}
          placeholder={texts.placeholder}
          value={topics}
          onChange={change}
          minRows={7}
          maxRows={14}
          size="md"
          autoFocus
        />
      </WizardCard>
    </form>
  );
}
