/** SPEC §2.2 Layout B: the sidebar's upgrade panel, its text depending on sign-in. */
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { UPGRADE_TEXTS } from '../../domain/plans';
import { linkProps, PRICING_LINK } from '../../ui/marketingLinks';

export function UpgradePanel({ signedIn }: { signedIn: boolean }) {
  return (
    <Paper bg="brand.0" p="md" radius="md" data-testid="upgrade-panel">
      <Stack gap="xs">
        <Text size="sm">{signedIn ? UPGRADE_TEXTS.signedIn : UPGRADE_TEXTS.signedOut}</Text>
        <Anchor {...linkProps(PRICING_LINK)} size="sm" fw={600}>
          {UPGRADE_TEXTS.viewPlans}
        </Anchor>
      </Stack>
    </Paper>
  );
}
