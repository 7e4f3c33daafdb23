/**
 * The actions of one My Activities row, exactly as rowActions() lists them for its status (SPEC
 * §4 "Row actions in My Activities"), each with its hover text and an accessible name that says
 * which activity it acts on. Demo, Play and Schedule need the internet: offline they stay visible
 * but say so instead of opening. On a plan with limits (FREE), Schedule carries a "PRO" mark, and
 * when a launch would be refused (today's one launch used, or another activity live) Play says so
 * before anything is opened or filled in: not the main colour but outlined with a clock, and a
 * hover text and accessible name that name the activity. Play still opens the dialog, which
 * names the limit with the way forward instead of launching.
 */
import { ActionIcon, Badge, Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import type { ActivityRow } from '../../domain/schemas';
import { launchBlockClearsByEnding, type LaunchBlock } from '../../domain/plans';
import { rowActions, type RowAction } from '../../domain/status';
import {
  CalendarIcon,
  ChartIcon,
  ClockIcon,
  CopyIcon,
  DemoIcon,
  EditIcon,
  InfoIcon,
  PlayIcon,
  PresentationIcon,
  TrophyIcon,
} from '../library/icons';
import { builderPath } from '../library/useTemplateCopy';
import { DIALOG_TEXTS } from '../publishing/texts';

const planTexts = DIALOG_TEXTS.planLimits;

/** What the organiser's plan limits, as the page knows it (none when the plan is not known). */
export interface RowPlanLimits {
  /** Scheduling a later day needs PRO: Schedule carries the mark. */
  scheduleIsPro: boolean;
  /** What keeps a launch from starting now (`launchBlock`): Play and Schedule name it. */
  launchBlock: LaunchBlock<ActivityRow> | null;
}

export const NO_PLAN_LIMITS: RowPlanLimits = { scheduleIsPro: false, launchBlock: null };

/**
 * How Play shows a launch block, or null when it may go ahead: today's launch used ("Used
 * today"), else the live activity to end first ("1 live"). Shared with the page's note.
 */
export function playLimit(block: LaunchBlock<ActivityRow> | null) {
  if (!block) return null;
  if (!launchBlockClearsByEnding(block) && block.usedToday) {
    const name = block.usedToday.name;
    return {
      label: planTexts.playUsedLabel(name),
      hover: planTexts.dailyHover(name),
    };
  }
  const name = block.activity.name;
  return {
    label: planTexts.playLiveLabel(name),
    hover: planTexts.liveHover(name),
  };
}

const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false };
const NO_SHRINK = { flexShrink: 0 } as const;

export type DialogAction = 'demo' | 'play' | 'schedule' | 'info';

/** Shown instead of opening an online-only dialog while the device is offline. */
export const OFFLINE_ACTION_TEXT =
  'You are offline. Demos, launches and schedules need the internet: try again once you are back online.';
export const INFO_NOT_SYNCED_TEXT =
  'The join details arrive with the next sync of this list. Try again in a moment.';

const LIVE_SCREEN_ICONS = {
  scoreboard: TrophyIcon,
  presentation: PresentationIcon,
  statistics: ChartIcon,
} as const;

export interface ActivityRowActionsProps {
  row: ActivityRow;
  canScheduleActivity: boolean;
  offline: boolean;
  /** This row's template is being copied. */
  copying: boolean;
  /** Another copy is in progress. */
  copyDisabled: boolean;
  onOpen: (action: DialogAction, row: ActivityRow) => void;
  onCopy: (row: ActivityRow) => void;
  planLimits?: RowPlanLimits;
}

export function ActivityRowActions(props: ActivityRowActionsProps) {
  const { row, canScheduleActivity } = props;
  const actions = rowActions(row.status, {
    name: row.name,
    canScheduleActivity,
    scoreboardUrl: row.scoreboardUrl,
    presentationUrl: row.presentationUrl,
    statisticsUrl: row.statisticsUrl,
  });
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" data-testid="row-actions">
      {actions.map((action) => (
        <RowActionControl key={action.kind} action={action} {...props} />
      ))}
    </Group>
  );
}

function Hover({
  label,
  children,
  wide,
}: {
  label: ReactNode;
  children: ReactElement;
  wide?: boolean;
}) {
  return (
    <Tooltip
      label={label}
      openDelay={250}
      withArrow
      multiline={wide}
      w={wide ? 300 : undefined}
      // Keyboard users get the hover texts too.
      events={TOOLTIP_EVENTS}
    >
      {children}
    </Tooltip>
  );
}

/** Looks disabled and says why on hover and focus; a real `disabled` would hide the tooltip. */
const unavailable = (on: boolean) =>
  on ? { 'aria-disabled': true as const, 'data-disabled': true as const } : {};

