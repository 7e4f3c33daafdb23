/**
 * The judging queue on the statistics screen (docs/games.md "Judging"): every submission of
 * every task type, newest first, filtered (to review, all, rejected, hidden), each with Approve,
 * Reject / Restore, its points, and Hide / Show on the presentation. Made for the keyboard: J / K
 * or the arrows move between submissions, A approves, R rejects, H hides, P goes to the points;
 * nothing fires while typing in a field. Changes show at once (useStatistics' overlay). A
 * submission judged here stays in its place until the filter changes, even when it no longer
 * matches ("To review"): rows never move under the organiser's keys, so pressing A twice cannot
 * approve the next one by mistake.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import {
  Button,
  Group,
  Kbd,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { effectivePoints, type Statistics } from '../../domain/games';
import { stepTypeLabel } from '../../domain/enums';
import type { Judgement, PendingJudgements } from '../state/judging';
import {
  approveChange,
  hideChange,
  matchesFilter,
  QUEUE_FILTER_LABELS,
  QUEUE_FILTERS,
  QUEUE_KEYS,
  queueItems,
  queueKeyAction,
  rejectChange,
  taskPoints,
  type QueueFilter,
  type QueueItem,
} from '../state/judgingQueue';
import { isVideoSubmission, PointsForm, SubmissionMedia } from './SubmissionCard';
import { Pill } from './Pill';
import { formatWhen, plural } from '../format';
import classes from './JudgingQueue.module.css';

export interface JudgingQueueProps {
  statistics: Statistics;
  pending: PendingJudgements;
  onJudge: (submissionId: string, change: Judgement) => void;
}

const HINT_ID = 'judging-queue-keys';

export function JudgingQueue({ statistics, pending, onJudge }: JudgingQueueProps) {
  const items = useMemo(() => queueItems(statistics), [statistics]);
  const [filter, setFilter] = useState<QueueFilter>('review');
  /** Judged here since the filter was chosen: listed still, whatever the filter says now. */
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  // The row the keys act on: by id, and by place, so that when it leaves the filter (approved
  // under "To review") the one that took its place is next.
  const [active, setActive] = useState<{ id: string | null; index: number }>({
    id: null,
    index: 0,
  });
  const rows = useRef(new Map<string, HTMLElement>());
  const pointsFields = useRef(new Map<string, HTMLInputElement>());
  const listRef = useRef<HTMLUListElement>(null);
  /** A change was made from the queue: if its row went, the focus follows to the next one. */
  const refocus = useRef(false);

  const counts = useMemo(() => {
    const result = { review: 0, all: 0, rejected: 0, hidden: 0 } as Record<QueueFilter, number>;
    for (const item of items) {
      for (const f of QUEUE_FILTERS) if (matchesFilter(item, f)) result[f]++;
    }
    return result;
  }, [items]);
  const visible = useMemo(
    () => items.filter((item) => matchesFilter(item, filter) || kept.has(item.submission.id)),
    [items, filter, kept],
  );

  let activeIndex = visible.findIndex((item) => item.submission.id === active.id);
  if (activeIndex === -1) activeIndex = Math.min(active.index, visible.length - 1);
  const activeItem = activeIndex >= 0 ? visible[activeIndex] : undefined;

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const list = listRef.current;
    if (!list || list.contains(document.activeElement)) return;
    if (activeItem) rows.current.get(activeItem.submission.id)?.focus();
  });

  // Nothing has the focus (the page was just opened, or a row was clicked away): J or K starts
  // in the queue, so the organiser need not reach for the mouse first.
  useEffect(() => {
    const start = (event: KeyboardEvent) => {
      if (event.target !== document.body) return;
      const action = queueKeyAction(event);
      // The arrows keep scrolling the page; only J and K start the queue.
      if ((action !== 'next' && action !== 'previous') || event.key.startsWith('Arrow')) return;
      const id = activeItem?.submission.id;
      const row = id === undefined ? undefined : rows.current.get(id);
      if (!row) return;
      event.preventDefault();
      row.focus();
    };
    document.addEventListener('keydown', start);
    return () => document.removeEventListener('keydown', start);
  }, [activeItem]);

  const moveTo = (index: number) => {
    const item = visible[Math.max(0, Math.min(index, visible.length - 1))];
    if (!item) return;
    rows.current.get(item.submission.id)?.focus();
  };

  const judge = (item: QueueItem, change: Judgement | null) => {
    if (!change) return;
    refocus.current = true;
    const { id } = item.submission;
    setKept((k) => (k.has(id) ? k : new Set(k).add(id)));
    onJudge(id, change);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const action = queueKeyAction(event);
    if (!action) return;
    // The row the key was pressed in (a button of it, say), else the active one.
    const rowId = (event.target as HTMLElement).closest<HTMLElement>('[data-queue-item]')?.dataset
      .queueItem;
    const index = rowId ? visible.findIndex((i) => i.submission.id === rowId) : activeIndex;
    const item = visible[index];
    if (!item) return;
    event.preventDefault();
    switch (action) {
      case 'next':
        return moveTo(index + 1);
      case 'previous':
        return moveTo(index - 1);
      case 'approve':
        return judge(item, approveChange(item));
      case 'reject':
        return judge(item, rejectChange(item.submission));
      case 'hide':
        return judge(item, hideChange(item.submission));
      case 'points':
        pointsFields.current.get(item.submission.id)?.focus();
        pointsFields.current.get(item.submission.id)?.select();
        return;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => {
            setFilter(value as QueueFilter);
            setKept(new Set());
            setActive({ id: null, index: 0 });
          }}
          data={QUEUE_FILTERS.map((f) => ({
            value: f,
            label: `${QUEUE_FILTER_LABELS[f]} (${counts[f]})`,
          }))}
        />
        <Text id={HINT_ID} size="sm" c="gray.7" className={classes.hint}>
          Keys:{' '}
          {QUEUE_KEYS.map(({ keys, action }) => (
            <span key={action} className={classes.hintItem}>
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' '}
                  <Kbd size="xs">{k}</Kbd>
                </span>
              ))}{' '}
              {action}
            </span>
          ))}
        </Text>
      </Group>

      {visible.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="gray.7">{emptyText(filter, items.length)}</Text>
        </Paper>
      ) : (
        <ul
          ref={listRef}
          className={classes.list}
          aria-label={`Submissions: ${QUEUE_FILTER_LABELS[filter].toLowerCase()}`}
          aria-describedby={HINT_ID}
          onKeyDown={onKeyDown}
        >
          {visible.map((item, index) => (
            <QueueRow
              key={item.submission.id}
              item={item}
              focusable={index === activeIndex}
              saving={pending[item.submission.id] !== undefined}
              rowRef={(element) => {
                if (element) rows.current.set(item.submission.id, element);
                else rows.current.delete(item.submission.id);
              }}
              pointsRef={(element) => {
                if (element) pointsFields.current.set(item.submission.id, element);
                else pointsFields.current.delete(item.submission.id);
              }}
              onFocusRow={() =>
                setActive((a) =>
                  a.id === item.submission.id && a.index === index
                    ? a
                    : { id: item.submission.id, index },
                )
              }
              onBackToRow={() => rows.current.get(item.submission.id)?.focus()}
              onJudge={(change) => judge(item, change)}
            />
          ))}
        </ul>
      )}
    </Stack>
  );
}

