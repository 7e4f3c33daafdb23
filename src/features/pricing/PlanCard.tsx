/** One plan of SPEC §6 on the pricing page: what it allows, and the way to get it. */
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { BOOKING_LINK } from '../../ui/marketingLinks';
import type { Plan } from '../../domain/plans';
import { authLink } from '../../auth/returnPath';
import { CheckMark } from './icons';
import { MarketingLinkButton } from './MarketingLinkButton';
import { PRICING_TEXTS } from './pricingTexts';
import type { planStanding } from './planComparison';

/** SPEC §2.2: sign-up returns to ?from=; from the pricing page the new user starts on "/". */
export const SIGN_UP_FREE_HREF = authLink('sign-up', '/');

interface PlanCardProps {
  plan: Plan;
  signedIn: boolean;
  standing: ReturnType<typeof planStanding>;
}

export function PlanCard({ plan, signedIn, standing }: PlanCardProps) {
  const current = signedIn && standing === 'current';
  const headingId = `plan-${plan.id.toLowerCase()}`;
  const free = plan.id === 'FREE';

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.id}`}
      data-current={current || undefined}
      withBorder
      radius="lg"
      padding="xl"
      h="100%"
      style={
        current
          ? {
              borderColor: 'var(--mantine-color-brand-5)',
              boxShadow: '0 0 0 1px var(--mantine-color-brand-5)',
            }
          : undefined
      }
    >
      <Stack gap="lg" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" align="center" wrap="nowrap" mih={28}>
            <Title order={2} size="h3" id={headingId}>
              {plan.name}
            </Title>
            {current && (
              <Badge variant="filled" radius="sm">
                {PRICING_TEXTS.currentPlanBadge}
              </Badge>
            )}
          </Group>
          {/* Three lines at most at desktop widths: the price lines stay level across the cards. */}
          <Text size="sm" c="dimmed" mih={66}>
            {plan.summary}
          </Text>
        </Stack>

        <Stack gap={2} mih={64} justify="center">
          <Text fz={free ? 32 : 22} fw={800} lh={1.15}>
            {free ? PRICING_TEXTS.freePrice : PRICING_TEXTS.paidPrice}
          </Text>
          <Text size="sm" c="dimmed">
            {free ? PRICING_TEXTS.freePriceNote : PRICING_TEXTS.paidPriceNote}
          </Text>
        </Stack>

        <List
          spacing="sm"
          size="sm"
          // Two-line features need room between their lines (Mantine's list sets its own).
          styles={{ itemLabel: { lineHeight: 1.4 } }}
          center
          aria-label={`${plan.name} plan features`}
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <CheckMark size={14} />
            </ThemeIcon>
          }
        >
          {plan.featureList.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>

        <Box mt="auto" pt="sm">
          <PlanAction plan={plan} signedIn={signedIn} standing={standing} />
        </Box>
      </Stack>
    </Card>
  );
}

function PlanAction({ plan, signedIn, standing }: PlanCardProps) {
  if (!signedIn && plan.id === 'FREE') {
    return (
      <Button component={Link} to={SIGN_UP_FREE_HREF} fullWidth size="md">
        {PRICING_TEXTS.signUpFree}
      </Button>
    );
  }
  if (signedIn && standing !== 'higher') {
    return (
      <Group
        gap={8}
        justify="center"
        h={42}
        c={standing === 'current' ? 'brand.7' : 'dimmed'}
        data-testid="plan-status"
      >
        <CheckMark size={16} />
        <Text size="sm" fw={600} c="inherit">
          {standing === 'current' ? PRICING_TEXTS.onThisPlan : PRICING_TEXTS.includedInYours}
        </Text>
      </Group>
    );
  }
  return (
    <MarketingLinkButton
      link={BOOKING_LINK}
      fullWidth
      size="md"
      // Pro is the usual next step; the higher tier stays a quieter choice beside it.
      variant={plan.id === 'PRO' ? 'filled' : 'light'}
      aria-label={`${PRICING_TEXTS.contactUs} about the ${plan.name} plan`}
    >
      {PRICING_TEXTS.contactUs}
    </MarketingLinkButton>
  );
}
