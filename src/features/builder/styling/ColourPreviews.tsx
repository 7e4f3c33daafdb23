/**
 * SPEC §2.8 colour screens' live previews (quiz only): the game screen for the header colour, a
 * question card for the task background and the team-photo screen for the selfie background.
 * Each shows the colour being chosen before it is saved.
 */
import { Box, Stack, Text } from '@mantine/core';
import type { BrandingColourMode } from '../../../domain/branding';
import type { Step } from '../../../domain/schemas';
import { attemptsLine, PREVIEW_TEXTS, previewAnswerRows } from '../../../domain/taskPreview';
import { PhonePreview } from '../../../ui/PhonePreview';
import { CameraIcon } from './icons';
import { readableTextColour } from './readableText';

export const PREVIEW_SCALE = 0.72;

export const SELFIE_TEXTS = {
  step1: 'Step 1',
  takePhoto: 'Take your team photo',
  tapToTake: 'Tap to take',
  teamName: 'Team Name',
  tapToEdit: 'Tap to edit',
  step2: 'Step 2',
  chooseName: 'Choose your team name',
} as const;

/** Shown on the question card when the template has no question task yet. */
const SAMPLE_QUESTION: Pick<Step, 'type' | 'text' | 'answers'> = {
  type: 'multipleChoice',
  text: 'Which planet is known as the Red Planet?',
  answers: ['Venus', 'Mars', 'Jupiter', 'Saturn'].map((value, i) => ({
    id: `sample-${i}`,
    value,
    correct: i === 1,
  })),
};

export interface ColourPreviewProps {
  mode: BrandingColourMode;
  /** The colour being chosen for the mode. */
  colour: string;
  headerColour: string;
  logoUrl: string | null;
  themeImageUrl: string | null;
  steps: readonly Step[];
}

export function ColourPreview({
  mode,
  colour,
  headerColour,
  logoUrl,
  themeImageUrl,
  steps,
}: ColourPreviewProps) {
  if (mode === 'header')
    return (
      <PhonePreview
        headerColour={colour}
        logoUrl={logoUrl}
        background={{ colour: '#eef0f6', imageUrl: themeImageUrl }}
        scale={PREVIEW_SCALE}
        label="Preview of the game screen with this header colour"
      />
    );
  if (mode === 'task')
    return (
      <PhonePreview
        headerColour={headerColour}
        logoUrl={logoUrl}
        background={{ colour }}
        scale={PREVIEW_SCALE}
        label="Preview of a task with this background colour"
      >
        <QuestionCard colour={colour} steps={steps} />
      </PhonePreview>
    );
  return (
    <PhonePreview
      headerColour={headerColour}
      logoUrl={logoUrl}
      background={{ colour }}
      scale={PREVIEW_SCALE}
      label="Preview of the team photo screen with this background colour"
    >
      <SelfieScreen colour={colour} />
    </PhonePreview>
  );
}

function QuestionCard({ colour, steps }: { colour: string; steps: readonly Step[] }) {
  const text = readableTextColour(colour);
  const step =
    steps.find((s) => s.type === 'multipleChoice' && s.text.trim() !== '') ?? SAMPLE_QUESTION;
  const rows = previewAnswerRows(step);
  return (
    <Stack gap="md" p="lg" h="100%" style={{ color: text }} data-testid="question-card-preview">
      <Text fw={700} size="xl" lh={1.3} c="inherit">
        {step.text}
      </Text>
      <Text size="sm" c="inherit" opacity={0.8}>
        {attemptsLine(step.type)}
      </Text>
      <Stack gap="sm">
        {rows.map((row) => (
          <Box
            key={row.id}
            px="md"
            py="sm"
            style={{
              borderRadius: 12,
              background: '#ffffff',
              color: '#1a1b1e',
              border: '1px solid rgba(0,0,0,0.12)',
              display: 'flex',
              alignItems: 'center',
              gap: 10,
            }}
          >
            <Box
              w={18}
              h={18}
              style={{ borderRadius: '50%', border: '2px solid #868e96', flexShrink: 0 }}
            />
            <Text size="md">{row.text}</Text>
          </Box>
        ))}
      </Stack>
      <Box mt="auto" style={{ display: 'flex', gap: 12 }}>
        {[PREVIEW_TEXTS.later, PREVIEW_TEXTS.pass].map((label) => (
          <Box
            key={label}
            py="sm"
            style={{
              flex: 1,
              textAlign: 'center',
              borderRadius: 999,
              border: `2px solid ${text}`,
              fontWeight: 600,
            }}
          >
            {label}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

function SelfieScreen({ colour }: { colour: string }) {
  const text = readableTextColour(colour);
  return (
    <Stack
      gap="lg"
      p="lg"
      h="100%"
      align="center"
      style={{ color: text, textAlign: 'center' }}
      data-testid="selfie-preview"
    >
      <Stack gap={2} mt="md">
        <Text size="sm" fw={600} c="inherit" opacity={0.8}>
          {SELFIE_TEXTS.step1}
        </Text>
        <Text size="xl" fw={700} c="inherit">
          {SELFIE_TEXTS.takePhoto}
        </Text>
      </Stack>
      <Box
        w={220}
        h={220}
        style={{
          borderRadius: '50%',
          background: 'rgba(255,255,255,0.85)',
          color: '#495057',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 8,
          border: '3px dashed rgba(0,0,0,0.2)',
        }}
      >
        <CameraIcon size={48} />
        <Text fw={600}>{SELFIE_TEXTS.tapToTake}</Text>
      </Box>
      <Stack gap={2}>
        <Text size="sm" fw={600} c="inherit" opacity={0.8}>
          {SELFIE_TEXTS.step2}
        </Text>
        <Text size="xl" fw={700} c="inherit">
          {SELFIE_TEXTS.chooseName}
        </Text>
      </Stack>
      <Box
        w="100%"
        px="md"
        py="sm"
        style={{ borderRadius: 12, background: '#ffffff', color: '#1a1b1e', textAlign: 'left' }}
      >
        <Text fw={700}>{SELFIE_TEXTS.teamName}</Text>
        <Text size="sm" c="dimmed">
          {SELFIE_TEXTS.tapToEdit}
        </Text>
      </Box>
    </Stack>
  );
}
