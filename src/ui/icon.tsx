/**
 * The app's icons are Tabler's (@tabler/icons-react, the set Mantine's own examples use), each
 * given the app's defaults here: its size where it is used, and hidden from assistive technology.
 * They are decorative: every control that shows one has its own name.
 */
import type { TablerIcon } from '@tabler/icons-react';
import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'ref' | 'stroke'> & {
  size?: number;
};

export function icon(Tabler: TablerIcon, { size: defaultSize = 20 } = {}) {
  function Icon({ size = defaultSize, ...props }: IconProps) {
    return <Tabler size={size} aria-hidden="true" focusable="false" {...props} />;
  }
  Icon.displayName = Tabler.displayName;
  return Icon;
}
