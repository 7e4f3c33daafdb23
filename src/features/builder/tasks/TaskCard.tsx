/**
 * One task of the Edit Tasks screen (SPEC §2.8): a header that expands or collapses the card and
 * makes it the active task, the overview of a collapsed card (type label and Response line), the
 * red border, error icon and "Issues" list of an invalid task, the lock of a locked one, where an
 * AI-written task came from with "Another task like this", and the list actions users expect
 * (move up/down, duplicate, delete; Alt+Arrow moves too). Memoised: typing in one card must not
 * re-render the other cards.
 */
import {
  ActionIcon,
  Box,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { memo, type DragEvent, type KeyboardEvent } from 'react';
import type { Step, TaskOrigin } from '../../../domain/schemas';
import { stepTypeLabel } from '../../../domain/stepTypes';
import { challengeResponseLine, PREVIEW_TEXTS } from '../../../domain/taskPreview';
import type { DraftScope } from '../draftJournal';
import { TaskFields } from './TaskFields';
import { TaskOriginRow } from './TaskOriginRow';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronIcon,
  CopyIcon,
  ErrorIcon,
  GripIcon,
  LockIcon,
  TrashIcon,
} from './taskIcons';

export const TASK_CARD_TEXTS = {
  errorIcon: 'Task has one or more errors',
  issues: 'Issues',
  untitled: 'Untitled task',
  responsePrefix: 'Response:',
  moveUp: 'Move up',
  moveDown: 'Move down',
  duplicate: 'Duplicate',
  delete: 'Delete',
  dragHandle: 'Drag to reorder',
  lockedDelete: 'A locked task cannot be deleted',
} as const;

/** The collapsed card's Response line: SPEC §4 for challenges; the correct answer for questions. */
export function responseLine(step: Step): string {
  const challenge = challengeResponseLine(step.type);
  if (challenge !== null) return challenge;
  const correct = step.answers.find((a) => a.correct && a.value.trim() !== '');
  return correct ? correct.value : 'No correct answer yet';
}

export interface TaskCardActions {
  toggle(stepId: string): void;
  activate(stepId: string): void;
  /** Writes a task card's draft; the promise says when it has landed (TaskFields coalesces on it). */
  commit(stepId: string, draft: Step): Promise<unknown>;
  move(stepId: string, toIndex: number, focusKey: string): void;
  duplicate(stepId: string): void;
  remove(stepId: string): void;
  /** Puts another task like this one in its place; answers the server's message when it could not. */
  another(stepId: string): Promise<string | null>;
  dragStart(stepId: string): void;
  dragOver(stepId: string): void;
  drop(stepId: string): void;
  dragEnd(): void;
}

export interface TaskCardProps {
  step: Step;
  index: number;
  count: number;
  errors: readonly string[];
  expanded: boolean;
  active: boolean;
  dropTarget: boolean;
  /** Where the AI assistant took the task from; null for a task written by hand (or not known). */
  origin: TaskOrigin | null;
  actions: TaskCardActions;
  /** Whose template this is, for the tab's draft journal (stable while the screen is open). */
  draftScope: DraftScope | null;
}

