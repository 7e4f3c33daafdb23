/** Any path the route map does not know. The server answers every path with the app (SPA). */
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">There is nothing at this address.</Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Stack>
    </Center>
  );
}
