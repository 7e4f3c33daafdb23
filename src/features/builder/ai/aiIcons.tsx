/** The "Generate with AI" icons (src/ui/icon.tsx, Tabler outline paths). Decorative. */
import { icon } from '../../../ui/icon';

export const SparklesIcon = icon(
  <path d="M16 18a2 2 0 0 1 2 2a2 2 0 0 1 2 -2a2 2 0 0 1 -2 -2a2 2 0 0 1 -2 2zm0 -12a2 2 0 0 1 2 2a2 2 0 0 1 2 -2a2 2 0 0 1 -2 -2a2 2 0 0 1 -2 2zm-7 12a6 6 0 0 1 6 -6a6 6 0 0 1 -6 -6a6 6 0 0 1 -6 6a6 6 0 0 1 6 6z" />,
  { size: 18 },
);

export const CheckIcon = icon(<path d="M5 12l5 5l10 -10" />, { size: 32 });

export const AlertIcon = icon(
  <>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0" />
    <path d="M12 8v4" />
    <path d="M12 16h.01" />
  </>,
  { size: 18 },
);
