/** Icons of the row's game controls: Tabler's, at the size of the other row icons. */
import {
  IconAdjustmentsHorizontal,
  IconClockPlus,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { icon } from '../../ui/icon';

export const ControlsIcon = icon(IconAdjustmentsHorizontal, { size: 18 });
export const PauseIcon = icon(IconPlayerPause, { size: 18 });
export const ResumeIcon = icon(IconPlayerPlay, { size: 18 });
export const ExtendIcon = icon(IconClockPlus, { size: 18 });
export const AnnounceIcon = icon(IconSpeakerphone, { size: 18 });
export const EndIcon = icon(IconPlayerStop, { size: 18 });
