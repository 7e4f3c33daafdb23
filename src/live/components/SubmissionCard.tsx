/**
 * One photo or video on the statistics screen, with its judging: Reject / Restore, and the points
 * it counts for (an adjustment replaces the task's points; "Use the original points" takes it
 * back). Changes show at once; useStatistics rolls them back if the server refuses.
 */
import { useState, type FormEvent } from 'react';
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
import { effectivePoints, type Submission } from '../../domain/games';
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
  const adjusted = submission.adjustedPoints !== null;
  return (
    <Card withBorder radius="md" padding={0} component="article" aria-label={`The ${what}`}>
      <div
        style={{
          position: 'relative',
          aspectRatio: '4 / 3',
          background: 'var(--mantine-color-dark-9)',
        }}
      >
        {submission.mediaUrl &&
          (video ? (
            <video
              src={submission.mediaUrl}
              controls
              muted
              preload="metadata"
              playsInline
              aria-label={`The ${what}`}
              style={{
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                opacity: submission.rejected ? 0.35 : 1,
              }}
            />
          ) : (
            <a href={submission.mediaUrl} target="_blank" rel="noreferrer">
              <img
                src={submission.mediaUrl}
                alt={`The ${what} (opens full size in a new tab)`}
                loading="lazy"
                style={{
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  display: 'block',
                  opacity: submission.rejected ? 0.35 : 1,
                }}
              />
            </a>
          ))}
        {submission.rejected && (
          <Pill tone="red" dark size="lg" style={{ position: 'absolute', top: 8, left: 8 }}>
            Rejected
          </Pill>
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
      </Stack>
    </Card>
  );
}

function PointsForm({
  submission,
  what,
  onJudge,
}: {
  submission: Submission;
  what: string;
  onJudge: SubmissionCardProps['onJudge'];
}) {
  const current = submission.adjustedPoints ?? submission.points;
  const [draft, setDraft] = useState<number | string>(current);
  const value = typeof draft === 'number' ? draft : Number.NaN;
  const valid = Number.isInteger(value) && value >= 0 && value <= LIMITS.pointsMax;
  const changed = valid && value !== current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onJudge(submission.id, { points: value === submission.points ? null : value });
  };

  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput
          label={
            <>
              Points<VisuallyHidden> for the {what}</VisuallyHidden>
            </>
          }
          value={draft}
          onChange={setDraft}
          min={0}
          max={LIMITS.pointsMax}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          disabled={submission.rejected}
          error={!valid && draft !== '' ? `From 0 to ${LIMITS.pointsMax}` : undefined}
          w="7.5rem"
        />
        <Button type="submit" variant="light" disabled={!changed || submission.rejected}>
          Set points<VisuallyHidden> for the {what}</VisuallyHidden>
        </Button>
      </Group>
    </form>
  );
}
