/**
 * The Edit Tasks header's "Generate with AI" (SPEC §2.8), which the guided tour points at.
 * Offline it cannot start anything, so it looks disabled and says why on hover and focus (a real
 * `disabled` would hide the tooltip); a generation under way can still be looked at.
 */
import { Button, Loader, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useAiGeneration } from './AiGenerationContext';
import { SparklesIcon } from './aiIcons';
import { AI_DIALOG_TEXTS } from './texts';

export function GenerateWithAiButton() {
  const { open, stage } = useAiGeneration();
  const { online } = useNetwork();
  const running = stage === 'creating' || stage === 'polling';
  const unavailable = !online && !running;
  return (
    <Tooltip
      label={AI_DIALOG_TEXTS.offlineButton}
      disabled={!unavailable}
      multiline
      w={280}
      withArrow
    >
      <Button
        variant="light"
        leftSection={running ? <Loader size={14} aria-hidden /> : <SparklesIcon size={16} />}
        onClick={() => {
          if (!unavailable) open();
        }}
        aria-disabled={unavailable || undefined}
        data-disabled={unavailable || undefined}
        data-tour="generate-ai"
        data-testid="generate-ai-button"
      >
        {AI_DIALOG_TEXTS.button}
      </Button>
    </Tooltip>
  );
}
