/**
 * SPEC §2.8 Edit Tasks screen (/builder/{id}/tasks): the phone preview of the active task on the
 * left; on the right "Edit Tasks", the help link, the invalid banner and the task cards, with
 * the list edits users expect (add, delete with undo, duplicate, reorder by drag and drop or by
 * keyboard), and "Another task like this" for an AI-written task (replace with undo, docs/ai.md).
 * Every change is a durable local edit through the builder context.
 */
import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataContext } from '../../../localdb/hooks/DataProvider';
import { newId } from '../../../localdb/templateRepository';
import type { Step } from '../../../domain/schemas';
import { PhonePreview } from '../../../ui/PhonePreview';
import { useBuilder } from '../BuilderContext';
import { BuilderFooter } from '../BuilderFooter';
import { footerRoutes } from '../builderNavigation';
import { TutorialButton } from '../onboarding/TutorialButton';
import { TaskPreview } from '../preview/TaskPreview';
import { GenerateWithAiButton } from '../ai/GenerateWithAiButton';
import { TaskCard, type TaskCardActions } from './TaskCard';
import { HelpIcon, PlusIcon } from './taskIcons';
import {
  addTask,
  canAddTask,
  duplicateTask,
  moveTask,
  newTask,
  removeTask,
  replaceTask,
  restoreTask,
  taskContentKey,
  updateTask,
  withTaskDraft,
  type RemovedTask,
} from './taskListOps';
import { UNDO_TEXTS, UndoNotice } from './UndoNotice';
import { useTaskOrigins } from './useTaskOrigins';

export const TASKS_SCREEN_TEXTS = {
  heading: 'Edit Tasks',
  help: 'Help',
  helpLabel: 'Help: editing tasks',
  invalidBanner:
    'One or more tasks are missing required details. These are highlighted with a red border.',
  addTask: 'Add a task',
  noTasks: 'This activity has no tasks yet.',
  listLabel: 'Tasks',
  movedTo: (position: number, count: number) => `Task moved to position ${position} of ${count}`,
  replaced: (position: number) => `Task ${position} replaced by another task like it`,
} as const;

export const TASK_PREVIEW_SCALE = 0.72;

const NO_ERRORS: readonly string[] = [];

/** The last edit Undo can take back: one notice at a time, for the latest. */
type Undoable =
  { kind: 'deleted'; removed: RemovedTask } | { kind: 'replaced'; old: Step; newId: string };

/** `set` with `id` in it or out of it; the same set when nothing changes. */
function withMember(set: ReadonlySet<string>, id: string, member: boolean): ReadonlySet<string> {
  if (set.has(id) === member) return set;
  const next = new Set(set);
  if (member) next.add(id);
  else next.delete(id);
  return next;
}

