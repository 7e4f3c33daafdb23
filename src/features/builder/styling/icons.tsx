/** The styling screens' icons (Tabler's, src/ui/icon.tsx). Decorative. */
import {
  IconAlertTriangle,
  IconCamera,
  IconCheck,
  IconChevronRight,
  IconPhoto,
  IconUpload,
} from '@tabler/icons-react';
import { icon } from '../../../ui/icon';

export { HelpIcon, TrashIcon } from '../tasks/taskIcons';

export const UploadIcon = icon(IconUpload);
export const PhotoIcon = icon(IconPhoto);
export const ChevronRightIcon = icon(IconChevronRight);
export const CheckIcon = icon(IconCheck);
export const AlertIcon = icon(IconAlertTriangle);
export const CameraIcon = icon(IconCamera);
