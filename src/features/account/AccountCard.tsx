/** The profile's account card: who is signed in, whether they may schedule, and sign-out. */
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { SignOutIcon } from '../../ui/icons';
import type { AccountUser } from '../../auth/types';
import { canScheduleActivity } from '../../domain/userRights';
import { PROFILE_TEXTS as TEXTS } from './texts';

interface AccountCardProps {
  user: AccountUser;
  /** How this account signs in, in a few words. */
  signInMethod: string;
  onSignOut(): void;
  signingOut: boolean;
}

function Detail({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4} component="dt">
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        c={muted ? 'dimmed' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Stack>
  );
}

export function AccountCard({ user, signInMethod, onSignOut, signingOut }: AccountCardProps) {
  const displayName = user.name || user.email || TEXTS.noName;
  return (
    <Card
      component="section"
      aria-labelledby="profile-account"
      withBorder
      radius="lg"
      padding="xl"
      h="100%"
    >
      <Stack gap="lg" h="100%">
        <Group gap="md" wrap="nowrap">
          <Avatar name={displayName} color="brand" size={56} radius="xl" aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4} id="profile-account">
              {TEXTS.accountHeading}
            </Text>
            <Title order={2} size="h3" lineClamp={1}>
              {displayName}
            </Title>
          </Stack>
        </Group>

        <Stack gap="md" component="dl" m={0}>
          <Detail
            label={TEXTS.emailLabel}
            value={user.email || TEXTS.noEmail}
            muted={!user.email}
          />
          <Detail label={TEXTS.signInLabel} value={signInMethod} />
          <Detail
            label={TEXTS.schedulingLabel}
            value={canScheduleActivity(user) ? TEXTS.schedulingAllowed : TEXTS.schedulingRestricted}
          />
        </Stack>

        <Group mt="auto" pt="sm">
          <Button
            variant="default"
            leftSection={<SignOutIcon size={18} />}
            onClick={onSignOut}
            loading={signingOut}
          >
            {TEXTS.signOut}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
