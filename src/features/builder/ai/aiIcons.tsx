/** The "Generate with AI" icons (Tabler's, src/ui/icon.tsx). Decorative. */
import { IconAlertCircle, IconCheck, IconSparkles } from '@tabler/icons-react';
import { icon } from '../../../ui/icon';

export const SparklesIcon = icon(IconSparkles, { size: 18 });

export const CheckIcon = icon(IconCheck, { size: 32 });

export const AlertIcon = icon(IconAlertCircle, { size: 18 });
