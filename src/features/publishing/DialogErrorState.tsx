/**
 * A dialog's error state (SPEC §8: "All error states offer 'Try again?' and/or 'Cancel' or
 * 'Close'"): the message, and the buttons. Offline failures get their own heading, so that a
 * dropped connection is not mistaken for a fault in the activity. A plan's refusal (403) cannot
 * succeed by trying again: it offers "Close", "Contact Us" and "View plans" instead.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRICING_LINK } from '../../ui/marketingLinks';
import { MESSAGES } from '../../domain/messages';
import { ContactUsButton } from './ContactUsButton';
import { DIALOG_TEXTS } from './texts';

export interface DialogErrorStateProps {
  message: ReactNode;
  offline?: boolean;
  onTryAgain: () => void;
  onClose: () => void;
  /** The FREE plan's 403 offers "Contact Us" to upgrade. */
  contactUs?: boolean;
  /** False for a refusal that the same call meets again (a plan's 403): no "Try again?". */
  retryable?: boolean;
}

/** Whether "Try again?" can help: not after a plan's refusal (403), which only an upgrade lifts. */
export const isRetryableFailure = (failure: {
  step: 'create' | 'poll';
  httpStatus: number | null;
  offline: boolean;
}): boolean => failure.offline || failure.step === 'poll' || failure.httpStatus !== 403;

export function DialogErrorState({
  message,
  offline = false,
  onTryAgain,
  onClose,
  contactUs = false,
  retryable = true,
}: DialogErrorStateProps) {
  return (
    <Stack gap="lg" data-testid="dialog-error">
      <Alert
        color={offline ? 'yellow' : contactUs ? 'orange' : 'red'}
        variant="light"
        radius="md"
        title={
          offline
            ? DIALOG_TEXTS.offlineTitle
            : contactUs
              ? DIALOG_TEXTS.planLimitTitle
              : DIALOG_TEXTS.errorTitle
        }
        role="alert"
      >
        {message}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {MESSAGES.common.close}
        </Button>
        {retryable && (
          <Button variant={contactUs ? 'light' : 'filled'} onClick={onTryAgain}>
            {MESSAGES.common.tryAgain}
          </Button>
        )}
        {!retryable && (
          <ContactUsButton link={PRICING_LINK} onNavigate={onClose} variant="light">
            {DIALOG_TEXTS.planLimits.viewPlans}
          </ContactUsButton>
        )}
        {/* When only an upgrade helps, "Contact Us" is the main action. */}
        {contactUs && <ContactUsButton onNavigate={onClose} variant="filled" />}
      </Group>
    </Stack>
  );
}
