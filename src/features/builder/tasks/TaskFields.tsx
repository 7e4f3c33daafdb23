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
import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { newId } from '../../../localdb/templateRepository';
import { LIMITS } from '../../../domain/limits';
import type { Answer, Asset, Step } from '../../../domain/schemas';
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
import type { DraftScope } from '../draftJournal';
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
  stepId: string;
  answers: Answer[];
  disabled: boolean;
  onChange(answers: Answer[]): void;
}

const FreeTextAnswer = memo(function FreeTextAnswer({
  stepId,
  answers,
  disabled,
  onChange,
}: AnswersProps) {
  const answer = answers[0];
  return (
    <TextInput
      label={TASK_FIELD_TEXTS.answerLabel}
      description={PREVIEW_TEXTS.freeTextHint}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={answer?.value ?? ''}
      maxLength={LIMITS.answerMaxLength}
      disabled={disabled}
      data-focus-key={`${stepId}:answer-1`}
      onChange={(event) => {
        const value = event.currentTarget.value;
        const base = answer ? answers.slice(0, 1) : [blankAnswer(newId(), true)];
        const first = base[0];
        if (first)
          onChange(setAnswerValue(base, first.id, value).map((a) => ({ ...a, correct: true })));
      }}
    />
  );
});

const MultipleChoiceAnswers = memo(function MultipleChoiceAnswers({
  stepId,
  answers,
  disabled,
  onChange,
}: AnswersProps) {
  // Four slots are always shown; a slot past the stored answers becomes an answer when typed in.
  const slots = Array.from({ length: LIMITS.multipleChoiceSlots }, (_, i) => answers[i]);
  const edit = (index: number, value: string) => {
    // Only up to the slot typed in, so empty optional slots are not stored.
    const padding = Array.from({ length: Math.max(0, index + 1 - answers.length) }, () =>
      blankAnswer(newId()),
    );
    const list = [...answers, ...padding];
    const target = list[index];
    if (target) onChange(setAnswerValue(list, target.id, value));
  };
  return (
    <Stack gap={6} role="group" aria-labelledby={`${stepId}-answers-label`}>
      <Input.Label component="div" id={`${stepId}-answers-label`}>
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
                if (answer) onChange(markCorrect(answers, answer.id));
              }}
            />
            <TextInput
              style={{ flex: 1 }}
              aria-label={answerSlotLabel(n)}
              placeholder={`${answerSlotLabel(n)} (${required ? 'required' : 'optional'})`}
              value={answer?.value ?? ''}
              maxLength={LIMITS.answerMaxLength}
              disabled={disabled}
              data-focus-key={`${stepId}:answer-${n}`}
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
});

/**
 * Digits only while typing (editing and navigation keys pass); clamped to 1–1000 on blur. What is
 * typed is written as it is typed too (clamped, and not while the field is empty), so no points
 * typed are lost to a closed tab; the field keeps showing the text as typed.
 */
const PointsInput = memo(function PointsInput({
  points,
  disabled,
  onType,
  onCommit,
}: {
  points: number;
  disabled: boolean;
  onType(points: number): void;
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
      onChange={(event) => {
        const typed = sanitizePointsInput(event.currentTarget.value);
        setText(typed);
        // An emptied field is a number being replaced: the stored points stay until one is typed.
        if (typed !== '') onType(pointsFromInput(typed));
      }}
      onBlur={() => {
        if (text === null) return;
        const next = pointsFromInput(text);
        setText(null);
        onCommit(next);
      }}
    />
  );
});

interface TextFieldProps {
  stepId: string;
  value: string;
  disabled: boolean;
  onChange(value: string): void;
}

