/**
 * The product logo: the mark (the favicon's trail) with the wordmark beside it. `tone="light"`
 * draws the wordmark in white, for the brand-coloured error screen.
 */
import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../domain/constants';

export interface LogoProps {
  tone?: 'dark' | 'light';
  size?: 'sm' | 'md' | 'lg';
}

const MARK_PX = { sm: 24, md: 32, lg: 48 } as const;
const WORDMARK_SIZE = { sm: 'lg', md: 'xl', lg: '2rem' } as const;

export function Logo({ tone = 'dark', size = 'md' }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label={PRODUCT_NAME} data-testid="logo">
      <img src="/favicon.svg" alt="" width={MARK_PX[size]} height={MARK_PX[size]} />
      <Text
        component="span"
        fw={800}
        fz={WORDMARK_SIZE[size]}
        lh={1}
        c={tone === 'light' ? 'white' : 'brand.8'}
        style={{ letterSpacing: '-0.02em' }}
      >
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
