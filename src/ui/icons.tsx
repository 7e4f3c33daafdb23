/**
 * The shell's icons (src/ui/icon.tsx). Decorative: the label next to each is its name.
 */
import {
  IconBooks,
  IconCloudOff,
  IconDeviceDesktop,
  IconHome,
  IconList,
  IconLogin,
  IconLogout,
  IconMail,
  IconMenu2,
  IconPencil,
  IconPhone,
  IconRefresh,
  IconUserCircle,
} from '@tabler/icons-react';
import { icon } from './icon';

export type { IconProps } from './icon';

export const DashboardIcon = icon(IconHome);
export const ActivitiesIcon = icon(IconList);
export const LibraryIcon = icon(IconBooks);
export const BuilderIcon = icon(IconPencil);
export const MenuIcon = icon(IconMenu2);
export const PhoneIcon = icon(IconPhone);
export const MailIcon = icon(IconMail);
export const SignInIcon = icon(IconLogin);
export const SignOutIcon = icon(IconLogout);
export const UserIcon = icon(IconUserCircle);
export const DesktopIcon = icon(IconDeviceDesktop);

export const RefreshIcon = icon(IconRefresh);
export const CloudOffIcon = icon(IconCloudOff);
