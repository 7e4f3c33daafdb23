/**
 * /pricing: the app's own pricing page, the default of the "View plans" link (SPEC §1 marketing
 * links, §2.2 upgrade panel; ARCHITECTURE.md: never a dead host). The plans are SPEC §6's, read
 * from src/domain/plans.ts; the signed-in user's plan is marked.
 */
import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BOOKING_LINK } from '../../ui/marketingLinks';
import { PRODUCT_NAME } from '../../domain/constants';
import { PLAN_ORDER, PLANS } from '../../domain/plans';
import { MarketingLinkButton } from './MarketingLinkButton';
import { PlanCard } from './PlanCard';
import { PlanComparisonTable } from './PlanComparisonTable';
import { planStanding } from './planComparison';
import { PRICING_TEXTS } from './pricingTexts';
import { useCurrentPlan } from './useCurrentPlan';

const COMPARE_HEADING_ID = 'compare-plans-heading';

export function PricingPage() {
  useDocumentTitle(`${PRICING_TEXTS.title} · ${PRODUCT_NAME}`);
  const currentPlan = useCurrentPlan();
  const signedIn = currentPlan !== null;

  return (
    <Container size="lg" py={40}>
      <Stack gap={40}>
        <Stack gap="xs" maw={720}>
          <Title order={1} size="h2">
            {PRICING_TEXTS.title}
          </Title>
          <Text c="dimmed" size="lg">
            {PRICING_TEXTS.intro}
          </Text>
          {currentPlan && (
            <Text size="sm" data-testid="current-plan-note">
              You are on the <strong>{PLANS[currentPlan].name}</strong> plan.
            </Text>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLAN_ORDER.map((planId) => (
            <PlanCard
              key={planId}
              plan={PLANS[planId]}
              signedIn={signedIn}
              standing={planStanding(planId, currentPlan)}
            />
          ))}
        </SimpleGrid>

        <Stack gap="md" component="section" aria-labelledby={COMPARE_HEADING_ID}>
          <Title order={2} size="h3" id={COMPARE_HEADING_ID}>
            {PRICING_TEXTS.compareHeading}
          </Title>
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
            <PlanComparisonTable currentPlan={currentPlan} labelledBy={COMPARE_HEADING_ID} />
          </Paper>
        </Stack>

        <Paper withBorder radius="lg" p="xl" bg="brand.0" style={{ borderColor: 'transparent' }}>
          <Group justify="space-between" gap="lg">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {PRICING_TEXTS.helpHeading}
              </Title>
              <Text c="dimmed">{PRICING_TEXTS.helpText}</Text>
            </Stack>
            <MarketingLinkButton link={BOOKING_LINK} size="md">
              {PRICING_TEXTS.contactUs}
            </MarketingLinkButton>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
