/** SPEC §2.4 step 1, /activity/type (also the index): Indoor (a quiz) or Outdoor (disabled). */
import { SimpleGrid, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SelectionCard } from '../../../ui/SelectionCard';
import { INDOOR_IMAGE, OUTDOOR_IMAGE } from '../../aiFlow/illustrations';
import { WizardCard } from '../WizardCard';
import { WIZARD_PATHS } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useWizardStep } from '../useWizardStep';

const texts = WIZARD_TEXTS.type;

export function TypeStep() {
  const navigate = useNavigate();
  const wizard = useWizardStep('type');
  if (wizard.gate) return wizard.gate;

  const chooseIndoor = async () => {
    await wizard.update({ gameType: 'Quiz' });
    await navigate(WIZARD_PATHS.tasks);
  };

  return (
    <WizardCard step={1} title={texts.title} subtitle={texts.subtitle} width="wide">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <SelectionCard
          image={INDOOR_IMAGE}
          title={texts.indoor}
          description={texts.indoorDescription}
          onClick={() => void chooseIndoor()}
          data-testid="wizard-type-indoor"
        />
        <SelectionCard
          image={OUTDOOR_IMAGE}
          title={texts.outdoor}
          description={texts.outdoorDescription}
          disabled
          data-testid="wizard-type-outdoor"
        >
          <Text size="sm" fw={600} c="brand.7" mt={6}>
            {texts.outdoorUpgrade}
          </Text>
        </SelectionCard>
      </SimpleGrid>
    </WizardCard>
  );
}
