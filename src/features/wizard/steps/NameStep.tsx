/**
 * SPEC §2.4 step 4, /activity/name: the activity's name. "Create" is disabled while it is empty
 * (SPEC §5) and starts a fresh request: anything left from an earlier run is cleared.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DeviceState } from '../../../data/hooks';
import { LIMITS } from '../../../domain/limits';
import type { AiWizardState } from '../../../domain/schemas';
import { WizardCard } from '../WizardCard';
import { WIZARD_PATHS } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useDebouncedSave } from '../useDebouncedSave';
import { useWizardStep } from '../useWizardStep';

const texts = WIZARD_TEXTS.name;

export function NameStep() {
  const wizard = useWizardStep('name');
  if (wizard.gate) return wizard.gate;
  return <NameForm initial={wizard.state.name} update={wizard.update} />;
}

function NameForm({
  initial,
  update,
}: {
  initial: string;
  update: DeviceState<AiWizardState>['update'];
}) {
  const navigate = useNavigate();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const saver = useDebouncedSave((value: string) => update({ name: value }));

  const change = (value: string) => {
    setName(value);
    saver.schedule(value);
  };

  const canCreate = name.trim() !== '';

  const create = async () => {
    if (!canCreate) return;
    setBusy(true);
    saver.cancel();
    await update({
      name: name.trim(),
      statusUrl: null,
      completedAt: null,
      template: null,
      error: null,
    });
    await navigate(WIZARD_PATHS.create);
  };

  const back = async () => {
    saver.cancel();
    await update({ name });
    await navigate(WIZARD_PATHS.topics);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <WizardCard
        step={4}
        title={texts.title}
        subtitle={texts.subtitle}
        footer={
          <Group justify="space-between">
            <Button variant="default" onClick={() => void back()}>
              {WIZARD_TEXTS.back}
            </Button>
            <Button type="submit" disabled={!canCreate} loading={busy}>
              {texts.create}
            </Button>
          </Group>
        }
      >
        <TextInput
          label={texts.label}
          placeholder={texts.placeholder}
          value={name}
          onChange={(event) => change(event.currentTarget.value)}
          maxLength={LIMITS.templateNameMaxLength}
          size="md"
          autoFocus
        />
      </WizardCard>
    </form>
  );
}
