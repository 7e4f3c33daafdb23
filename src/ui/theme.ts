/** Mantine theme with the brand colours (SPEC §9 tour primary colour #6465c7 as the brand). */
import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eff0fb',
  '#dcdcf1',
  '#b5b6e3',
  '#8c8dd5',
  '#6a6bc9',
  '#6465c7',
  '#4b4cb9',
  '#3c3da4',
  '#343593',
  '#292a82',
];

export const BRAND_PRIMARY = '#6465C7';

/**
 * Light, outline and subtle variants draw text in a palette's shade 6, which is below WCAG AA
 * contrast for most colours (red.6 on white is 3.6:1; teal.8 on the light tint 3.6:1). Shade 9
 * text on white or on shade 0 keeps the colour and reads well.
 */
const TEXT_SHADE = 9;
const TEXT_VARIANTS = new Set(['light', 'outline', 'subtle']);
/** Even yellow.9 (3:1) and orange.9 (3.9:1) fall short; darker tones keep their colour. */
const TEXT_OVERRIDES: Record<string, string> = { yellow: '#8f5800', orange: '#a8400f' };

const variantColorResolver: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  if (!TEXT_VARIANTS.has(input.variant) || !(name in input.theme.colors)) return colours;
  const text = TEXT_OVERRIDES[name] ?? `var(--mantine-color-${name}-${TEXT_SHADE})`;
  const tint = (shade: number) => `var(--mantine-color-${name}-${shade})`;
  return {
    ...colours,
    ...(input.variant === 'light' ? { background: tint(0), hover: tint(1) } : {}),
    color: text,
    hoverColor: text,
    border: input.variant === 'outline' ? `1px solid ${text}` : colours.border,
  };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: 5,
  colors: { brand },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});

/**
 * Text colours that meet WCAG AA contrast (4.5:1) on white and on the light greys and brand tint
 * the screens use as backgrounds: Mantine's "dimmed" (gray.6, 3.3:1) and links in the primary
 * shade (4.4:1 on brand.0) do not (axe must find no serious violations).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5b626a',
    '--mantine-color-anchor': 'var(--mantine-color-brand-7)',
  },
  dark: {},
});
