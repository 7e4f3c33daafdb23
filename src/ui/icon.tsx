/**
 * Small inline SVG icons in the Tabler outline style (no icon package is installed, and a
 * handful of paths does not justify one). Decorative: every control that shows one has its own
 * name.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

export function icon(paths: ReactNode, { filled = false, size: defaultSize = 20 } = {}) {
  return function Icon({ size = defaultSize, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}
