/**
 * SPEC §2.4 step 3, /activity/topics: the "AI Assistant Prompt". Next is disabled while the
 * trimmed topics are empty (SPEC §5); at most 1000 characters (SPEC §9). What is typed is kept
 * as it is typed, so a reload does not lose it.
 */
import { TopicsField } from '../../aiFlow/TopicsField';
import { WIZARD_PATHS } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useWizardStep } from '../useWizardStep';
import { WizardTextStep } from '../WizardTextStep';

const texts = WIZARD_TEXTS.topics;

export function TopicsStep() {
  const wizard = useWizardStep('topics');
  if (wizard.gate) return wizard.gate;
  return (
    <WizardTextStep
      field="topics"
      initial={wizard.state.topics}
      update={wizard.update}
      step={3}
      title={texts.title}
      subtitle={texts.subtitle}
      nextLabel={WIZARD_TEXTS.next}
      backPath={WIZARD_PATHS.tasks}
      nextPath={WIZARD_PATHS.name}
    >
      {(topics, change) => (
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
      )}
    </WizardTextStep>
  );
}