function RowActionControl({
  action,
  row,
  offline,
  copying,
  copyDisabled,
  onOpen,
  onCopy,
  planLimits = NO_PLAN_LIMITS,
}: ActivityRowActionsProps & { action: RowAction }) {
  const openOnline = (kind: DialogAction) => () => {
    if (!offline) onOpen(kind, row);
  };

  switch (action.kind) {
    case 'edit':
      return (
        <Hover label="Edit">
          <ActionIcon
            component={Link}
            to={builderPath(row.id)}
            variant="subtle"
            size="lg"
            aria-label={`Edit ${row.name}`}
          >
            <EditIcon />
          </ActionIcon>
        </Hover>
      );
    case 'demo':
      return (
        <Hover label={offline ? OFFLINE_ACTION_TEXT : action.label} wide={offline}>
          <ActionIcon
            variant={action.inactive ? 'subtle' : 'light'}
            color={action.inactive ? 'gray' : 'brand'}
            size="lg"
            aria-label={action.label}
            data-inactive={action.inactive || undefined}
            onClick={openOnline('demo')}
            {...unavailable(offline)}
          >
            <DemoIcon />
          </ActionIcon>
        </Hover>
      );
    case 'play': {
      const limit = playLimit(planLimits.launchBlock);
      const hover = offline ? OFFLINE_ACTION_TEXT : (limit?.hover ?? action.hoverText);
      return (
        <Hover label={hover} wide>
          <Button
            size="compact-sm"
            // Never cut short: a busy row lets the name wrap instead.
            style={NO_SHRINK}
            // Not the main colour when the plan would refuse it: it opens the explanation.
            variant={limit ? 'default' : 'filled'}
            leftSection={<PlayIcon size={14} />}
            // A clock, not a word: the row has no room for one, and the note above says it.
            rightSection={
              limit ? (
                <Box component="span" c="orange.7" display="flex" aria-hidden>
                  <ClockIcon size={14} />
                </Box>
              ) : undefined
            }
            aria-label={limit ? `Play ${row.name} (${limit.label})` : `Play ${row.name}`}
            data-plan-limit={limit ? planLimits.launchBlock?.violation : undefined}
            onClick={openOnline('play')}
            {...unavailable(offline)}
          >
            Play
          </Button>
        </Hover>
      );
    }
    case 'schedule': {
      const pro = planLimits.scheduleIsPro;
      const limit = playLimit(planLimits.launchBlock);
      // FREE: later days are PRO, and today is open only while a launch is left today.
      const hover = offline ? (
        OFFLINE_ACTION_TEXT
      ) : pro ? (
        <Stack gap={4}>
          <Text size="sm" inherit>
            {limit ? planTexts.scheduleLaterDaysPro : planTexts.scheduleProHover}
          </Text>
          <Text size="sm" inherit>
            {limit ? limit.hover : action.hoverText}
          </Text>
        </Stack>
      ) : (
        (limit?.hover ?? action.hoverText)
      );
      return (
        <Hover label={hover} wide>
          <Button
            size="compact-sm"
            variant="default"
            style={NO_SHRINK}
            leftSection={<CalendarIcon size={14} />}
            rightSection={
              pro ? (
                <Badge size="xs" variant="filled" color="violet" aria-hidden>
                  {planTexts.proBadge}
                </Badge>
              ) : undefined
            }
            aria-label={
              pro ? `Schedule ${row.name} (${planTexts.scheduleProLabel})` : `Schedule ${row.name}`
            }
            onClick={openOnline('schedule')}
            {...unavailable(offline)}
          >
            Schedule
          </Button>
        </Hover>
      );
    }
    case 'scoreboard':
    case 'presentation':
    case 'statistics': {
      const Icon = LIVE_SCREEN_ICONS[action.kind];
      return (
        <Hover label={`Open the ${action.label.toLowerCase()} in a new tab`}>
          <ActionIcon
            component="a"
            href={action.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size="lg"
            aria-label={`${action.label} of ${row.name}`}
          >
            <Icon />
          </ActionIcon>
        </Hover>
      );
    }
    case 'info': {
      const missing = !row.gameStatusUrl;
      return (
        <Hover label={missing ? INFO_NOT_SYNCED_TEXT : 'Join info'} wide={missing}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Join info for ${row.name}`}
            onClick={() => {
              if (!missing) onOpen('info', row);
            }}
            {...unavailable(missing)}
          >
            <InfoIcon />
          </ActionIcon>
        </Hover>
      );
    }
    case 'copy':
      return (
        <Hover label={action.hoverText}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={action.hoverText}
            loading={copying}
            disabled={copyDisabled && !copying}
            onClick={() => onCopy(row)}
          >
            <CopyIcon />
          </ActionIcon>
        </Hover>
      );
  }
}
