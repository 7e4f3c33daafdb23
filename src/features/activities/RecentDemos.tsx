/**
 * "Recent demos" under My Activities (docs/games.md "Recent demo runs"): the
 * organiser's demo runs of the last 24 hours, which keep their statistics for a day. A demo is
 * not an instance of its activity (docs/statuses.md), so it has no row above; this is where its
 * statistics and scoreboard stay reachable once the demo dialog is closed. Online only, and
 * hidden when there are none (or when the list cannot be read: the table above is what counts).
 */
import { useEffect, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useApiCredentials } from '../../auth/session';
import { formatDisplayTime } from '../../domain/constants';
import type { DemoRun } from '../../domain/demoRuns';
import { fetchRecentDemoRuns } from '../../api/gameControl';
import { usePolledRequest } from '../../api/usePolledRequest';
import { ChartIcon, TrophyIcon } from '../library/icons';

export const RECENT_DEMOS_TEXTS = {
  heading: 'Recent demos',
  description:
    'Your demo runs of the last 24 hours. Their statistics and scoreboard stay open for a day.',
  columns: ['ACTIVITY NAME', 'RAN', 'TEAMS', 'STATUS'] as const,
  statistics: 'Statistics',
  scoreboard: 'Scoreboard',
} as const;

/** The demo's phase now: the list was read a while ago and a demo ends after 10 minutes. */
const CLOCK_TICK_MS = 30_000;

/** "14:32 today", "16:10 yesterday": a demo run is at most a day old. */
export function formatRan(startsAt: string, now: number): string {
  const start = new Date(startsAt);
  const today = new Date(now).toDateString() === start.toDateString();
  return `${formatDisplayTime(start)} ${today ? 'today' : 'yesterday'}`;
}

function phaseNow(run: DemoRun, now: number): { label: string; color: string } {
  if (run.phase === 'ended' || Date.parse(run.endsAt) <= now)
    return { label: 'Ended', color: 'gray' };
  if (run.phase === 'paused') return { label: 'Paused', color: 'yellow' };
  return { label: 'Running', color: 'red' };
}

export interface RecentDemosProps {
  /** Signed in and online: guests have no demos, and the list is not kept offline. */
  enabled: boolean;
  /** Changes when a demo may have been made (the demo dialog closed): read the list again. */
  refreshKey: number;
}

export function RecentDemos({ enabled, refreshKey }: RecentDemosProps) {
  const credentials = useApiCredentials();
  const [runs, setRuns] = useState<DemoRun[]>([]);
  const [now, setNow] = useState(0);

  // Read once per `refreshKey` (the poll layer with no interval); a token refresh asks nothing.
  usePolledRequest({
    request: () => fetchRecentDemoRuns(credentials),
    enabled,
    intervalMs: null,
    restartKey: refreshKey,
    // Held here rather than the poll layer's data, which a new `refreshKey` clears: a failure, or
    // a read on its way, keeps what was shown, as the section is a convenience beside the table.
    onResult: (result) => {
      if (result.ok) {
        setRuns(result.data);
        setNow(Date.now());
      }
    },
  });

  useEffect(() => {
    if (runs.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [runs.length]);

  if (!enabled || runs.length === 0) return null;

  return (
    <Stack
      component="section"
      gap="xs"
      aria-labelledby="recent-demos-heading"
      data-testid="recent-demos"
    >
      <div>
        <Title order={2} size="h4" id="recent-demos-heading">
          {RECENT_DEMOS_TEXTS.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {RECENT_DEMOS_TEXTS.description}
        </Text>
      </div>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="xs" horizontalSpacing="md" aria-labelledby="recent-demos-heading">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {RECENT_DEMOS_TEXTS.columns.map((column) => (
                <Table.Th
                  key={column}
                  fz="xs"
                  c="dimmed"
                  fw={700}
                  style={{ letterSpacing: '0.04em', whiteSpace: 'nowrap' }}
                  ta={column === 'TEAMS' ? 'right' : undefined}
                >
                  {column}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Live screens</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => {
              const phase = phaseNow(run, now);
              const ran = formatRan(run.startsAt, now);
              return (
                <Table.Tr key={run.gameId} data-testid="demo-run">
                  <Table.Td>
                    <Text fw={600} size="sm" lineClamp={1}>
                      {run.name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{ran}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {run.teams}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={phase.color} radius="sm">
                      {phase.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="md" justify="flex-end" wrap="nowrap">
                      <ScreenLink
                        href={run.statisticsUrl}
                        text={RECENT_DEMOS_TEXTS.statistics}
                        label={`${RECENT_DEMOS_TEXTS.statistics} of the ${run.name} demo at ${ran}`}
                        icon={<ChartIcon size={16} />}
                      />
                      <ScreenLink
                        href={run.scoreboardUrl}
                        text={RECENT_DEMOS_TEXTS.scoreboard}
                        label={`${RECENT_DEMOS_TEXTS.scoreboard} of the ${run.name} demo at ${ran}`}
                        icon={<TrophyIcon size={16} />}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

function ScreenLink(props: { href: string; text: string; label: string; icon: ReactNode }) {
  return (
    <Anchor
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      aria-label={props.label}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
    >
      {props.icon}
      {props.text}
    </Anchor>
  );
}
