/**
 * SPEC §2.9 sign-in prompts for gated actions: a guest who tries to create a demo, launch or
 * schedule is asked to sign in, and comes back to the deep link afterwards (SPEC §2.2 ?from=).
 */
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { signInHref } from '../../auth/authPaths';
import { UserIcon } from '../../ui/icons';
import { MESSAGES } from '../../domain/messages';
import { dialogModalProps } from './dialogModalProps';
import { DIALOG_TEXTS } from './texts';

export type SignInReason = 'action' | 'launch';

export const SIGN_IN_REASON_TEXT: Readonly<Record<SignInReason, string>> = {
  action: MESSAGES.account.actionRequiresAccount,
  launch: MESSAGES.account.launchRequiresAccount,
};

export interface SignInPromptContentProps {
  reason: SignInReason;
  /** The path (with its query) to come back to after signing in. */
  returnTo: string;
  /** When given, a "Close" button sits beside "Sign in / Sign up". */
  onClose?: () => void;
}

export function SignInPromptContent({ reason, returnTo, onClose }: SignInPromptContentProps) {
  return (
    <Stack gap="lg" data-testid="sign-in-prompt">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <UserIcon size={22} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={600} size="lg" lh={1.35}>
            {SIGN_IN_REASON_TEXT[reason]}
          </Text>
          <Text size="sm" c="dimmed">
            {MESSAGES.account.noCreditCard}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" gap="sm">
        {onClose && (
          <Button variant="default" onClick={onClose}>
            {MESSAGES.common.close}
          </Button>
        )}
        <Button component={Link} to={signInHref(returnTo)}>
          {DIALOG_TEXTS.signIn.button}
        </Button>
      </Group>
    </Stack>
  );
}

export interface SignInPromptProps {
  opened: boolean;
  onClose: () => void;
  reason: SignInReason;
  returnTo: string;
}

export function SignInPrompt({ opened, onClose, reason, returnTo }: SignInPromptProps) {
  return (
    <Modal
      {...dialogModalProps}
      opened={opened}
      onClose={onClose}
      title={DIALOG_TEXTS.signIn.title}
      size="md"
    >
      <SignInPromptContent reason={reason} returnTo={returnTo} onClose={onClose} />
    </Modal>
  );
}
