/**
 * The frame of every wizard screen: one centred card with, on the four question steps, a step
 * indicator ("Step 2 of 4") and a progress bar.
 */
import { Box, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { INPUT_STEP_COUNT, WIZARD_TEXTS } from './texts';

export interface WizardCardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** 1–4 on the question steps; absent on the screens that run by themselves. */
  step?: number;
  /** Choice steps need room for their cards; forms read better narrower. */
  width?: 'wide' | 'narrow';
  children: ReactNode;
  /** Buttons under the content (Back, Next, Create…). */
  footer?: ReactNode;
}

const WIDTHS = { wide: 880, narrow: 640 } as const;

export function WizardCard({
  title,
  subtitle,
  step,
  width = 'narrow',
  children,
  footer,
}: WizardCardProps) {
  return (
    <Box px="md" py={48}>
      <Paper
        component="section"
        withBorder
        shadow="sm"
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        maw={WIDTHS[width]}
        mx="auto"
        aria-label={typeof title === 'string' ? title : undefined}
      >
        <Stack gap="xl">
          {(step !== undefined || title) && (
            <Stack gap="xs">
              {step !== undefined && (
                <>
                  <Text size="sm" fw={600} c="brand.6" data-testid="wizard-step">
                    {WIZARD_TEXTS.stepOf(step)}
                  </Text>
                  <Progress
                    value={(step / INPUT_STEP_COUNT) * 100}
                    size="sm"
                    radius="xl"
                    aria-label={WIZARD_TEXTS.stepOf(step)}
                    mb="xs"
                  />
                </>
              )}
              {title && (
                <Title order={1} fz={28} lh={1.25}>
                  {title}
                </Title>
              )}
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
          )}
          {children}
          {footer}
        </Stack>
      </Paper>
    </Box>
  );
}
