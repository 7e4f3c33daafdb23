/** Icons of the row's game controls, in the Tabler outline style of the other row icons. */
import { icon as baseIcon } from '../../ui/icon';

const icon = (paths: Parameters<typeof baseIcon>[0]) => baseIcon(paths, { size: 18 });

export const ControlsIcon = icon(
  <>
    <path d="M14 6m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 6l8 0" />
    <path d="M16 6l4 0" />
    <path d="M8 12m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 12l2 0" />
    <path d="M10 12l10 0" />
    <path d="M17 18m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 18l11 0" />
    <path d="M19 18l1 0" />
  </>,
);
export const PauseIcon = icon(
  <>
    <path d="M6 5m0 1a1 1 0 0 1 1 -1h2a1 1 0 0 1 1 1v12a1 1 0 0 1 -1 1h-2a1 1 0 0 1 -1 -1z" />
    <path d="M14 5m0 1a1 1 0 0 1 1 -1h2a1 1 0 0 1 1 1v12a1 1 0 0 1 -1 1h-2a1 1 0 0 1 -1 -1z" />
  </>,
);
export const ResumeIcon = icon(<path d="M7 4v16l13 -8z" />);
export const ExtendIcon = icon(
  <>
    <path d="M20.984 12.535a9 9 0 1 0 -8.468 8.45" />
    <path d="M16 19h6" />
    <path d="M19 16v6" />
    <path d="M12 7v5l3 3" />
  </>,
);
export const AnnounceIcon = icon(
  <>
    <path d="M18 8a3 3 0 0 1 0 6" />
    <path d="M10 8v11a1 1 0 0 1 -1 1h-1a1 1 0 0 1 -1 -1v-5" />
    <path d="M12 8h0l4.524 -3.77a.9 .9 0 0 1 1.476 .692v12.156a.9 .9 0 0 1 -1.476 .692l-4.524 -3.77h-8a1 1 0 0 1 -1 -1v-4a1 1 0 0 1 1 -1h8" />
  </>,
);
export const EndIcon = icon(
  <path d="M5 5m0 2a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2z" />,
);
