/** The pricing and contact pages' marks, in the shell's outline style (src/ui/icons). */
import type { ReactNode, SVGProps } from 'react';

type MarkProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function Svg({ size = 18, children, ...props }: MarkProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.25}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CheckMark = (props: MarkProps) => (
  <Svg {...props}>
    <path d="M5 12l5 5l10 -10" />
  </Svg>
);

export const DashMark = (props: MarkProps) => (
  <Svg {...props}>
    <path d="M7 12h10" />
  </Svg>
);

export const CalendarMark = (props: MarkProps) => (
  <Svg {...props}>
    <path d="M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12z" />
    <path d="M16 3v4" />
    <path d="M8 3v4" />
    <path d="M4 11h16" />
  </Svg>
);
