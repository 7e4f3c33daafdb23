/**
 * Icons of the library and My Activities screens: Tabler's, at the rows' size (src/ui/icon.tsx).
 * Decorative: every control that shows one has its own name.
 */
import {
  IconBuildingSkyscraper,
  IconCalendar,
  IconChartBar,
  IconChevronDown,
  IconClock,
  IconCopy,
  IconDeviceMobile,
  IconFilter,
  IconInfoCircle,
  IconList,
  IconMapPin,
  IconPlayerPlay,
  IconPresentation,
  IconTemplate,
  IconTrophy,
} from '@tabler/icons-react';
import { icon } from '../../ui/icon';

export { BuilderIcon as EditIcon, CloudOffIcon } from '../../ui/icons';

export const FilterIcon = icon(IconFilter, { size: 18 });
export const ChevronDownIcon = icon(IconChevronDown, { size: 18 });
export const ClockIcon = icon(IconClock, { size: 18 });
export const TemplateIcon = icon(IconTemplate, { size: 18 });
/** The demo: "try it on a phone". */
export const DemoIcon = icon(IconDeviceMobile, { size: 18 });
export const PlayIcon = icon(IconPlayerPlay, { size: 18 });
export const CalendarIcon = icon(IconCalendar, { size: 18 });
export const TrophyIcon = icon(IconTrophy, { size: 18 });
export const PresentationIcon = icon(IconPresentation, { size: 18 });
export const ChartIcon = icon(IconChartBar, { size: 18 });
export const InfoIcon = icon(IconInfoCircle, { size: 18 });
export const CopyIcon = icon(IconCopy, { size: 18 });
/** Indoor (quiz): a building. */
export const IndoorIcon = icon(IconBuildingSkyscraper, { size: 18 });
/** Outdoor (location): a map pin. */
export const OutdoorIcon = icon(IconMapPin, { size: 18 });
export const ListIcon = icon(IconList, { size: 18 });
