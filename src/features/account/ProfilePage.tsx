/**
 * /profile (protected, in the sidebar layout): the signed-in user's name and
 * e-mail, their plan with what it allows and "View plans", and sign-out. The server's accounts
 * have no call to change a name, so their details are read-only; with Clerk, Clerk's own
 * account management sits below.
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../auth/context';
import { SignInUnavailableNotice } from '../../auth/SignInUnavailable';
import { AccountCard } from './AccountCard';
import { useGuardedSignOut } from '../../auth/SignOutGuard';
import { PlanCard } from './PlanCard';
import { PROFILE_TEXTS as TEXTS } from './texts';

export function ProfilePage() {
  const { state, screens, availability, provider } = useAuth();
  const signOut = useGuardedSignOut();
  // The route is protected (RequireSignIn); a sign-out from here leaves through it to "/".
  if (state.status !== 'signedIn') return null;
  const { user } = state;

  const leave = signOut;

  return (
    <Stack gap="xl" maw={1040} mx="auto" py="md">
      <Stack gap={6}>
        <Title order={1} size="h2">
          {TEXTS.title}
        </Title>
        <Text c="dimmed">{TEXTS.description}</Text>
      </Stack>

      <SimpleGrid cols={2} spacing="lg">
        <AccountCard
          user={user}
          signInMethod={TEXTS.signInWith[provider]}
          onSignOut={leave}
          signingOut={false}
        />
        <PlanCard planId={user.plan} />
      </SimpleGrid>

      {screens && (
        <Card
          component="section"
          aria-labelledby="profile-manage"
          withBorder
          radius="lg"
          padding="xl"
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} size="h4" id="profile-manage">
                {TEXTS.manageHeading}
              </Title>
              <Text size="sm" c="dimmed">
                {TEXTS.manageDescription}
              </Text>
            </Stack>
            {availability === 'ready' ? <screens.Profile /> : <SignInUnavailableNotice />}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
