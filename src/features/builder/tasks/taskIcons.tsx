/**
 * The Edit Tasks screen's icons (Tabler's, src/ui/icon.tsx). Decorative: each
 * control that shows one has its own accessible name.
 */
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconCopy,
  IconGripVertical,
  IconHelp,
  IconLock,
  IconMusic,
  IconPhoto,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import { icon } from '../../../ui/icon';

export const LockIcon = icon(IconLock, { size: 18 });
export const ErrorIcon = icon(IconAlertCircle, { size: 18 });
export const ChevronIcon = icon(IconChevronDown, { size: 18 });
export const ArrowUpIcon = icon(IconArrowUp, { size: 16 });
export const ArrowDownIcon = icon(IconArrowDown, { size: 16 });
export const CopyIcon = icon(IconCopy, { size: 16 });
export const TrashIcon = icon(IconTrash, { size: 16 });
export const GripIcon = icon(IconGripVertical, { size: 16 });
export const PlusIcon = icon(IconPlus, { size: 16 });
export const HelpIcon = icon(IconHelp, { size: 18 });
export const ImageIcon = icon(IconPhoto);
export const AudioIcon = icon(IconMusic);
export const VideoIcon = icon(IconVideo);
export const RefreshIcon = icon(IconRefresh, { size: 16 });
