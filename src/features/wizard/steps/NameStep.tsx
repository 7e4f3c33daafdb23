/**
 * SPEC §2.4 step 4, /activity/name: the activity's name. "Create" is disabled while it is empty
 * (SPEC §5) and starts a fresh request: anything left from an earlier run is cleared.
 */
import { TextInput } from '@mantine/core';
import { LIMITS } from '../../../domain/limits';
import { WIZARD_PATHS } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useWizardStep } from '../useWizardStep';
import { WizardTextStep } from '../WizardTextStep';

const texts = WIZARD_TEXTS.name;

// The notice too: an earlier run's "fewer tasks" must not show on the new activity.
const FRESH_REQUEST = {
  statusUrl: null,
  completedAt: null,
  template: null,
  notice: null,
  error: null,
};

export function NameStep() {
  const wizard = useWizardStep('name');
  if (wizard.gate) return wizard.gate;
  return (
    <WizardTextStep
      field="name"
      initial={wizard.state.name}
      update={wizard.update}
      step={4}
      title={texts.title}
      subtitle={texts.subtitle}
      nextLabel={texts.create}
      backPath={WIZARD_PATHS.topics}
      nextPath={WIZARD_PATHS.create}
      alsoOnNext={FRESH_REQUEST}
    >
      {(name, change) => (
        <TextInput
          label={texts.label}
          placeholder={texts.placeholder}
          value={name}
          onChange={(event) => change(event.currentTarget.value)}
          maxLength={LIMITS.templateNameMaxLength}
          size="md"
          autoFocus
        />
      )}
    </WizardTextStep>
  );
}
