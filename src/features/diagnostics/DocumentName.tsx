/** A template as support refers to it: its name (or "Untitled") and the first block of its id. */
import { Stack, Text, Tooltip } from '@mantine/core';
import { shortId } from '../../ui/format';

export function DocumentName({ name, id }: { name: string | null | undefined; id: string }) {
  const title = name?.trim();
  return (
    <Stack gap={0} miw={0}>
      <Text
        size="sm"
        fw={500}
        lineClamp={2}
        title={title}
        style={{ overflowWrap: 'anywhere' }}
        fs={title ? undefined : 'italic'}
        c={title ? undefined : 'dimmed'}
      >
        {title || 'Untitled'}
      </Text>
      <Tooltip label={id} withArrow openDelay={200}>
        <Text size="xs" c="dimmed" ff="monospace" w="fit-content">
          {shortId(id)}
        </Text>
      </Tooltip>
    </Stack>
  );
}
