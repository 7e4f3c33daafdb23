/**
 * A value from the conflict log as JSON: one truncated line, expandable to the whole value
 * pretty-printed (a task's text or answers can be long).
 */
import { useState } from 'react';
import { Anchor, Code, Stack, Text } from '@mantine/core';

/** Fits one line of a table cell at 1440 px wide. */
const PREVIEW_CHARS = 60;

function toJson(value: unknown, indent?: number): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}

export function JsonValue({ value }: { value: unknown }) {
  const [expanded, setExpanded] = useState(false);
  if (value === null || value === undefined) {
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {value === null ? 'none (removed)' : 'not set'}
      </Text>
    );
  }
  const compact = toJson(value);
  const long = compact.length > PREVIEW_CHARS;
  return (
    <Stack gap={2} align="flex-start" miw={0}>
      {expanded ? (
        <Code block mah={240} style={{ overflow: 'auto', width: '100%', whiteSpace: 'pre-wrap' }}>
          {toJson(value, 2)}
        </Code>
      ) : (
        <Code style={{ overflowWrap: 'anywhere' }}>
          {long ? `${compact.slice(0, PREVIEW_CHARS)}…` : compact}
        </Code>
      )}
      {long && (
        <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : `Show all (${compact.length} characters)`}
        </Anchor>
      )}
    </Stack>
  );
}
