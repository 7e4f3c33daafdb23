/** Whose a document is ("Guest" and the first block of its id), marked when it is the identity this device syncs now. */
import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { describeOwner, shortId } from '../../ui/format';

export function OwnerName({ owner, current }: { owner: string | null; current?: string | null }) {
  if (!owner) {
    return (
      <Text size="sm" c="dimmed">
        Not known yet
      </Text>
    );
  }
  const { kind, id } = describeOwner(owner);
  const isCurrent = current !== undefined && owner === current;
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{kind}</Text>
        {isCurrent && (
          <Tooltip label="The identity this device syncs now" withArrow openDelay={200}>
            <Text size="xs" c="teal.7" fw={500}>
              current
            </Text>
          </Tooltip>
        )}
      </Group>
      <Tooltip label={owner} withArrow openDelay={200}>
        <Text size="xs" c="dimmed" ff="monospace" w="fit-content">
          {shortId(id)}
        </Text>
      </Tooltip>
    </Stack>
  );
}
