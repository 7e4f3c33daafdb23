/**
 * SPEC §2.8 Order screen: a placeholder page with a phone frame showing "[locations initial
 * preview]" and the content "content". Previous is /overview.
 */
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PhonePreview } from '../../ui/PhonePreview';
import { useBuilder } from './BuilderContext';
import { BuilderFooter } from './BuilderFooter';
import { footerRoutes } from './builderNavigation';
import { previewLogoUrl } from './previewLogo';

export function OrderScreen() {
  const { template } = useBuilder();
  return (
    <Group align="flex-start" gap={48} wrap="nowrap" justify="center">
      <PhonePreview
        headerColour={template.branding.headerColour}
        logoUrl={previewLogoUrl(template.branding.logo)}
        scale={0.72}
        label="Phone preview of the location order"
      >
        <Center h="100%">
          <Text c="dimmed">[locations initial preview]</Text>
        </Center>
      </PhonePreview>
      <Paper withBorder radius="lg" p="xl" w={520} component="section">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Order
          </Title>
          <Text data-testid="order-placeholder">content</Text>
          <BuilderFooter {...footerRoutes('order', template.gameType)} />
        </Stack>
      </Paper>
    </Group>
  );
}
