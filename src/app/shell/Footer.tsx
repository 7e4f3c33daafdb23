/** SPEC §2.2 Layout A footer: the logo (to the marketing site), © the current year, the legal links. */
import { Anchor, Box, Group, Text } from '@mantine/core';
import { FOOTER_LINKS, MARKETING_SITE_URL, PRODUCT_NAME } from '../../domain/constants';
import { Logo } from '../../ui/Logo';

export function Footer({ now = new Date() }: { now?: Date }) {
  return (
    <Box
      component="footer"
      px="xl"
      py="lg"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="lg">
          <Anchor
            href={MARKETING_SITE_URL}
            aria-label={`${PRODUCT_NAME} website`}
            underline="never"
          >
            <Logo size="sm" />
          </Anchor>
          <Text size="sm" c="dimmed">
            © {now.getFullYear()} {PRODUCT_NAME}
          </Text>
        </Group>
        <nav aria-label="Legal">
          <Group gap="lg">
            {FOOTER_LINKS.map((link) => (
              <Anchor
                key={link.href}
                href={link.href}
                size="sm"
                c="dimmed"
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.label}
              </Anchor>
            ))}
          </Group>
        </nav>
      </Group>
    </Box>
  );
}
