/** The help side panel (SPEC §2.8): one topic at a time, beside the screen, closable. */
import { Box, CloseButton, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { useBuilder } from './BuilderContext';
import { HELP_TOPICS } from './helpTopics';

export const HELP_PANEL_WIDTH = 360;

export function HelpPanel() {
  const { help } = useBuilder();
  if (help.openId === null) return null;
  const topic = HELP_TOPICS[help.openId];
  return (
    <Box
      component="aside"
      aria-labelledby="builder-help-title"
      data-testid="help-panel"
      data-topic={topic.id}
      w={HELP_PANEL_WIDTH}
      bg="white"
      style={{
        flexShrink: 0,
        borderLeft: '1px solid var(--mantine-color-gray-3)',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Group justify="space-between" px="lg" py="md" wrap="nowrap">
        <Title order={3} fz="lg" id="builder-help-title">
          {topic.title}
        </Title>
        <CloseButton aria-label="Close help" onClick={help.clear} />
      </Group>
      <ScrollArea style={{ flex: 1 }} px="lg" pb="lg">
        <Stack gap="md">{topic.body}</Stack>
      </ScrollArea>
    </Box>
  );
}
