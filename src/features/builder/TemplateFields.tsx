/**
 * The template's Name and Description fields (SPEC §2.8 panel header). Each keystroke is a local
 * write (the sync worker carries it on); the field keeps its own text while focused so that the
 * database's echo of an earlier keystroke never moves the caret or drops a letter.
 */
import { Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { LIMITS } from '../../domain/limits';
import { MESSAGES } from '../../domain/messages';
import { useBuilder } from './BuilderContext';

function useDraft(value: string, save: (next: string) => void) {
  const [draft, setDraft] = useState(value);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);
  return {
    value: draft,
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setDraft(event.currentTarget.value);
      save(event.currentTarget.value);
    },
  };
}

function useSaver(field: 'name' | 'description') {
  const { update } = useBuilder();
  return (next: string) => {
    update({ [field]: next }).catch((error: unknown) => {
      console.error(`Saving the activity ${field} on this device failed`, error);
    });
  };
}

export function TemplateNameField({ compact = false }: { compact?: boolean }) {
  const { template } = useBuilder();
  const draft = useDraft(template.name, useSaver('name'));
  const empty = draft.value.trim() === '';
  return (
    <TextInput
      label="Name"
      placeholder="Activity name"
      required
      maxLength={LIMITS.templateNameMaxLength}
      error={empty ? MESSAGES.template.nameRequired : undefined}
      size={compact ? 'sm' : 'md'}
      data-testid="template-name"
      {...draft}
    />
  );
}

export function TemplateDescriptionField() {
  const { template } = useBuilder();
  const draft = useDraft(template.description, useSaver('description'));
  return (
    <Textarea
      label="Description"
      placeholder="What is this activity about? (optional)"
      rows={3}
      maxLength={LIMITS.templateDescriptionMaxLength}
      {...draft}
    />
  );
}
