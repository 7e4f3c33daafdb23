/**
 * The app shell's index until the Dashboard (SPEC §2.3) is built: it introduces the product and
 * shows whether the API answers.
 */
import { useEffect, useState } from 'react';
import { Anchor, Badge, Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../domain/constants';

type ApiState = 'checking' | 'up' | 'down';

export function HomePage() {
  const [api, setApi] = useState<ApiState>('checking');

  useEffect(() => {
    const controller = new AbortController();
    fetch('/v1/health', { signal: controller.signal })
      .then((response) => setApi(response.ok ? 'up' : 'down'))
      .catch(() => {
        if (!controller.signal.aborted) setApi('down');
      });
    return () => controller.abort();
  }, []);

  return (
    <Box>
      {/* The shell's main area: the viewport less its padding. */}
      <Center mih="calc(100vh - 2 * var(--mantine-spacing-lg))" p="xl">
        <Paper shadow="md" radius="lg" p={48} maw={560} w="100%">
          <Stack gap="lg" align="center" ta="center">
            <Image src="/favicon.svg" alt="" w={72} h={72} />
            <Title order={1}>{PRODUCT_NAME}</Title>
            <Text size="lg" c="dimmed">
              Build quiz and challenge games for your team, test them as a short demo, and run them
              live while teams play from their phones.
            </Text>
            <Group gap="xs" data-testid="api-status">
              <Text size="sm" c="dimmed">
                Service
              </Text>
              {api === 'checking' && <Badge color="gray">Checking…</Badge>}
              {api === 'up' && <Badge color="teal">Online</Badge>}
              {api === 'down' && <Badge color="red">Unreachable</Badge>}
            </Group>
            {/* Guests have no account menu, so support's panel is also reached from here. */}
            <Anchor component={Link} to="/diagnostics" size="xs" c="dimmed">
              Sync diagnostics
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
