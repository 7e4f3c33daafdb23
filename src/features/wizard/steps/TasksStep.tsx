/** SPEC §2.4 step 2, /activity/tasks: 10 or 20 tasks; 30 is shown but disabled. */
import { Button, Group, SimpleGrid } from '@mantine/core';
import { useNavigate } from 'react-router';
import { isTaskCountSelectable, TASK_COUNTS } from '../../../domain/constants';
import { SelectionCard } from '../../../ui/SelectionCard';
import { taskCountImage } from '../../aiFlow/illustrations';
import { WizardCard } from '../WizardCard';
import { WIZARD_PATHS } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useWizardStep } from '../useWizardStep';

const texts = WIZARD_TEXTS.tasks;
const IMAGE_HEIGHT = 132;

export function TasksStep() {
  const navigate = useNavigate();
  const wizard = useWizardStep('tasks');
  if (wizard.gate) return wizard.gate;

  const choose = async (stepsCount: number) => {
    await wizard.update({ stepsCount });
    await navigate(WIZARD_PATHS.topics);
  };

  return (
    <WizardCard
      step={2}
      title={texts.title}
      subtitle={texts.subtitle}
      width="wide"
      footer={
        <Group>
          <Button variant="default" onClick={() => void navigate(WIZARD_PATHS.type)}>
            {WIZARD_TEXTS.back}
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {TASK_COUNTS.map((count) => (
          <SelectionCard
            key={count}
            image={taskCountImage(count)}
            imageHeight={IMAGE_HEIGHT}
            title={texts.option(count)}
            description={texts.descriptions[count]}
            disabled={!isTaskCountSelectable(count, 'wizard')}
            onClick={() => void choose(count)}
            data-testid={`wizard-tasks-${count}`}
          />
        ))}
      </SimpleGrid>
    </WizardCard>
  );
}