const NameField = memo(function NameField({ stepId, value, disabled, onChange }: TextFieldProps) {
  return (
    <TextInput
      label={TASK_FIELD_TEXTS.nameLabel}
      placeholder={TASK_FIELD_TEXTS.namePlaceholder}
      value={value}
      maxLength={LIMITS.stepNameMaxLength}
      disabled={disabled}
      data-focus-key={`${stepId}:name`}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
});

/**
 * The question or challenge. It grows with its text through CSS (`field-sizing`), not by
 * measuring itself on every keystroke as Mantine's autosize does; browsers without it scroll.
 */
const QuestionField = memo(function QuestionField({
  challenge,
  value,
  disabled,
  onChange,
}: Omit<TextFieldProps, 'stepId'> & { challenge: boolean }) {
  return (
    <Textarea
      label={challenge ? 'Challenge' : 'Question'}
      placeholder={
        challenge ? TASK_FIELD_TEXTS.challengePlaceholder : TASK_FIELD_TEXTS.questionPlaceholder
      }
      rows={2}
      styles={QUESTION_STYLES}
      value={value}
      maxLength={LIMITS.stepTextMaxLength}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
});

const QUESTION_STYLES = {
  input: { fieldSizing: 'content', minHeight: '4.25rem', maxHeight: '14rem' },
} as const;

const TypeField = memo(function TypeField({
  type,
  disabled,
  onChange,
}: {
  type: StepType;
  disabled: boolean;
  onChange(type: StepType): void;
}) {
  const options = isSelectableStepType(type)
    ? STEP_TYPE_OPTIONS
    : [{ value: type, label: stepTypeLabel(type), disabled: true }, ...STEP_TYPE_OPTIONS];
  return (
    <NativeSelect
      label={TASK_FIELD_TEXTS.typeLabel}
      data={options}
      value={type}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value as StepType)}
    />
  );
});

export interface TaskFieldsProps {
  step: Step;
  /** Writes the card's draft; the promise says when that write has landed. */
  commit(draft: Step): Promise<unknown>;
  /** Whose template this is: what is not in IndexedDB yet is kept in the tab's journal. */
  scope: DraftScope | null;
}

export function TaskFields({ step, commit, scope }: TaskFieldsProps) {
  const { draft, update, flush } = useStepDraft(step, commit, scope);
  const disabled = step.locked;
  // Stable handlers: a keystroke in one field renders that field again, not its neighbours.
  // Typing is written as it goes (coalesced behind a write in flight); a discrete choice is
  // written `immediate`ly, even beside a write in flight.
  const handlers = useMemo(
    () => ({
      name: (name: string) => update((d) => ({ ...d, name })),
      text: (text: string) => update((d) => ({ ...d, text })),
      type: (type: StepType) => update((d) => changeStepType(d, type, newId), { immediate: true }),
      answers: (answers: Answer[]) => update((d) => ({ ...d, answers })),
      media: (media: Asset | null) => update((d) => ({ ...d, media }), { immediate: true }),
      points: (points: number) => update((d) => ({ ...d, points }), { immediate: true }),
      pointsTyped: (points: number) => update((d) => ({ ...d, points })),
    }),
    [update],
  );
  return (
    <Stack gap="md" onBlur={flush}>
      <NameField stepId={step.id} value={draft.name} disabled={disabled} onChange={handlers.name} />
      <TypeField type={draft.type} disabled={disabled} onChange={handlers.type} />
      <QuestionField
        challenge={isChallengeType(draft.type)}
        value={draft.text}
        disabled={disabled}
        onChange={handlers.text}
      />
      {draft.type === 'freeText' && (
        <FreeTextAnswer
          stepId={step.id}
          answers={draft.answers}
          disabled={disabled}
          onChange={handlers.answers}
        />
      )}
      {draft.type === 'multipleChoice' && (
        <MultipleChoiceAnswers
          stepId={step.id}
          answers={draft.answers}
          disabled={disabled}
          onChange={handlers.answers}
        />
      )}
      <TaskMediaUploader
        stepId={step.id}
        media={draft.media}
        disabled={disabled}
        onChange={handlers.media}
      />
      <PointsInput
        points={draft.points}
        disabled={disabled}
        onType={handlers.pointsTyped}
        onCommit={handlers.points}
      />
    </Stack>
  );
}
