/**
 * The template's Name and Description fields (SPEC §2.8 panel header). Each keystroke is a local
 * write (the sync worker carries it on). The field follows the document: a change
 * from elsewhere (another tab, another device, a merge) is shown as soon as nothing typed here
 * is still being written — focused or not — so the next keystroke edits what the organiser sees
 * instead of silently overwriting it; while a write of ours is under way the field keeps its own
 * text, so that the echo of an earlier keystroke never moves the caret or drops a letter. The writes
 * are coalesced only while one is in flight, and what waits is written on blur and when the page
 * goes (durableWrites.ts): a keystroke is durable one or two write-latencies later,
 * and kept in the tab's draft journal until then (draftJournal.ts).
 */
import { Textarea, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { LIMITS } from '../../domain/limits';
import { MESSAGES } from '../../domain/messages';
import { useBuilder } from './BuilderContext';
import { createDraftJournal } from './draftJournal';
import { createCoalescingWriter } from './durableWrites';

function useDraft(value: string, saver: Saver) {
  const [draft, setDraft] = useState(value);
  // The value shown when typing began and every value typed since, until the stored value has
  // caught up with the field: their echoes are not news from elsewhere.
  const [own, setOwn] = useState<readonly string[]>([]);
  // Only a change of the stored value is news; a render for any other reason must not take the
  // stored value back over text that is being written.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value === draft) {
      if (own.length > 0) setOwn([]);
    } else if (!own.includes(value) && !saver.busy) {
      setDraft(value);
    }
  }
  // Every write of ours has landed: what is stored now is the truth. A change from elsewhere
  // that came while we were writing, and landed after us, is shown now. A read overtaken by a
  // newer stored value (the draft recovery's write after a reload, say) is not applied: that
  // value has been handled above.
  const { busy, readStored } = saver;
  const valueChanges = useRef(0);
  useEffect(() => {
    valueChanges.current += 1;
  }, [value]);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const seenChanges = valueChanges.current;
    let cancelled = false;
    void readStored().then((stored) => {
      if (!cancelled && stored !== null && seenChanges === valueChanges.current) setDraft(stored);
    });
    return () => {
      cancelled = true;
    };
  }, [busy, readStored]);
  return {
    value: draft,
    onBlur: () => saver.flush(),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      setDraft(next);
      setOwn((values) => [...(values.length === 0 ? [value] : values), next]);
      // `value` is what the database holds as far as this field has seen.
      saver.write(next, value);
    },
  };
}

interface Saver {
  write(next: string, shown: string): void;
  flush(): void;
  /** A value typed here is waiting or being written (its echo is not news from elsewhere). */
  busy: boolean;
  /** The field's value as stored now; null when the activity is gone. */
  readStored(): Promise<string | null>;
}

function useSaver(field: 'name' | 'description'): Saver {
  const { templateId, update } = useBuilder();
  const { owner, db } = useDataContext();
  // One writer and one journal per field for the field's life: the writer knows which write is
  // in flight; the journal keeps what is not in IndexedDB yet in the tab until it is.
  const [busy, setBusy] = useState(false);
  const [{ writer, journal }] = useState(() => {
    const journal = createDraftJournal<string>(field, (a, b) => a === b);
    const writer = createCoalescingWriter<string>({
      onError: (error) =>
        console.error(`Saving the activity ${field} on this device failed`, error),
      onIdle: (outcome) => {
        setBusy(false);
        journal.idle(outcome);
      },
    });
    return { writer, journal };
  });
  // Leaving the screen writes what waits at once.
  useEffect(() => writer.flush, [writer]);
  const readStored = useCallback(
    async () => (await db.templates.findOne(templateId).exec())?.content[field] ?? null,
    [db, templateId, field],
  );
  return {
    write(next, shown) {
      // Kept in the tab first, in this very task: a reload from here on finds it.
      journal.changed({ owner, templateId, database: db.name }, next, shown);
      setBusy(true);
      writer.write(next, (value) => {
        journal.started(value);
        return update({ [field]: value }).then(() => journal.landed(value));
      });
    },
    flush: writer.flush,
    busy,
    readStored,
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
