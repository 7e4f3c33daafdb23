/**
 * The topics box of the AI assistant (the wizard, the "Create new game" dialog and the builder's
 * "Generate with AI"): a growing text area cut at SPEC §5's 1000 characters, with an "n / 1000"
 * counter read out as it changes and turning red at the limit; when a form checks it, the form's
 * message shows under the field.
 */
import { Text, Textarea, type TextareaProps } from '@mantine/core';
import { useId } from 'react';
import { LIMITS } from '../../domain/limits';

const MAX = LIMITS.topicsMaxLength;

export const topicsCounter = (length: number, max = MAX): string => `${length} / ${max}`;

export interface TopicsFieldProps extends Pick<
  TextareaProps,
  'label' | 'placeholder' | 'minRows' | 'maxRows' | 'size' | 'autoFocus' | 'styles' | 'error'
> {
  value: string;
  /** Receives the text already cut to the limit. */
  onChange(value: string): void;
  /** Ids of other elements that describe the field, e.g. a note under it. */
  describedBy?: string;
}

export function TopicsField({ value, onChange, describedBy, ...textarea }: TopicsFieldProps) {
  const counterId = useId();
  return (
    <div>
      <Textarea
        {...textarea}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, MAX))}
        maxLength={MAX}
        autosize
        data-autofocus
        aria-describedby={describedBy ? `${describedBy} ${counterId}` : counterId}
      />
      <Text
        id={counterId}
        size="xs"
        c={value.length >= MAX ? 'red.8' : 'dimmed'}
        ta="right"
        mt={4}
        aria-live="polite"
      >
        {topicsCounter(value.length)}
      </Text>
    </div>
  );
}
