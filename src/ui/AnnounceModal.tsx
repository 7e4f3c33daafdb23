/**
 * The organiser's message to every team's phone (docs/games.md "Announcements"), one dialog for
 * both places that send it: the statistics screen's Game controls (with the screen key) and a
 * live row of My Activities (with the sign-in). Each passes its own `send`. The text is checked
 * with the server's own rule before it goes; it stays when sending fails, with the server's
 * message under the field, and is cleared once sent.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ANNOUNCEMENT_MAX_LENGTH, announcementRequestSchema } from '../domain/games';

export const ANNOUNCE_TEXTS = {
  title: 'Announce to every team',
  label: 'Message',
  placeholder: 'Lunch is ready in the atrium: come back for round two at 13:30.',
  send: 'Send to every phone',
  cancel: 'Cancel',
} as const;

// The server's own rule for the text, checked before sending (made once: useForm rebuilds its
// callbacks when the rules change identity).
const validateAnnouncement = schemaResolver(announcementRequestSchema, { sync: true });

export interface AnnounceModalProps {
  opened: boolean;
  onClose: () => void;
  /** Sends the text; resolves to the server's refusal, or null once it is sent. */
  send: (text: string) => Promise<string | null>;
  /** Called after a successful send (the dialog's owner closes it). */
  onSent: () => void;
  /** Above the field, e.g. which activity the message goes to. */
  heading?: ReactNode;
}

export function AnnounceModal({ opened, onClose, send, onSent, heading }: AnnounceModalProps) {
  // Outside the Modal: the text stays while the dialog is closed and opened again.
  const form = useForm({
    // Controlled: the counter and the Send button follow each key press.
    mode: 'controlled',
    initialValues: { text: '' },
    validate: validateAnnouncement,
  });

  const submit = form.onSubmit(async ({ text }) => {
    const refusal = await send(text);
    if (refusal !== null) {
      form.setFieldError('text', refusal);
      return;
    }
    form.reset();
    onSent();
  });

  const { text } = form.values;
  return (
    <Modal opened={opened} onClose={onClose} title={ANNOUNCE_TEXTS.title} centered>
      {/* Enter pressed again while the text is being sent sends nothing more. */}
      <form onSubmit={form.submitting ? (event) => event.preventDefault() : submit}>
        <Stack gap="md">
          {heading}
          <Textarea
            label={ANNOUNCE_TEXTS.label}
            placeholder={ANNOUNCE_TEXTS.placeholder}
            {...form.getInputProps('text')}
            maxLength={ANNOUNCEMENT_MAX_LENGTH}
            autosize
            minRows={3}
            data-autofocus
            description={`${text.length} / ${ANNOUNCEMENT_MAX_LENGTH}`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {ANNOUNCE_TEXTS.cancel}
            </Button>
            {/* brand.7: white text on the brand colour itself falls short of WCAG AA (4.4:1).
                Disabled only while empty: the text's other problems (a control character) are
                said under the field on Send, not by a button that will not press. */}
            <Button
              type="submit"
              color="brand.7"
              loading={form.submitting}
              disabled={text.trim() === ''}
            >
              {ANNOUNCE_TEXTS.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
