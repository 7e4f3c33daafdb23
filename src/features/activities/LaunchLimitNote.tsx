/**
 * My Activities' note on the plan's launch limit, above the rows, before any click (SPEC §6): on
 * FREE once today's one launch is used, "FREE plan: 1 launch a day — used today by X. Launch
 * again tomorrow, or upgrade to PRO." with "View plans"; while another activity is live and a
 * launch is still left today (a live one launched under PRO before a downgrade), "1 live
 * activity: end X first". The same block marks Play and Schedule on the rows (playLimit).
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import { PRICING_LINK } from '../../ui/marketingLinks';
import { launchBlockClearsByEnding, type LaunchBlock } from '../../domain/plans';
import type { ActivityRow } from '../../domain/schemas';
import { ContactUsButton } from '../publishing/ContactUsButton';
import { DIALOG_TEXTS } from '../publishing/texts';

const texts = DIALOG_TEXTS.planLimits;

export function LaunchLimitNote({ block }: { block: LaunchBlock<ActivityRow> | null }) {
  if (!block) return null;
  const usedToday = launchBlockClearsByEnding(block) ? null : block.usedToday;
  const title = usedToday ? texts.dailyTitle(usedToday.name) : texts.liveTitle(block.activity.name);
  const body = usedToday ? texts.dailyBody : texts.liveHover(block.activity.name);
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      data-testid="launch-limit-note"
      data-violation={block.violation}
      py="sm"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="sm">{body}</Text>
        </Stack>
        <ContactUsButton link={PRICING_LINK} variant="light" color="orange" size="xs">
          {texts.viewPlans}
        </ContactUsButton>
      </Group>
    </Alert>
  );
}
