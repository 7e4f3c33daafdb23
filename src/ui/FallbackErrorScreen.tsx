/**
 * SPEC §2.10: the full-screen fallback on the primary brand colour, shown for an unhandled
 * rendering error (the app's error boundary, and the route groups' error screens).
 */
import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '../domain/messages';
import { PhoneIcon, MailIcon } from './icons';
import { Logo } from './Logo';
import { SUPPORT_CONTACT, supportMailHref, telHref, type SupportContact } from './supportContact';

export function FallbackErrorScreen({ contact = SUPPORT_CONTACT }: { contact?: SupportContact }) {
  const texts = MESSAGES.errorScreen;
  return (
    <Box
      mih="100vh"
      bg="brand.5"
      c="white"
      role="alert"
      aria-labelledby="fallback-error-heading"
      data-testid="fallback-error-screen"
    >
      <Center mih="100vh" p="xl">
        <Stack align="center" gap="lg" ta="center" maw={560}>
          <Logo tone="light" size="lg" />
          <Title order={1} id="fallback-error-heading" c="white">
            {texts.heading}
          </Title>
          <Text size="lg">{texts.notified}</Text>
          <Text size="lg">{texts.contactUs}</Text>
          <Stack gap={6} align="center">
            <Group gap={8} data-testid="support-phone">
              <PhoneIcon size={18} />
              <Text fw={600}>{contact.phone}</Text>
            </Group>
            <Group gap={8} data-testid="support-email">
              <MailIcon size={18} />
              <Text fw={600}>{contact.email}</Text>
            </Group>
          </Stack>
          <Group gap="md" mt="sm">
            <Button
              component="a"
              href={telHref(contact.phone)}
              variant="white"
              leftSection={<PhoneIcon size={18} />}
            >
              Call Us
            </Button>
            <Button
              component="a"
              href={supportMailHref(contact.email)}
              variant="outline"
              color="white"
              leftSection={<MailIcon size={18} />}
            >
              Contact Support
            </Button>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
