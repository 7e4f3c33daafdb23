/**
 * SPEC §2.6: the table of My Activities — TYPE, ACTIVITY NAME, TASKS, RUN TIME, PLAYS, STATUS,
 * then each row's actions — with the most recently launched row highlighted, and a recently
 * restored activity marked beside its name.
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
import { useState } from 'react';
import { GAME_TYPE_LABELS } from '../../domain/enums';
import type { ActivityRow } from '../../domain/schemas';
import { IndoorIcon, OutdoorIcon } from '../library/icons';
import type { GameControl } from '../../domain/games';
import { ActivityRowActions, type DialogAction, type RowPlanLimits } from './ActivityRowActions';
import { GameControlsMenu, hasGameControls } from './GameControlsMenu';
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
/** Beside "Live" while the organiser has paused the game (the status stays live: SPEC §4). */
export const PAUSED_BADGE = 'Paused';
/**
 * Beside the name of an activity that keeps edits made on a device after it was deleted on
 * another (docs/sync.md, "Deleted on another device, edited here"), so that
 * the organiser who deleted it knows why it came back. Shown for RESTORED_MARK_DAYS.
 */
export const RESTORED_BADGE = 'Restored';
export const RESTORED_HINT =
  'Kept from edits made on another device after this activity was deleted.';
export const RESTORED_MARK_DAYS = 7;

/** Whether the row gets the "Restored" badge: restored within the last RESTORED_MARK_DAYS. */
export function isRecentlyRestored(row: ActivityRow, now: number = Date.now()): boolean {
  if (!row.restoredFrom || !row.restoredAt) return false;
  const at = Date.parse(row.restoredAt);
  return Number.isFinite(at) && now - at < RESTORED_MARK_DAYS * 24 * 60 * 60 * 1000;
}

const TABLE_MIN_WIDTH = 1040;

export interface ActivitiesTableProps {
  rows: readonly ActivityRow[];
  highlightedId: string | null;
  canScheduleActivity: boolean;
  offline: boolean;
  copyingId: string | null;
  onOpen: (action: DialogAction, row: ActivityRow) => void;
  onCopy: (row: ActivityRow) => void;
  /** A game control changed the row's current instance. */
  onGameChanged: (row: ActivityRow, control: GameControl) => void;
  /** The organiser's plan limits, shown on Play and Schedule. */
  planLimits?: RowPlanLimits;
}

export function ActivitiesTable({
  rows,
  highlightedId,
  canScheduleActivity,
  offline,
  copyingId,
  onOpen,
  onCopy,
  onGameChanged,
  planLimits,
}: ActivitiesTableProps) {
  // Read once: the "Restored" mark lasts days, so a page left open need not move it on.
  const [now] = useState(() => Date.now());
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
              const controllable = hasGameControls(row);
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
                      {isRecentlyRestored(row, now) && <RestoredBadge />}
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
                    <Group gap={6} wrap="nowrap">
                      <StatusDot status={row.status} />
                      {controllable && row.gamePhase === 'paused' && (
                        <Badge
                          size="xs"
                          variant="light"
                          color="yellow"
                          radius="sm"
                          data-testid="game-paused"
                        >
                          {PAUSED_BADGE}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {/* The game controls sit beside SPEC §4's row actions, not among them. */}
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <ActivityRowActions
                        row={row}
                        canScheduleActivity={canScheduleActivity}
                        offline={offline}
                        copying={copyingId === row.id}
                        copyDisabled={copyingId !== null}
                        onOpen={onOpen}
                        onCopy={onCopy}
                        planLimits={planLimits}
                      />
                      {controllable && (
                        <GameControlsMenu row={row} offline={offline} onChanged={onGameChanged} />
                      )}
                    </Group>
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

function RestoredBadge() {
  return (
    <Tooltip
      label={RESTORED_HINT}
      multiline
      w={260}
      withArrow
      openDelay={250}
      // Keyboard users reach the explanation too.
      events={{ hover: true, focus: true, touch: false }}
    >
      <Badge
        component="span"
        size="xs"
        variant="light"
        color="gray"
        radius="sm"
        role="img"
        tabIndex={0}
        aria-label={`${RESTORED_BADGE}: ${RESTORED_HINT}`}
        data-testid="restored-badge"
        style={{ flexShrink: 0, cursor: 'help' }}
      >
        {RESTORED_BADGE}
      </Badge>
    </Tooltip>
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