function emptyText(filter: QueueFilter, total: number): string {
  if (total === 0) return 'No submissions yet. They appear here as teams answer.';
  switch (filter) {
    case 'review':
      return 'Nothing left to review. Photos, videos, challenges and wrong free-text answers appear here as they come in.';
    case 'all':
      return 'No submissions yet.';
    case 'rejected':
      return 'Nothing rejected.';
    case 'hidden':
      return 'Nothing hidden from the presentation.';
  }
}

/** "photo by Owls for “Team photo”": what a screen reader hears for a row and its buttons. */
function describe(item: QueueItem): string {
  const { submission } = item;
  const task = item.step?.name || 'a task';
  const kind =
    submission.kind === 'media'
      ? isVideoSubmission(submission)
        ? 'video'
        : 'photo'
      : submission.kind === 'done'
        ? 'challenge'
        : 'answer';
  return `${kind} by ${submission.teamName} for “${task}”`;
}

function QueueRow({
  item,
  focusable,
  saving,
  rowRef,
  pointsRef,
  onFocusRow,
  onBackToRow,
  onJudge,
}: {
  item: QueueItem;
  focusable: boolean;
  saving: boolean;
  rowRef: (element: HTMLElement | null) => void;
  pointsRef: (element: HTMLInputElement | null) => void;
  onFocusRow: () => void;
  onBackToRow: () => void;
  onJudge: (change: Judgement | null) => void;
}) {
  const { submission, step } = item;
  const what = describe(item);
  const approve = approveChange(item);
  const points = effectivePoints(submission);
  const worth = taskPoints(item);
  return (
    <li className={classes.item}>
      <article
        ref={rowRef}
        tabIndex={focusable ? 0 : -1}
        data-queue-item={submission.id}
        className={classes.row}
        data-rejected={submission.rejected || undefined}
        aria-label={`The ${what}`}
        onFocus={onFocusRow}
      >
        <div className={classes.thumb}>
          {submission.kind === 'media' ? (
            <>
              <SubmissionMedia submission={submission} what={what} compact />
              {isVideoSubmission(submission) && (
                <span className={classes.videoMark} aria-hidden="true">
                  ▶ Video
                </span>
              )}
            </>
          ) : (
            <span className={classes.kindMark} aria-hidden="true">
              {submission.kind === 'done' ? '✓' : step?.type === 'multipleChoice' ? 'ABC' : 'Aa'}
            </span>
          )}
        </div>

        <div className={classes.body}>
          <Group gap={8} wrap="nowrap" className={classes.titleLine}>
            <Text fw={700} truncate title={submission.teamName}>
              {submission.teamName}
            </Text>
            <Text size="sm" c="gray.7" style={{ flexShrink: 0 }}>
              {formatWhen(submission.createdAt)}
            </Text>
            {submission.late && <Pill tone="orange">Late</Pill>}
            {submission.rejected && <Pill tone="red">Rejected</Pill>}
            {submission.hidden && <Pill tone="gray">Hidden</Pill>}
            {!submission.rejected && submission.adjustedPoints !== null && (
              <Pill tone="brand">Judged</Pill>
            )}
          </Group>
          <Text size="sm" c="gray.8" truncate>
            {item.taskNumber !== null && `${item.taskNumber}. `}
            {step?.name || 'A task'}
            <Text span c="gray.7">
              {' '}
              · {step ? stepTypeLabel(step.type) : 'Unknown type'} · {plural(worth, 'point')}
            </Text>
          </Text>
          <Answer item={item} />
        </div>

        <div className={classes.points} aria-live="polite">
          <Text fw={800} fz="lg" data-testid="queue-points">
            {plural(points, 'point')}
          </Text>
          <Text size="xs" c="gray.7">
            {submission.rejected
              ? 'rejected'
              : submission.adjustedPoints !== null &&
                  submission.adjustedPoints !== submission.points
                ? `was ${submission.points}`
                : '\u00a0'}
          </Text>
          {saving && (
            <Group gap={4} wrap="nowrap">
              <Loader size={12} aria-hidden="true" />
              <Text size="xs" c="gray.7">
                Saving…
              </Text>
            </Group>
          )}
        </div>

        <div className={classes.actions}>
          <Button
            size="sm"
            color="green.9"
            variant="outline"
            // Focusable even with nothing to do, so the focus is not lost when it just approved.
            data-disabled={approve ? undefined : true}
            aria-disabled={approve ? undefined : true}
            onClick={() => onJudge(approve)}
          >
            Approve
            <VisuallyHidden> the {what}</VisuallyHidden>
          </Button>
          <Button
            size="sm"
            variant={submission.rejected ? 'filled' : 'outline'}
            color={submission.rejected ? 'brand.7' : 'red.9'}
            onClick={() => onJudge(rejectChange(submission))}
          >
            {submission.rejected ? 'Restore' : 'Reject'}
            <VisuallyHidden> the {what}</VisuallyHidden>
          </Button>
          <Button
            size="sm"
            variant="default"
            aria-pressed={submission.hidden}
            onClick={() => onJudge(hideChange(submission))}
          >
            {submission.hidden ? 'Show' : 'Hide'}
            <VisuallyHidden>
              {submission.hidden ? ' on the presentation: ' : ' from the presentation: '}
              the {what}
            </VisuallyHidden>
          </Button>
          <PointsForm
            key={`${submission.adjustedPoints ?? 'original'}-${submission.points}`}
            submission={submission}
            what={what}
            onJudge={(_, change) => onJudge(change)}
            inputRef={pointsRef}
            onEscape={onBackToRow}
            compact
          />
        </div>
      </article>
    </li>
  );
}

/** What the team sent: the answer and whether the app found it right, or that it was done. */
function Answer({ item }: { item: QueueItem }) {
  const { submission, step } = item;
  // The thumbnail shows it; the row needs no words for it.
  if (submission.kind === 'media') return null;
  if (submission.kind === 'done') {
    return (
      <Text size="sm" c="gray.7">
        Marked as done
      </Text>
    );
  }
  const right = (step?.answers ?? []).filter((a) => a.correct && a.value.trim() !== '');
  return (
    <Group gap={8} wrap="nowrap" className={classes.answerLine}>
      <Text fw={600} truncate title={submission.answer ?? ''}>
        “{submission.answer ?? ''}”
      </Text>
      {submission.correct === true && <Pill tone="green">Right</Pill>}
      {submission.correct === false && <Pill tone="red">Wrong</Pill>}
      {submission.correct === false && right.length > 0 && (
        <Text size="sm" c="gray.7" truncate>
          expected {right.map((a) => `“${a.value}”`).join(' or ')}
        </Text>
      )}
    </Group>
  );
}
