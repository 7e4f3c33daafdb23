import type { IconProps } from './icons';
import { ActivitiesIcon, BuilderIcon, DashboardIcon, LibraryIcon } from './icons';

const ICONS: Record<string, (props: IconProps) => React.JSX.Element> = {
  dashboard: DashboardIcon,
  activities: ActivitiesIcon,
  library: LibraryIcon,
  builder: BuilderIcon,
};

/** The icon of a navigation item, by its `variant`. */
export function NavigationIcon({ variant, ...props }: IconProps & { variant: string }) {
  const Icon = ICONS[variant] ?? DashboardIcon;
  return <Icon {...props} />;
}
