/**
 * SPEC §1 "Desktop only": on a phone the organiser app shows, instead of itself, a full-screen
 * notice. A phone is a narrow screen with a touch (coarse) pointer: a desktop browser window
 * made narrow keeps the app. The phone player (/play) is a separate page and never sees this.
 */
import type { ReactNode } from 'react';
import { Box, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PRODUCT_NAME } from '../domain/constants';
import { DesktopIcon } from '../ui/icons';
import { Logo } from '../ui/Logo';

/** Phones are below 768 px wide in portrait and landscape alike; tablets and desktops are not. */
export const PHONE_MEDIA_QUERY = '(max-width: 767px) and (pointer: coarse)';

/** The browser the notice names (SPEC §1: one named mainstream browser is preferred). */
export const PREFERRED_BROWSER = 'Google Chrome';

export function DesktopOnlyGate({ children }: { children: ReactNode }) {
  // Read synchronously: a phone must not start the app (or open its database) for one frame.
  const phone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return phone ? <DesktopOnlyNotice /> : children;
}

export function DesktopOnlyNotice() {
  return (
    <Box component="main" mih="100vh" bg="brand.0" data-testid="desktop-only-notice">
      <Center mih="100vh" p="lg">
        <Stack align="center" gap="md" ta="center" maw={420}>
          <Logo />
          <Box c="brand.5" mt="md">
            <DesktopIcon size={56} />
          </Box>
          <Title order={1} size="h2">
            {PRODUCT_NAME} is only supported on desktop at this time
          </Title>
          <Text>Please open this URL in a desktop browser, preferably {PREFERRED_BROWSER}:</Text>
          <Code block style={{ wordBreak: 'break-all' }}>
            {window.location.href}
          </Code>
        </Stack>
      </Center>
    </Box>
  );
}
