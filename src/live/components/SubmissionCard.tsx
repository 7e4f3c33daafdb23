/**
 * One photo or video on the statistics screen, with its judging: Reject / Restore, the points it
 * counts for (an adjustment replaces the task's points; "Use the original points" takes it back),
 * and Hide / Show on the presentation. Changes show at once; useStatistics rolls them back if the
 * server refuses. The judging queue (JudgingQueue.tsx) reuses the media and the points form.
 */
import type { Ref } from 'react';
import {
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { effectivePoints, judgeRequestSchema, type Submission } from '../../domain/games';
import { LIMITS } from '../../domain/limits';
import type { Judgement } from '../state/judging';
import { Pill } from './Pill';
import { formatWhen, plural } from '../format';

export interface SubmissionCardProps {
  submission: Submission;
  taskName: string;
  saving: boolean;
  onJudge: (submissionId: string, change: Judgement) => void;
}

export const isVideoSubmission = (submission: Pick<Submission, 'mediaType' | 'mediaUrl'>) =>
  submission.mediaType?.startsWith('video/') ??
  /\.(mp4|mov|webm)$/i.test(submission.mediaUrl ?? '');

export function SubmissionCard({ submission, taskName, saving, onJudge }: SubmissionCardProps) {
  const video = isVideoSubmission(submission);
  const what = `${video ? 'video' : 'photo'} by ${submission.teamName} for “${taskName}”`;
  const points = effectivePoints(submission);
  // The queue's Approve stores the task's own points as the adjustment: nothing to take back.
  const adjusted =
    submission.adjustedPoints !== null && submission.adjustedPoints !== submission.points;
  return (
    <Card withBorder radius="md" padding={0} component="article" aria-label={`The ${what}`}>
      <div
        style={{
          position: 'relative',
          aspectRatio: '4 / 3',
          background: 'var(--mantine-color-dark-9)',
        }}
      >
        <SubmissionMedia submission={submission} what={what} />
        {(submission.rejected || submission.hidden) && (
          <Group gap={6} style={{ position: 'absolute', top: 8, left: 8 }}>
            {submission.rejected && (
              <Pill tone="red" dark size="lg">
                Rejected
              </Pill>
            )}
            {submission.hidden && (
              <Pill tone="gray" dark size="lg">
                Hidden
              </Pill>
            )}
          </Group>
        )}
      </div>
      <Stack gap="xs" p="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} truncate title={submission.teamName}>
            {submission.teamName}
          </Text>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {submission.late && (
              // Made before the end, arrived after it (a phone offline at the end): it counts.
              <Pill tone="orange">Late</Pill>
            )}
            <Text size="sm" c="gray.7">
              {formatWhen(submission.createdAt)}
            </Text>
          </Group>
        </Group>
        <Text size="sm" c="gray.8" lineClamp={2}>
          {taskName}
        </Text>
        <Group gap="xs" aria-live="polite">
          <Text fw={700} data-testid="submission-points">
            {plural(points, 'point')}
          </Text>
          {submission.rejected && (
            <Text size="sm" c="gray.7">
              (rejected)
            </Text>
          )}
          {!submission.rejected && adjusted && (
            <Text size="sm" c="gray.7">
              (adjusted from {submission.points})
            </Text>
          )}
          {saving && (
            <Group gap={4}>
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm" c="gray.7">
                Saving…
              </Text>
            </Group>
          )}
        </Group>
        <PointsForm
          key={`${submission.adjustedPoints ?? 'original'}-${submission.points}`}
          submission={submission}
          what={what}
          onJudge={onJudge}
        />
        {adjusted && !submission.rejected && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onJudge(submission.id, { points: null })}
            style={{ alignSelf: 'flex-start' }}
          >
            Use the original {submission.points} points
            <VisuallyHidden> for the {what}</VisuallyHidden>
          </Button>
        )}
        <Button
          variant={submission.rejected ? 'filled' : 'outline'}
          color={submission.rejected ? 'brand.7' : 'red.9'}
          onClick={() => onJudge(submission.id, { rejected: !submission.rejected })}
        >
          {submission.rejected ? 'Restore' : 'Reject'}
          <VisuallyHidden> the {what}</VisuallyHidden>
        </Button>
        <Button
          variant="subtle"
          color="dark"
          size="compact-sm"
          aria-pressed={submission.hidden}
          onClick={() => onJudge(submission.id, { hidden: !submission.hidden })}
          style={{ alignSelf: 'flex-start' }}
        >
          {submission.hidden ? 'Show on the presentation' : 'Hide from the presentation'}
          <VisuallyHidden> the {what}</VisuallyHidden>
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * A submission's photo or video: a photo links to its full size; a video plays with controls,
 * or, as a small thumbnail (`compact`), silently and links to its full size too.
 */
export function SubmissionMedia({
  submission,
  what,
  compact = false,
}: {
  submission: Submission;
  what: string;
  compact?: boolean;
}) {
  const video = isVideoSubmission(submission);
  if (!submission.mediaUrl) return null;
  const dimmed = submission.rejected ? 0.35 : 1;
  if (video && !compact) {
    return (
      <video
        src={submission.mediaUrl}
        controls
        muted
        preload="metadata"
        playsInline
        aria-label={`The ${what}`}
        style={{ width: '100%', height: '100%', objectFit: 'contain', opacity: dimmed }}
      />
    );
  }
  const fill = {
    width: '100%',
    height: '100%',
    objectFit: video ? 'contain' : 'cover',
    display: 'block',
    opacity: dimmed,
  } as const;
  return (
    <a
      href={submission.mediaUrl}
      target="_blank"
      rel="noreferrer"
      style={{ display: 'block', width: '100%', height: '100%' }}
    >
      {video ? (
        <video
          src={submission.mediaUrl}
          muted
          preload="metadata"
          playsInline
          aria-label={`The ${what} (opens in a new tab)`}
          style={fill}
        />
      ) : (
        <img
          src={submission.mediaUrl}
          alt={`The ${what} (opens full size in a new tab)`}
          loading="lazy"
          style={fill}
        />
      )}
    </a>
  );
}

/** The points judging takes (whole, 0 to the maximum): the judging request's own rule. */
const judgedPoints = judgeRequestSchema.shape.points.unwrap().unwrap();

// Made once: useForm rebuilds its callbacks when the rules change identity.
const validatePoints = schemaResolver(
  z.object({
    // NumberInput gives a number, or a string while it holds no number. An empty field is no
    // mistake, only nothing to set yet: the button waits and the field says nothing.
    points: z
      .union([z.number(), z.string()])
      .refine(
        (points) => points === '' || judgedPoints.safeParse(points).success,
        `From 0 to ${LIMITS.pointsMax}`,
      ),
  }),
  { sync: true },
);

/** The points a submission counts for: its own, or the organiser's (0 to the maximum). */
export function PointsForm({
  submission,
  what,
  onJudge,
  inputRef,
  onEscape,
  compact = false,
}: {
  submission: Submission;
  what: string;
  onJudge: SubmissionCardProps['onJudge'];
  /** The judging queue's P key puts the cursor here. */
  inputRef?: Ref<HTMLInputElement>;
  /** Escape in the field: the queue takes the focus back to its row. */
  onEscape?: () => void;
  compact?: boolean;
}) {
  const current = submission.adjustedPoints ?? submission.points;
  const form = useForm<{ points: number | string }>({
    // Controlled: the Set points button follows each key press.
    mode: 'controlled',
    initialValues: { points: current },
    validate: validatePoints,
    // Said as it is typed, not only on Set points.
    validateInputOnChange: true,
  });
  const { points } = form.values;
  const changed = typeof points === 'number' && points !== current && form.isValid();

  const submit = form.onSubmit(() => {
    if (changed) onJudge(submission.id, { points: points === submission.points ? null : points });
  });

  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput
          label={
            compact ? undefined : (
              <>
                Points<VisuallyHidden> for the {what}</VisuallyHidden>
              </>
            )
          }
          // In the queue's row the column says what the figure is; the field needs no caption.
          aria-label={compact ? `Points for the ${what}` : undefined}
          {...form.getInputProps('points')}
          min={0}
          max={LIMITS.pointsMax}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          disabled={submission.rejected}
          w={compact ? '6rem' : '7.5rem'}
          size={compact ? 'sm' : undefined}
          ref={inputRef}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onEscape) {
              event.preventDefault();
              onEscape();
            }
          }}
        />
        <Button
          type="submit"
          variant="light"
          size={compact ? 'sm' : undefined}
          disabled={!changed || submission.rejected}
        >
          Set points<VisuallyHidden> for the {what}</VisuallyHidden>
        </Button>
      </Group>
    </form>
  );
}
