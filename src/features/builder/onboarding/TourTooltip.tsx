/**
 * The tour's speech bubble in the app's own look: the step's title and text, "n of N", Skip,
 * Back and Next (Done on the last step) in the tour colour. It is a labelled dialog so that
 * screen readers announce each step; the tour library keeps the focus inside it.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { TooltipRenderProps } from 'react-joyride';
import { TOUR_PRIMARY_COLOUR } from '../../../domain/constants';

export function TourTooltip({
  step,
  index,
  size,
  isLastStep,
  backProps,
  primaryProps,
  skipProps,
  tooltipProps,
}: TooltipRenderProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Paper
      {...tooltipProps}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      shadow="xl"
      radius="md"
      p="lg"
      w={360}
      maw="calc(100vw - 32px)"
      data-testid="tour-step"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Title order={2} fz="md" id={titleId}>
            {step.title}
          </Title>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {index + 1} of {size}
          </Text>
        </Group>
        <Text size="sm" id={bodyId}>
          {step.content}
        </Text>
        <Group justify="space-between" mt="xs" wrap="nowrap">
          <Button {...skipProps} variant="subtle" color="gray" size="compact-sm">
            Skip tour
          </Button>
          <Group gap="xs" wrap="nowrap">
            {index > 0 && (
              <Button {...backProps} variant="default" size="sm">
                Back
              </Button>
            )}
            <Button {...primaryProps} color={TOUR_PRIMARY_COLOUR} size="sm" data-autofocus>
              {isLastStep ? 'Done' : 'Next'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
