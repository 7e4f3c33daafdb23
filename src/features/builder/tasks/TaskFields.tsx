/**
 * The fields of an expanded task card (SPEC §2.8 Edit Tasks): name, type, question or challenge,
 * answers and points, with the rules of SPEC §4 (type change) and §5 (points input, multiple
 * choice slots and the one correct answer). A locked task shows every field disabled (SPEC §6).
 */
import {
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { newId } from '../../../data/templateRepository';
import { LIMITS } from '../../../domain/limits';
import type { Answer, Step } from '../../../domain/schemas';
import { isChallengeType, stepTypeLabel, type StepType } from '../../../domain/stepTypes';
import { PREVIEW_TEXTS } from '../../../domain/taskPreview';
import {
  changeStepType,
  isSelectableStepType,
  STEP_TYPE_OPTIONS,
} from '../../../domain/taskTypeChange';
import {
  blankAnswer,
  isAllowedPointsKey,
  markCorrect,
  pointsFromInput,
  sanitizePointsInput,
  setAnswerValue,
} from '../../../domain/validation/step';
import { TaskMediaUploader } from './TaskMediaUploader';
import { useStepDraft } from './useStepDraft';

export const TASK_FIELD_TEXTS = {
  nameLabel: 'Task name',
  namePlaceholder: 'Enter task name (required)',
  typeLabel: 'Task type',
  questionPlaceholder: 'Enter task question (required)',
  challengePlaceholder: 'Enter task challenge (required)',
  answerLabel: 'Answer',
  answersLabel: 'Answers',
  pointsLabel: 'Points',
} as const;

const answerSlotLabel = (n: number) => `Answer ${n}`;
const correctLabel = (n: number) => `Answer ${n} is the correct answer`;

interface AnswersProps {
  step: Step;
  disabled: boolean;
  onChange(answers: Answer[]): void;
}

function FreeTextAnswer({ step, disabled, onChange }: AnswersProps) {
  const answer = step.answers[0];
  return (
    <TextInput
      label={TASK_FIELD_TEXTS.answerLabel}
      description={PREVIEW_TEXTS.freeTextHint}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={answer?.value ?? ''}
      maxLength={LIMITS.answerMaxLength}
      disabled={disabled}
      data-focus-key={`${step.id}:answer-1`}
      onChange={(event) => {
        const value = event.currentTarget.value;
        const base = answer ? step.answers.slice(0, 1) : [blankAnswer(newId(), true)];
        const first = base[0];
        if (first)
          onChange(setAnswerValue(base, first.id, value).map((a) => ({ ...a, correct: true })));
      }}
    />
  );
}

function MultipleChoiceAnswers({ step, disabled, onChange }: AnswersProps) {
  // Four slots are always shown; a slot past the stored answers becomes an answer when typed in.
  const slots = Array.from({ length: LIMITS.multipleChoiceSlots }, (_, i) => step.answers[i]);
  const edit = (index: number, value: string) => {
    // Only up to the slot typed in, so empty optional slots are not stored.
    const padding = Array.from({ length: Math.max(0, index + 1 - step.answers.length) }, () =>
      blankAnswer(newId()),
    );
    const list = [...step.answers, ...padding];
    const target = list[index];
    if (target) onChange(setAnswerValue(list, target.id, value));
  };
  return (
    <Stack gap={6} role="group" aria-labelledby={`${step.id}-answers-label`}>
      <Input.Label component="div" id={`${step.id}-answers-label`}>
        {TASK_FIELD_TEXTS.answersLabel}
      </Input.Label>
      {slots.map((answer, index) => {
        const n = index + 1;
        const required = index < LIMITS.multipleChoiceRequiredSlots;
        const empty = (answer?.value ?? '').trim() === '';
        return (
          <Group key={index} gap="sm" wrap="nowrap">
            <Checkbox
              aria-label={correctLabel(n)}
              checked={answer?.correct === true && !empty}
              // An empty answer cannot be marked correct (SPEC §5).
              disabled={disabled || empty}
              onChange={() => {
                if (answer) onChange(markCorrect(step.answers, answer.id));
              }}
            />
            <TextInput
              style={{ flex: 1 }}
              aria-label={answerSlotLabel(n)}
              placeholder={`${answerSlotLabel(n)} (${required ? 'required' : 'optional'})`}
              value={answer?.value ?? ''}
              maxLength={LIMITS.answerMaxLength}
              disabled={disabled}
              data-focus-key={`${step.id}:answer-${n}`}
              onChange={(event) => edit(index, event.currentTarget.value)}
            />
          </Group>
        );
      })}
      <Text size="xs" c="dimmed">
        {PREVIEW_TEXTS.multipleChoiceHint}
      </Text>
    </Stack>
  );
}

/** Digits only while typing (editing and navigation keys pass); clamped to 1–1000 on blur. */
function PointsInput({
  points,
  disabled,
  onCommit,
}: {
  points: number;
  disabled: boolean;
  onCommit(points: number): void;
}) {
  const [text, setText] = useState<string | null>(null);
  return (
    <TextInput
      label={TASK_FIELD_TEXTS.pointsLabel}
      inputMode="numeric"
      w={120}
      disabled={disabled}
      value={text ?? String(points)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!isAllowedPointsKey(event.key, { ctrlKey: event.ctrlKey, metaKey: event.metaKey })) {
          event.preventDefault();
        }
      }}
      onChange={(event) => setText(sanitizePointsInput(event.currentTarget.value))}
      onBlur={() => {
        if (text === null) return;
        const next = pointsFromInput(text);
        setText(null);
        onCommit(next);
      }}
    />
  );
}

