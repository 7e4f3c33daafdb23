/**
 * A small status label with colour pairs chosen for contrast (WCAG AA for small bold text), on a
 * light page or on the presentation's dark one. Mantine's Badge is used for its shape only.
 */
import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '@mantine/core';

export type PillTone = 'green' | 'orange' | 'red' | 'brand' | 'gray';

/** [background, text] on a light page. */
const LIGHT: Record<PillTone, [string, string]> = {
  green: ['#E3F4E7', '#1B6B2F'],
  orange: ['#FFF0DB', '#8A4B00'],
  red: ['#FDE3E3', '#A51D1D'],
  brand: ['#ECECF9', '#3C3DA4'],
  gray: ['#E9ECEF', '#343A40'],
};

/** [background, text] on the presentation's dark page: strong colours, white text. */
const DARK: Record<PillTone, [string, string]> = {
  green: ['#1B6B2F', '#FFFFFF'],
  orange: ['#8A4B00', '#FFFFFF'],
  red: ['#A51D1D', '#FFFFFF'],
  brand: ['#3C3DA4', '#FFFFFF'],
  gray: ['#343A40', '#FFFFFF'],
};

export interface PillProps extends Omit<BadgeProps, 'color' | 'variant'> {
  tone: PillTone;
  dark?: boolean;
  children: ReactNode;
  role?: string;
  'data-testid'?: string;
}

export function Pill({ tone, dark = false, style, children, ...rest }: PillProps) {
  const [background, color] = (dark ? DARK : LIGHT)[tone];
  return (
    <Badge
      tt="none"
      fw={700}
      {...rest}
      variant="filled"
      style={{ '--badge-bg': background, '--badge-color': color, ...style } as BadgeProps['style']}
    >
      {children}
    </Badge>
  );
}
