/**
 * SPEC §2.6: the table of My Activities — TYPE, ACTIVITY NAME, TASKS, RUN TIME, PLAYS, STATUS,
 * then each row's actions — with the most recently launched row highlighted.
 */
import {
  Badge,
  Group,
  Paper,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { GAME_TYPE_LABELS } from '../../domain/enums';
import type { ActivityRow } from '../../domain/schemas';
import { IndoorIcon, OutdoorIcon } from '../library/icons';
import { ActivityRowActions, type DialogAction } from './ActivityRowActions';
import { StatusDot } from './StatusDot';

export const ACTIVITY_COLUMNS = [
  'TYPE',
  'ACTIVITY NAME',
  'TASKS',
  'RUN TIME',
  'PLAYS',
  'STATUS',
] as const;
export const HIGHLIGHT_BADGE = 'Latest';

const TABLE_MIN_WIDTH = 1040;

export interface ActivitiesTableProps {
  rows: readonly ActivityRow[];
  highlightedId: string | null;
  canScheduleActivity: boolean;
  offline: boolean;
  copyingId: string | null;
  onOpen: (action: DialogAction, row: ActivityRow) => void;
  onCopy: (row: ActivityRow) => void;
}

export function ActivitiesTable({
  rows,
  highlightedId,
  canScheduleActivity,
  offline,
  copyingId,
  onOpen,
  onCopy,
}: ActivitiesTableProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label="My Activities"
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {ACTIVITY_COLUMNS.map((column) => (
                <Table.Th
                  key={column}
                  fz="xs"
                  c="dimmed"
                  fw={700}
                  style={{ letterSpacing: '0.04em', whiteSpace: 'nowrap' }}
                  ta={column === 'TASKS' || column === 'PLAYS' ? 'right' : undefined}
                >
                  {column}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const highlighted = row.id === highlightedId;
              return (
                <Table.Tr
                  key={row.id}
                  data-testid="activity-row"
                  data-highlighted={highlighted || undefined}
                  bg={highlighted ? 'brand.0' : undefined}
                  style={
                    highlighted
                      ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-brand-5)' }
                      : undefined
                  }
                >
                  <Table.Td w={72}>
                    <GameTypeIcon gameType={row.gameType} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm" lineClamp={2}>
                        {row.name}
                      </Text>
                      {highlighted && (
                        <Badge size="xs" variant="filled" radius="sm" data-testid="highlight-badge">
                          {HIGHLIGHT_BADGE}
                          <VisuallyHidden> (the most recently launched activity)</VisuallyHidden>
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.stepsCount}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.runTime}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.plays}
                  </Table.Td>
                  <Table.Td>
                    <StatusDot status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <ActivityRowActions
                      row={row}
                      canScheduleActivity={canScheduleActivity}
                      offline={offline}
                      copying={copyingId === row.id}
                      copyDisabled={copyingId !== null}
                      onOpen={onOpen}
                      onCopy={onCopy}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function GameTypeIcon({ gameType }: { gameType: ActivityRow['gameType'] }) {
  const label = GAME_TYPE_LABELS[gameType];
  const Icon = gameType === 'location' ? OutdoorIcon : IndoorIcon;
  return (
    <Tooltip label={label} openDelay={250} withArrow>
      <ThemeIcon
        variant="light"
        color={gameType === 'location' ? 'teal' : 'brand'}
        size="lg"
        radius="md"
        data-testid="game-type"
        data-game-type={gameType}
      >
        <Icon />
        <VisuallyHidden>{label}</VisuallyHidden>
      </ThemeIcon>
    </Tooltip>
  );
}
