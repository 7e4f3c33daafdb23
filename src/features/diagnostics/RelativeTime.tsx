/** A time as people say it ("3 minutes ago", "in 20 seconds"), the exact time in a tooltip. */
import { Text, Tooltip, type TextProps } from '@mantine/core';
import { formatAbsolute, formatRelative } from '../../ui/format';
import { useNow } from './useNow';

export interface RelativeTimeProps extends TextProps {
  value: string | null | undefined;
  /** Shown when there is no time (never happened, nothing scheduled). */
  fallback?: string;
  /** A scheduled time (a retry) rather than something that happened. */
  future?: boolean;
}

export function RelativeTime({
  value,
  fallback = 'Never',
  future = false,
  ...textProps
}: RelativeTimeProps) {
  const now = useNow();
  const at = value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) {
    return (
      <Text span size="sm" c="dimmed" {...textProps}>
        {fallback}
      </Text>
    );
  }
  return (
    <Tooltip label={formatAbsolute(at)} withArrow openDelay={200}>
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }} {...textProps}>
        <time dateTime={at.toISOString()}>
          {formatRelative(at, now, future ? 'future' : 'past')}
        </time>
      </Text>
    </Tooltip>
  );
}
