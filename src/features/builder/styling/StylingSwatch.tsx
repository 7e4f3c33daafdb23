/** A swatch on the Edit Styling screen: shows the current value and opens the screen that edits it. */
import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons';

export interface StylingSwatchProps {
  to: string;
  label: string;
  /** The value under the label: a hex colour, or the theme's name. */
  value: string;
  /** The colour chip or the theme thumbnail. */
  visual: ReactNode;
  testId?: string;
}

export function StylingSwatch({ to, label, value, visual, testId }: StylingSwatchProps) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      className="styling-swatch"
      style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}
    >
      <Group gap="sm" wrap="nowrap">
        {visual}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {value}
          </Text>
        </Stack>
        <Box c="gray.6" style={{ display: 'grid', placeItems: 'center' }}>
          <ChevronRightIcon size={18} />
        </Box>
      </Group>
    </Paper>
  );
}

export function ColourChip({ colour, size = 36 }: { colour: string; size?: number }) {
  return (
    <Box
      w={size}
      h={size}
      style={{
        flexShrink: 0,
        borderRadius: 8,
        background: colour,
        boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.15)',
      }}
    />
  );
}

export function ThemeThumb({ imageUrl, size = 36 }: { imageUrl: string | null; size?: number }) {
  return (
    <Box
      w={size * 1.4}
      h={size}
      style={{
        flexShrink: 0,
        borderRadius: 8,
        backgroundColor: 'var(--mantine-color-gray-2)',
        backgroundImage: imageUrl ? `url("${imageUrl}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.1)',
      }}
    />
  );
}
