/**
 * The help side panel's topics (SPEC §2.8, §4 Help panel): recommended-sizes, edit-tasks and
 * styling-quiz. Sizes and formats come from the upload rules (src/domain/uploads.ts) so the help
 * never promises what the uploader refuses.
 */
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOGO_MAX } from '../../domain/constants';
import { LIMITS } from '../../domain/limits';
import { MESSAGES } from '../../domain/messages';
import { STEP_TYPE_SELECTOR_LABELS } from '../../domain/taskTypeChange';
import {
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  LOGO_FORMATS_TEXT,
  LOGO_MAX_BYTES,
  VIDEO_MAX_BYTES,
  formatBytes,
} from '../../domain/uploads';
import type { HelpTopicId } from './BuilderContext';

export interface HelpTopic {
  id: HelpTopicId;
  title: string;
  body: ReactNode;
}

const LOCKED_TOOLTIP =
  "This is a locked task. A locked task is locked at the activity level and can't be edited or replaced";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export const HELP_TOPICS: Readonly<Record<HelpTopicId, HelpTopic>> = {
  'recommended-sizes': {
    id: 'recommended-sizes',
    title: 'Recommended sizes',
    body: (
      <>
        <Text size="sm">
          Players see your media on their phones, so files that are small and sharp load fastest
          during a live activity.
        </Text>
        <Section title="Images">
          <List size="sm" spacing={4}>
            <List.Item>Formats: JPEG, PNG or SVG.</List.Item>
            <List.Item>Up to {formatBytes(IMAGE_MAX_BYTES)} per image.</List.Item>
            <List.Item>
              Landscape pictures about 1080 pixels wide look sharp on every phone; larger pictures
              only take longer to download.
            </List.Item>
          </List>
        </Section>
        <Section title="Audio">
          <List size="sm" spacing={4}>
            <List.Item>Format: MP3.</List.Item>
            <List.Item>Up to {formatBytes(AUDIO_MAX_BYTES)} per file.</List.Item>
            <List.Item>Players tap to play it; keep clips short and to the point.</List.Item>
          </List>
        </Section>
        <Section title="Video">
          <List size="sm" spacing={4}>
            <List.Item>Formats: MP4 or MOV.</List.Item>
            <List.Item>Up to {formatBytes(VIDEO_MAX_BYTES)} per file.</List.Item>
            <List.Item>
              Videos play full screen during the live activity: landscape 1280x720 (720p) is plenty.
            </List.Item>
          </List>
        </Section>
        <Section title="Logo">
          <List size="sm" spacing={4}>
            <List.Item>
              Format: {LOGO_FORMATS_TEXT} (a transparent background works best).
            </List.Item>
            <List.Item>
              Max dimensions: {LOGO_MAX.width}x{LOGO_MAX.height} pixels, up to{' '}
              {formatBytes(LOGO_MAX_BYTES)}.
            </List.Item>
          </List>
        </Section>
      </>
    ),
  },
  'edit-tasks': {
    id: 'edit-tasks',
    title: 'Editing tasks',
    body: (
      <>
        <Text size="sm">
          Tasks are what teams play, in the order listed. Click a task card to open it; the phone on
          the left previews the task you are working on.
        </Text>
        <Section title="Task types">
          <List size="sm" spacing={4}>
            <List.Item>
              <b>{STEP_TYPE_SELECTOR_LABELS.freeText}</b>: teams type one answer. It is treated case
              insensitive.
            </List.Item>
            <List.Item>
              <b>{STEP_TYPE_SELECTOR_LABELS.multipleChoice}</b>: up to {LIMITS.multipleChoiceSlots}{' '}
              answers; fill at least {LIMITS.multipleChoiceRequiredSlots} and tick the checkbox of
              the correct one.
            </List.Item>
            <List.Item>
              <b>{STEP_TYPE_SELECTOR_LABELS.photoChallenge}</b> and{' '}
              <b>{STEP_TYPE_SELECTOR_LABELS.videoChallenge}</b>: teams take a photo or record a
              video; there is no answer to check.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Changing a task&apos;s type clears its answers, so choose the type first.
          </Text>
        </Section>
        <Section title="What every task needs">
          <List size="sm" spacing={4}>
            <List.Item>A task name and a question (or challenge) text.</List.Item>
            <List.Item>For questions, a correct answer.</List.Item>
            <List.Item>
              Points from {LIMITS.pointsMin} to {LIMITS.pointsMax}, awarded for a correct answer or
              a completed challenge.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            A task that misses something has a red border and lists its issues. &quot;Test
            Activity&quot; is available once every task is complete.
          </Text>
        </Section>
        <Section title="Media">
          <Text size="sm">
            Add an image, an audio clip or a video to any task. See &quot;Recommended sizes&quot;
            for the formats.
          </Text>
        </Section>
        <Section title="Locked tasks">
          <Text size="sm">
            Some templates come with locked tasks, marked with a lock icon: &quot;{LOCKED_TOOLTIP}
            &quot;. Their fields cannot be changed, and generating tasks with AI leaves them as they
            are.
          </Text>
        </Section>
      </>
    ),
  },
  'styling-quiz': {
    id: 'styling-quiz',
    title: 'Styling your activity',
    body: (
      <>
        <Text size="sm">
          Styling is optional: every activity starts with a theme and colours that work. Your
          changes show in the phone preview straight away.
        </Text>
        <Section title="Logo">
          <Text size="sm">
            Your logo appears at the top of every activity screen. Upload a {LOGO_FORMATS_TEXT} of
            at most {LOGO_MAX.width}x{LOGO_MAX.height} pixels.
          </Text>
        </Section>
        <Section title="Theme">
          <Text size="sm">
            The theme is the background picture teams see behind the game. Click a theme to preview
            it, then &quot;Confirm choice&quot;. Missing one? Use &quot;Request a theme&quot;.
          </Text>
        </Section>
        <Section title="Colours">
          <List size="sm" spacing={4}>
            <List.Item>
              <b>Header background</b>: the bar at the top, behind your logo.
            </List.Item>
            <List.Item>
              <b>Task background</b>: the card each question or challenge is shown on.
            </List.Item>
            <List.Item>
              <b>Selfie background</b>: the team photo and team name screen.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Pick a preset or any colour; &quot;Back to Styling&quot; leaves the colour as it was.
            Choose colours with enough contrast for text to stay readable.
          </Text>
        </Section>
      </>
    ),
  },
};

export const isHelpTopicId = (id: string): id is HelpTopicId => Object.hasOwn(HELP_TOPICS, id);

/** SPEC §8: an unknown help id is reported, and no panel opens. */
export const unknownHelpTopicMessage = (id: string): string => MESSAGES.help.topicNotFound(id);
