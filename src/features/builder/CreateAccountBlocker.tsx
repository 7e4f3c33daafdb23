/**
 * SPEC §2.8 Create Account blocker: a guest with a template open who navigates to a path without
 * /builder is stopped, and asked to create a free account (a sign-up that comes back to where
 * they were going). Someone who has an account already signs in instead, and comes back the same
 * way: either way the guest's work moves to the account (docs/auth.md "Linking a guest's work").
 * Closing the dialog lets the navigation proceed.
 */
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { memo, useCallback, useRef, type MouseEvent } from 'react';
import { useBlocker, useNavigate, type BlockerFunction } from 'react-router';
import { UserIcon } from '../../ui/icons';
import { MESSAGES } from '../../domain/messages';
import { PLANS } from '../../domain/plans';
import { signInHref, signUpHref } from '../../auth/authPaths';
import { dialogModalProps } from '../publishing/dialogModalProps';
import { blocksLeaving } from './builderEntry';

export const BLOCKER_TEXTS = {
  title: 'Create Account',
  body: MESSAGES.account.dontLoseWork,
  noCreditCard: MESSAGES.account.noCreditCard,
  signUp: 'Sign up for free',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
} as const;

/** Memoised: the layout renders again on every write of the template, this does not. */
export const CreateAccountBlocker = memo(function CreateAccountBlocker({
  signedIn,
  templateLoaded,
}: {
  signedIn: boolean;
  templateLoaded: boolean;
}) {
  const navigate = useNavigate();
  // The dialog's own sign-up and sign-in links leave the builder too; not to be stopped again.
  const leavingForAccount = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ nextLocation }) =>
      !leavingForAccount.current &&
      blocksLeaving({ signedIn, templateLoaded, nextPathname: nextLocation.pathname }),
    [signedIn, templateLoaded],
  );
  const blocker = useBlocker(shouldBlock);
  const blocked = blocker.state === 'blocked';
  const intended = blocked ? blocker.location.pathname + blocker.location.search : '/';
  const href = signUpHref(intended);
  const signInLink = signInHref(intended);

  /** Leaves for sign-up or sign-in without being stopped again. */
  const leaveFor = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    leavingForAccount.current = true;
    blocker.reset?.();
    void navigate(to);
  };

  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.proceed?.()}
      {...dialogModalProps}
      title={BLOCKER_TEXTS.title}
      size="md"
    >
      <Stack gap="lg" data-testid="create-account-blocker">
        <Text size="md">{BLOCKER_TEXTS.body}</Text>
        <Paper withBorder radius="md" p="lg" bg="brand.0">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="xl" variant="white" aria-hidden>
                <UserIcon size={20} />
              </ThemeIcon>
              <div>
                <Group gap={8}>
                  <Text fw={700}>{PLANS.FREE.name} plan</Text>
                  <Badge variant="white" size="sm">
                    FREE
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {PLANS.FREE.summary}
                </Text>
              </div>
            </Group>
            <Button component="a" href={href} onClick={leaveFor(href)} fullWidth size="md">
              {BLOCKER_TEXTS.signUp}
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              {BLOCKER_TEXTS.noCreditCard}
            </Text>
          </Stack>
        </Paper>
        <Text size="sm" ta="center">
          {BLOCKER_TEXTS.haveAccount}{' '}
          <Anchor href={signInLink} onClick={leaveFor(signInLink)} fw={600}>
            {BLOCKER_TEXTS.signIn}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
});
