/** Mantine theme with the brand colours (SPEC §9 tour primary colour #6465c7 as the brand). */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 5,
  colors: { brand },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});
