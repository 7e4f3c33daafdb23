/**
 * SPEC §2.9 mobile-app download panel. Teamtrail's players need no app store: the phone player
 * is a web page, so the panel says so and tells them how to get there.
 */
import { Paper, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { PRODUCT_NAME } from '../domain/constants';

export const MOBILE_APP_PANEL_TITLE = `You will need the ${PRODUCT_NAME} player on your phone.`;
export const MOBILE_APP_PANEL_TEXT =
  'No download needed — open the camera and scan the QR code, or go to the address below and enter the Activity Code.';

export function MobileAppPanel() {
  const address = `${location.host}/play`;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="mobile-app-panel">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <svg
            viewBox="0 0 24 24"
            width={22}
            height={22}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <rect x="6" y="2" width="12" height="20" rx="2" />
            <line x1="11" y1="18" x2="13" y2="18" />
          </svg>
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={600}>{MOBILE_APP_PANEL_TITLE}</Text>
          <Text size="sm">{MOBILE_APP_PANEL_TEXT}</Text>
          <Text size="sm" ff="monospace" fw={600}>
            {address}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