function TaskCardView({
  step,
  index,
  count,
  errors,
  expanded,
  active,
  dropTarget,
  origin,
  actions,
  draftScope,
}: TaskCardProps) {
  const invalid = errors.length > 0;
  const number = index + 1;
  const title = step.name.trim() === '' ? TASK_CARD_TEXTS.untitled : step.name;
  const bodyId = `task-${step.id}-body`;
  const onHeaderKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      actions.move(step.id, index - 1, `${step.id}:header`);
    } else if (event.key === 'ArrowDown' && index < count - 1) {
      event.preventDefault();
      actions.move(step.id, index + 1, `${step.id}:header`);
    }
  };
  const borderColour = invalid
    ? 'var(--mantine-color-red-6)'
    : active
      ? 'var(--mantine-color-brand-5)'
      : 'var(--mantine-color-gray-3)';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={0}
      data-testid="task-card"
      data-invalid={invalid || undefined}
      data-active={active || undefined}
      aria-label={`Task ${number}: ${title}`}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        actions.dragOver(step.id);
      }}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        actions.drop(step.id);
      }}
      onFocusCapture={() => actions.activate(step.id)}
      style={{
        listStyle: 'none',
        borderColor: borderColour,
        borderWidth: invalid || active ? 2 : 1,
        boxShadow: dropTarget ? '0 -3px 0 0 var(--mantine-color-brand-5)' : undefined,
        background: 'var(--mantine-color-white)',
        // Cards out of view are not painted on every frame (each keystroke is a frame
        // and a write, and painting all 30 cards held up the write's callbacks); they are
        // still in the accessibility tree and found by find-in-page. A collapsed card is 73 px;
        // the margin keeps focus rings at the card's edge from being clipped by the containment.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 73px',
        overflowClipMargin: 4,
      }}
    >
      <Group gap={4} wrap="nowrap" align="stretch" pr="xs">
        <Box
          draggable
          aria-hidden="true"
          title={TASK_CARD_TEXTS.dragHandle}
          onDragStart={(event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', step.id);
            actions.dragStart(step.id);
          }}
          onDragEnd={() => actions.dragEnd()}
          style={{
            display: 'flex',
            alignItems: 'center',
            padding: '0 4px 0 10px',
            cursor: 'grab',
            color: 'var(--mantine-color-gray-6)',
          }}
        >
          <GripIcon />
        </Box>
        <UnstyledButton
          onClick={() => actions.toggle(step.id)}
          onKeyDown={onHeaderKey}
          aria-expanded={expanded}
          aria-controls={expanded ? bodyId : undefined}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          data-focus-key={`${step.id}:header`}
          style={{ flex: 1, minWidth: 0, padding: '12px 4px' }}
        >
          <Group gap="sm" wrap="nowrap">
            <Text fw={700} c="dimmed" w={24} ta="right" style={{ flexShrink: 0 }}>
              {number}
            </Text>
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} truncate="end" c={step.name.trim() === '' ? 'dimmed' : undefined}>
                {title}
              </Text>
              {!expanded && (
                <Text size="sm" c="dimmed" truncate="end" data-testid="task-card-overview">
                  {stepTypeLabel(step.type)} · {TASK_CARD_TEXTS.responsePrefix} {responseLine(step)}
                </Text>
              )}
            </Stack>
            <Box
              component="span"
              style={{
                display: 'flex',
                transform: expanded ? 'rotate(180deg)' : undefined,
                transition: 'transform 120ms',
                color: 'var(--mantine-color-gray-6)',
              }}
            >
              <ChevronIcon />
            </Box>
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap" align="center">
          {invalid && (
            <Box
              component="span"
              role="img"
              aria-label={TASK_CARD_TEXTS.errorIcon}
              title={TASK_CARD_TEXTS.errorIcon}
              style={{ display: 'flex', color: 'var(--mantine-color-red-7)', padding: 4 }}
            >
              <ErrorIcon />
            </Box>
          )}
          {step.locked && (
            <Tooltip label={PREVIEW_TEXTS.lockedTask} multiline w={260} withArrow>
              <Box
                component="span"
                role="img"
                tabIndex={0}
                aria-label={PREVIEW_TEXTS.lockedTask}
                style={{ display: 'flex', color: 'var(--mantine-color-gray-7)', padding: 4 }}
              >
                <LockIcon />
              </Box>
            </Tooltip>
          )}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${TASK_CARD_TEXTS.moveUp}: task ${number}`}
            title={TASK_CARD_TEXTS.moveUp}
            disabled={index === 0}
            data-focus-key={`${step.id}:up`}
            onClick={() => actions.move(step.id, index - 1, `${step.id}:up`)}
          >
            <ArrowUpIcon />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${TASK_CARD_TEXTS.moveDown}: task ${number}`}
            title={TASK_CARD_TEXTS.moveDown}
            disabled={index === count - 1}
            data-focus-key={`${step.id}:down`}
            onClick={() => actions.move(step.id, index + 1, `${step.id}:down`)}
          >
            <ArrowDownIcon />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${TASK_CARD_TEXTS.duplicate}: task ${number}`}
            title={TASK_CARD_TEXTS.duplicate}
            onClick={() => actions.duplicate(step.id)}
          >
            <CopyIcon />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${TASK_CARD_TEXTS.delete}: task ${number}`}
            title={step.locked ? TASK_CARD_TEXTS.lockedDelete : TASK_CARD_TEXTS.delete}
            disabled={step.locked}
            onClick={() => actions.remove(step.id)}
          >
            <TrashIcon />
          </ActionIcon>
        </Group>
      </Group>
      {invalid && (
        <Box px="md" pb={expanded ? 0 : 'sm'} pl={56}>
          <Text size="sm" fw={600} c="red.8">
            {TASK_CARD_TEXTS.issues}
          </Text>
          <List size="sm" c="red.8" spacing={0}>
            {errors.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Box>
      )}
      {expanded && (
        <Box id={bodyId} px="md" pb="md" pt="sm" pl={56}>
          {origin && (
            <TaskOriginRow
              stepId={step.id}
              origin={origin}
              locked={step.locked}
              onAnother={() => actions.another(step.id)}
            />
          )}
          <TaskFields
            step={step}
            commit={(draft) => actions.commit(step.id, draft)}
            scope={draftScope}
          />
        </Box>
      )}
    </Paper>
  );
}

const sameStep = (a: Step, b: Step) => a === b || JSON.stringify(a) === JSON.stringify(b);

export const TaskCard = memo(
  TaskCardView,
  (prev, next) =>
    prev.index === next.index &&
    prev.count === next.count &&
    prev.expanded === next.expanded &&
    prev.active === next.active &&
    prev.dropTarget === next.dropTarget &&
    prev.origin === next.origin &&
    prev.actions === next.actions &&
    prev.draftScope === next.draftScope &&
    prev.errors.join('\n') === next.errors.join('\n') &&
    sameStep(prev.step, next.step),
);
