/** The profile's plan card: the user's plan (SPEC §6), what it allows, and "View plans". */
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { linkProps, PRICING_LINK } from '../../ui/marketingLinks';
import { PLANS } from '../../domain/plans';
import type { PlanId } from '../../domain/schemas';
import { CheckMark } from '../pricing/icons';
import { PROFILE_TEXTS as TEXTS } from './texts';

export function PlanCard({ planId }: { planId: PlanId }) {
  const plan = PLANS[planId];
  return (
    <Card
      component="section"
      aria-labelledby="profile-plan"
      withBorder
      radius="lg"
      padding="xl"
      h="100%"
    >
      <Stack gap="lg" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {TEXTS.planHeading}
            </Text>
            <Badge variant="light" radius="sm" data-testid="profile-plan-badge">
              {TEXTS.planBadge(plan.id)}
            </Badge>
          </Group>
          <Title order={2} size="h3" id="profile-plan">
            {plan.name}
          </Title>
          <Text size="sm" c="dimmed">
            {plan.summary}
          </Text>
        </Stack>

        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {TEXTS.planIncludes}
          </Text>
          <List
            spacing="xs"
            size="sm"
            center
            aria-label={`${plan.name} plan features`}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light">
                <CheckMark size={12} />
              </ThemeIcon>
            }
          >
            {plan.featureList.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Stack>

        <Group mt="auto" pt="sm">
          <Button component="a" {...linkProps(PRICING_LINK)} variant="light">
            {TEXTS.viewPlans}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