export interface TaskFieldsProps {
  step: Step;
  commit(draft: Step): void;
}

export function TaskFields({ step, commit }: TaskFieldsProps) {
  const { draft, change, flush } = useStepDraft(step, commit);
  const disabled = step.locked;
  const challenge = isChallengeType(draft.type);
  const typeOptions = isSelectableStepType(draft.type)
    ? STEP_TYPE_OPTIONS
    : [
        { value: draft.type, label: stepTypeLabel(draft.type), disabled: true },
        ...STEP_TYPE_OPTIONS,
      ];
  return (
    <Stack gap="md" onBlur={flush}>
      <TextInput
        label={TASK_FIELD_TEXTS.nameLabel}
        placeholder={TASK_FIELD_TEXTS.namePlaceholder}
        value={draft.name}
        maxLength={LIMITS.stepNameMaxLength}
        disabled={disabled}
        data-focus-key={`${step.id}:name`}
        onChange={(event) => change({ ...draft, name: event.currentTarget.value })}
      />
      <NativeSelect
        label={TASK_FIELD_TEXTS.typeLabel}
        data={typeOptions}
        value={draft.type}
        disabled={disabled}
        onChange={(event) =>
          change(changeStepType(draft, event.currentTarget.value as StepType, newId), {
            immediate: true,
          })
        }
      />
      <Textarea
        label={challenge ? 'Challenge' : 'Question'}
        placeholder={
          challenge ? TASK_FIELD_TEXTS.challengePlaceholder : TASK_FIELD_TEXTS.questionPlaceholder
        }
        autosize
        minRows={2}
        maxRows={8}
        value={draft.text}
        maxLength={LIMITS.stepTextMaxLength}
        disabled={disabled}
        onChange={(event) => change({ ...draft, text: event.currentTarget.value })}
      />
      {draft.type === 'freeText' && (
        <FreeTextAnswer
          step={draft}
          disabled={disabled}
          onChange={(answers) => change({ ...draft, answers })}
        />
      )}
      {draft.type === 'multipleChoice' && (
        <MultipleChoiceAnswers
          step={draft}
          disabled={disabled}
          onChange={(answers) => change({ ...draft, answers })}
        />
      )}
      <TaskMediaUploader
        step={draft}
        disabled={disabled}
        onChange={(media) => change({ ...draft, media }, { immediate: true })}
      />
      <PointsInput
        points={draft.points}
        disabled={disabled}
        onCommit={(points) => change({ ...draft, points }, { immediate: true })}
      />
    </Stack>
  );
}
