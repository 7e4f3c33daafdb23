/**
 * Tells the organiser in the builder what a merge with another device's changes replaced
 *, from the conflict log: one line per replaced value with "Restore mine"
 * (written back through the repository, an ordinary edit that syncs), several collapsed into a
 * count with the details, and "Dismiss" (recorded per template in the owner's database). An
 * activity kept after a deletion on another device has its own notice. It floats over the
 * bottom of the builder, so it never moves what the organiser is working on; the builder's
 * scrolling area gets as much room at its end (NOTICE_SPACE_VAR), so nothing stays under it.
 */
import { Alert, Box, Button, Collapse, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { useMergeLog, useWriteNoticesSeen } from '../../localdb/hooks/useMergeNotices';
import { useBuilder } from './BuilderContext';
import { NAV_RAIL_WIDTH } from './BuilderChrome';
import {
  markSeen,
  MERGE_NOTICE_TEXTS as TEXTS,
  templateNotices,
  type MergeNoticeItem,
  type RestoredNotice,
} from './mergeNotices';

/** CSS variable, set on the builder's root while a notice shows: the notice's height. */
export const NOTICE_SPACE_VAR = '--builder-notice-space';
const NOTICE_MARGIN = 24;

const floating = {
  position: 'fixed',
  left: NAV_RAIL_WIDTH + 24,
  bottom: NOTICE_MARGIN,
  width: 'min(480px, calc(100vw - 140px))',
  zIndex: 150,
} as const;

export function MergeNotice() {
  const { template, templateId, update } = useBuilder();
  const { data, isLoading } = useMergeLog(templateId);
  const writeSeen = useWriteNoticesSeen(templateId);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const { ref: measure, height } = useElementSize<HTMLDivElement>();
  const ref = useMergedRef(measure, setBox);
  useEffect(() => {
    const root = box?.parentElement;
    if (!root) return;
    root.style.setProperty(NOTICE_SPACE_VAR, `${Math.ceil(height) + NOTICE_MARGIN}px`);
    return () => {
      root.style.removeProperty(NOTICE_SPACE_VAR);
    };
  }, [box, height]);
  const { items, restored } = useMemo(
    () => templateNotices(data.entries, templateId, data.seen, template),
    [data, templateId, template],
  );
  if (isLoading || (items.length === 0 && restored === null)) return null;

  const act = async (item: MergeNoticeItem) => {
    if (item.action) await update(item.action.recipe);
    await writeSeen((seen) => markSeen(seen, [item.key], false));
  };
  const dismiss = (keys: string[]) => writeSeen((seen) => markSeen(seen, keys, true));

  return (
    <Box ref={ref} style={floating} data-testid="merge-notice">
      <Stack gap="sm">
        {restored && <RestoredActivityNotice restored={restored} onKeep={dismiss} />}
        {items.length > 0 && (
          <ReplacedNotice
            items={items}
            onAct={act}
            onDismiss={() => dismiss(items.map((i) => i.key))}
          />
        )}
      </Stack>
    </Box>
  );
}

function ReplacedNotice({
  items,
  onAct,
  onDismiss,
}: {
  items: MergeNoticeItem[];
  onAct: (item: MergeNoticeItem) => Promise<void>;
  onDismiss: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const single = items.length === 1 ? items[0]! : null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      role="region"
      aria-label={TEXTS.region}
      styles={{
        root: {
          boxShadow: 'var(--mantine-shadow-md)',
          border: '1px solid var(--mantine-color-yellow-3)',
        },
      }}
    >
      {single ? (
        <Stack gap={6}>
          <Text size="sm" fw={500} role="status">
            {single.message}
          </Text>
          {single.yours && (
            <Text size="sm" c="dimmed">
              {TEXTS.yours} {single.yours}
            </Text>
          )}
          <Group gap="xs" justify="flex-end" mt={4}>
            <Button size="xs" variant="subtle" color="gray" onClick={() => void onDismiss()}>
              {TEXTS.dismiss}
            </Button>
            {single.action && (
              <Button size="xs" variant="filled" onClick={() => void onAct(single)}>
                {single.action.label}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={500} role="status">
            {TEXTS.several(items.length)}
          </Text>
          <Collapse expanded={open}>
            <List
              size="sm"
              spacing={6}
              mt={4}
              mb={4}
              listStyleType="none"
              mah={260}
              style={{ overflowY: 'auto' }}
              data-testid="merge-notice-details"
            >
              {items.map((item) => (
                <List.Item key={item.key}>
                  <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm">{item.message}</Text>
                      {item.yours && (
                        <Text size="xs" c="dimmed">
                          {TEXTS.yours} {item.yours}
                        </Text>
                      )}
                    </Box>
                    {item.action && (
                      <Button
                        size="compact-xs"
                        variant="default"
                        style={{ flexShrink: 0 }}
                        onClick={() => void onAct(item)}
                      >
                        {item.action.label}
                      </Button>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          </Collapse>
          <Group gap="xs" justify="flex-end" mt={4}>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? TEXTS.hideDetails : TEXTS.details}
            </Button>
            <Button size="xs" variant="default" onClick={() => void onDismiss()}>
              {TEXTS.dismiss}
            </Button>
          </Group>
        </Stack>
      )}
    </Alert>
  );
}

function RestoredActivityNotice({
  restored,
  onKeep,
}: {
  restored: RestoredNotice;
  onKeep: (keys: string[]) => Promise<void>;
}) {
  const { repository } = useDataContext();
  const { templateId } = useBuilder();
  const navigate = useNavigate();
  const remove = async () => {
    await onKeep([restored.key]);
    await repository.remove(templateId);
    void navigate('/', { replace: true });
  };
  return (
    <Alert
      color="blue"
      variant="light"
      radius="md"
      role="region"
      aria-label={TEXTS.restoredTitle}
      title={TEXTS.restoredTitle}
      styles={{
        root: {
          boxShadow: 'var(--mantine-shadow-md)',
          border: '1px solid var(--mantine-color-blue-2)',
        },
      }}
      data-testid="restored-notice"
    >
      <Text size="sm">{TEXTS.restoredBody}</Text>
      <Group gap="xs" justify="flex-end" mt="sm">
        <Button size="xs" variant="subtle" color="red" onClick={() => void remove()}>
          {TEXTS.delete}
        </Button>
        <Button size="xs" variant="filled" onClick={() => void onKeep([restored.key])}>
          {TEXTS.keep}
        </Button>
      </Group>
    </Alert>
  );
}
