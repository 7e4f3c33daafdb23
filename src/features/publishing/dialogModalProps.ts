/**
 * What every dialog of SPEC §2.9 shares: centred, a bold title, a named corner button (the word
 * "Close" alone belongs to the footer button), and a dimmed backdrop.
 */
import type { ModalProps } from '@mantine/core';
import { DIALOG_TEXTS } from './texts';

export const dialogModalProps = {
  centered: true,
  radius: 'lg',
  padding: 'xl',
  closeButtonProps: { 'aria-label': DIALOG_TEXTS.closeDialog },
  overlayProps: { backgroundOpacity: 0.5, blur: 2 },
  styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } },
} satisfies Partial<ModalProps>;

/** Wide enough for the QR code beside the join details, so no result needs scrolling. */
export const RESULT_DIALOG_SIZE = 820;