export function TasksScreen() {
  const { template, templateId, update, help } = useBuilder();
  const { owner, db } = useDataContext();
  // Stable while the screen is open: the cards are memoised on their props.
  const draftScope = useMemo(
    () => ({ owner, templateId, database: db.name }),
    [owner, templateId, db],
  );
  const steps = template.steps;
  const [activeId, setActiveId] = useState<string | null>(() => steps[0]?.id ?? null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropId, setDropId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusKey = useRef<string | null>(null);
  // Tasks whose type the organiser has just changed: their answers start again blank (SPEC §4),
  // so what the new type still needs is shown once the organiser next edits the task, not as a
  // wall of errors in answer to the switch itself.
  const [settling, setSettling] = useState<ReadonlySet<string>>(() => new Set());

  const errorsById = useMemo(
    () =>
      new Map(
        template.stepValidationErrors
          .filter((e) => !settling.has(e.id))
          .map((e) => [e.id, e.errors]),
      ),
    [template.stepValidationErrors, settling],
  );
  const active = steps.find((s) => s.id === activeId) ?? steps[0] ?? null;
  // The server knows the activity once the sync worker has created it there (revision 1).
  const { origins, another: askAnother } = useTaskOrigins(templateId, template.revision > 0);

  // Focus follows a task the keyboard moved, added or duplicated once the list shows it.
  useEffect(() => {
    const key = focusKey.current;
    if (key === null) return;
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
    if (!target) return;
    focusKey.current = null;
    const fallback = document.querySelector<HTMLElement>(
      `[data-focus-key="${CSS.escape(key.replace(/:(up|down|another)$/, ':header'))}"]`,
    );
    const focusable = target.matches(':disabled') ? fallback : target;
    focusable?.focus();
    focusable?.scrollIntoView?.({ block: 'nearest' });
  });

  const stepsRef = useRef(steps);
  useEffect(() => {
    stepsRef.current = steps;
  }, [steps]);

  const actions = useMemo<TaskCardActions>(() => {
    const expand = (id: string) => setExpanded((prev) => new Set(prev).add(id));
    const move = (id: string, toIndex: number) =>
      update((current) => ({ steps: moveTask(current.steps, id, toIndex) }));
    return {
      toggle(id) {
        setActiveId(id);
        setExpanded((prev) => {
          const next = new Set(prev);
          if (!next.delete(id)) next.add(id);
          return next;
        });
      },
      activate: setActiveId,
      commit(id, draft) {
        const before = stepsRef.current.find((s) => s.id === id);
        if (before) {
          const switched = before.type !== draft.type;
          const edited = taskContentKey(withTaskDraft(before, draft)) !== taskContentKey(before);
          if (switched || edited) setSettling((prev) => withMember(prev, id, switched));
        }
        // Answered, not dropped: the card holds its next keystroke back until this has landed.
        return update((current) => ({
          steps: updateTask(current.steps, id, (s) => withTaskDraft(s, draft)),
        }));
      },
      move(id, toIndex, key) {
        focusKey.current = key;
        const count = stepsRef.current.length;
        const position = Math.max(0, Math.min(count - 1, toIndex)) + 1;
        setAnnouncement(TASKS_SCREEN_TEXTS.movedTo(position, count));
        void move(id, toIndex);
      },
      duplicate(id) {
        const copyId = newId();
        void update((current) => {
          // The copy's id is chosen here so the new card can be opened and focused at once.
          let first = true;
          const ids = () => (first ? ((first = false), copyId) : newId());
          return { steps: duplicateTask(current.steps, id, ids).steps };
        });
        setActiveId(copyId);
        expand(copyId);
        focusKey.current = `${copyId}:name`;
      },
      remove(id) {
        const { removed: gone } = removeTask(stepsRef.current, id);
        if (gone === null) return;
        // The delete button goes with its card: focus moves to the task now in its place.
        const neighbour = stepsRef.current[gone.index + 1] ?? stepsRef.current[gone.index - 1];
        focusKey.current = neighbour ? `${neighbour.id}:header` : 'add-task';
        setUndoable({ kind: 'deleted', removed: gone });
        setExpanded((prev) => {
          const next = new Set(prev);
          next.delete(id);
          return next;
        });
        void update((current) => ({ steps: removeTask(current.steps, id).steps }));
      },
      async another(id) {
        // The device's texts: the server's copy of the activity may be behind.
        const result = await askAnother(
          id,
          stepsRef.current.map((s) => s.text),
        );
        if (!result.ok) return result.error.message;
        const index = stepsRef.current.findIndex((s) => s.id === id);
        const old = stepsRef.current[index];
        // Deleted or locked while the server was asked: there is nothing to replace any more.
        if (old === undefined || old.locked) return null;
        const fresh = result.data.step;
        setUndoable({ kind: 'replaced', old, newId: fresh.id });
        setActiveId(fresh.id);
        setExpanded((prev) => withMember(withMember(prev, id, false), fresh.id, true));
        // The button goes with the old card: focus moves to the new card's, for another try.
        focusKey.current = `${fresh.id}:another`;
        setAnnouncement(TASKS_SCREEN_TEXTS.replaced(index + 1));
        await update((current) => ({ steps: replaceTask(current.steps, id, fresh) }));
        return null;
      },
      dragStart: setDragId,
      dragOver: setDropId,
      drop(targetId) {
        setDropId(null);
        setDragId((dragged) => {
          if (dragged !== null && dragged !== targetId) {
            const toIndex = stepsRef.current.findIndex((s) => s.id === targetId);
            if (toIndex !== -1) void move(dragged, toIndex);
          }
          return null;
        });
      },
      dragEnd() {
        setDragId(null);
        setDropId(null);
      },
    };
  }, [update, askAnother]);

  const add = useCallback(() => {
    const task = newTask(newId);
    void update((current) => ({ steps: addTask(current.steps, task) }));
    setActiveId(task.id);
    setExpanded((prev) => new Set(prev).add(task.id));
    focusKey.current = `${task.id}:name`;
  }, [update]);

  const undo = useCallback(() => {
    if (undoable === null) return;
    setUndoable(null);
    if (undoable.kind === 'deleted') {
      const { removed } = undoable;
      setActiveId(removed.step.id);
      void update((current) => ({ steps: restoreTask(current.steps, removed) }));
    } else {
      const { old, newId: replacedBy } = undoable;
      setActiveId(old.id);
      setExpanded((prev) => withMember(withMember(prev, replacedBy, false), old.id, true));
      void update((current) => ({ steps: replaceTask(current.steps, replacedBy, old) }));
    }
  }, [undoable, update]);
  const dismissUndo = useCallback(() => setUndoable(null), []);

  const routes = footerRoutes('tasks', template.gameType);
  const logo = template.branding.logo;
  // The banner points at red borders, so it goes with them.
  const anyInvalid = errorsById.size > 0;
  const addButton = (
    <Button
      variant="light"
      leftSection={<PlusIcon />}
      onClick={add}
      data-focus-key="add-task"
      disabled={!canAddTask(steps)}
      style={{ alignSelf: 'flex-start' }}
    >
      {TASKS_SCREEN_TEXTS.addTask}
    </Button>
  );

  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" data-testid="tasks-screen">
      <Box
        visibleFrom="md"
        style={{ position: 'sticky', top: 16, flexShrink: 0 }}
        data-testid="tasks-preview-column"
        data-tour="task-preview"
      >
        <PhonePreview
          headerColour={template.branding.headerColour}
          logoUrl={logo && !logo.default ? logo.url : null}
          background={{ colour: template.branding.questionBackgroundColour }}
          scale={TASK_PREVIEW_SCALE}
          label={
            active
              ? `Phone preview of task ${steps.indexOf(active) + 1}`
              : 'Phone preview of a sample task'
          }
        >
          <TaskPreview
            step={active}
            backgroundColour={template.branding.questionBackgroundColour}
          />
        </PhonePreview>
        <Group justify="center" mt="xs">
          <TutorialButton />
        </Group>
      </Box>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="center">
          <Title order={2}>{TASKS_SCREEN_TEXTS.heading}</Title>
          <Group gap="md" wrap="nowrap">
            <Anchor
              component="button"
              type="button"
              onClick={() => help.toggle('edit-tasks')}
              aria-label={TASKS_SCREEN_TEXTS.helpLabel}
              aria-pressed={help.openId === 'edit-tasks'}
              data-tour="edit-tasks-help"
            >
              <Group gap={4} wrap="nowrap">
                <HelpIcon />
                {TASKS_SCREEN_TEXTS.help}
              </Group>
            </Anchor>
            <GenerateWithAiButton />
          </Group>
        </Group>
        {anyInvalid && (
          <Alert color="red" variant="light" role="alert" data-testid="tasks-invalid-banner">
            {TASKS_SCREEN_TEXTS.invalidBanner}
          </Alert>
        )}
        {steps.length === 0 ? (
          <Text c="dimmed">{TASKS_SCREEN_TEXTS.noTasks}</Text>
        ) : (
          <Stack
            component="ol"
            gap="sm"
            aria-label={TASKS_SCREEN_TEXTS.listLabel}
            style={{ padding: 0, margin: 0 }}
          >
            {steps.map((step: Step, index) => (
              <TaskCard
                key={step.id}
                step={step}
                index={index}
                count={steps.length}
                errors={errorsById.get(step.id) ?? NO_ERRORS}
                expanded={expanded.has(step.id)}
                active={active?.id === step.id}
                dropTarget={dragId !== null && dropId === step.id && dragId !== step.id}
                origin={origins.get(step.id) ?? null}
                actions={actions}
                draftScope={draftScope}
              />
            ))}
          </Stack>
        )}
        {addButton}
        <div aria-live="polite" className="visually-hidden" style={visuallyHidden}>
          {announcement}
        </div>
        <BuilderFooter back={routes.back} next={routes.next} testActivity={routes.testActivity} />
      </Stack>
      {undoable && (
        <UndoNotice
          // A new notice for each edit, with its own time to read it.
          key={undoable.kind === 'deleted' ? undoable.removed.step.id : undoable.newId}
          message={undoable.kind === 'deleted' ? UNDO_TEXTS.deleted : UNDO_TEXTS.replaced}
          onUndo={undo}
          onDismiss={dismissUndo}
        />
      )}
    </Group>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
