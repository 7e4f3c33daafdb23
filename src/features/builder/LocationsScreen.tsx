/**
 * SPEC §2.8 Locations screen: placeholder content (outdoor GPS activities need the higher tier,
 * SPEC §1). Back goes to /overview, Next to /tasks.
 */
import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BOOKING_LINK, linkProps } from '../../ui/marketingLinks';
import { MESSAGES } from '../../domain/messages';
import { useBuilder } from './BuilderContext';
import { BuilderFooter } from './BuilderFooter';
import { footerRoutes } from './builderNavigation';

export function LocationsScreen() {
  const { template } = useBuilder();
  return (
    <Paper withBorder radius="lg" p="xl" maw={720} mx="auto" component="section">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Locations
        </Title>
        <Stack align="center" gap="sm" py="xl" ta="center" data-testid="locations-placeholder">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <svg
              width="28"
              height="28"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z" />
              <circle cx="12" cy="10" r="2.5" />
            </svg>
          </ThemeIcon>
          <Text fw={600}>Placing tasks on the map is not available yet.</Text>
          <Text c="dimmed" maw={460}>
            {MESSAGES.plans.locationNeedsHigherTier}
          </Text>
          <Anchor {...linkProps(BOOKING_LINK)}>Upgrade - Contact us</Anchor>
        </Stack>
        <BuilderFooter {...footerRoutes('locations', template.gameType)} />
      </Stack>
    </Paper>
  );
}
