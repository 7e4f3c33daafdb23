/**
 * The organiser's message to every team's phone (docs/games.md "Announcements"), one dialog for
 * both places that send it: the statistics screen's Game controls (with the screen key) and a
 * live row of My Activities (with the sign-in). Each passes its own `send`. The text stays when
 * sending fails, with the server's message under the field; it is cleared once sent.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { ANNOUNCEMENT_MAX_LENGTH } from '../domain/games';

export const ANNOUNCE_TEXTS = {
  title: 'Announce to every team',
  label: 'Message',
  placeholder: 'Lunch is ready in the atrium: come back for round two at 13:30.',
  send: 'Send to every phone',
  cancel: 'Cancel',
} as const;

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
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setSending(true);
    setError(null);
    const refusal = await send(text);
    setSending(false);
    if (refusal !== null) {
      setError(refusal);
      return;
    }
    setText('');
    onSent();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={ANNOUNCE_TEXTS.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '' && !sending) void submit();
        }}
      >
        <Stack gap="md">
          {heading}
          <Textarea
            label={ANNOUNCE_TEXTS.label}
            placeholder={ANNOUNCE_TEXTS.placeholder}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={ANNOUNCEMENT_MAX_LENGTH}
            autosize
            minRows={3}
            data-autofocus
            description={`${text.length} / ${ANNOUNCEMENT_MAX_LENGTH}`}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {ANNOUNCE_TEXTS.cancel}
            </Button>
            {/* brand.7: white text on the brand colour itself falls short of WCAG AA (4.4:1). */}
            <Button type="submit" color="brand.7" loading={sending} disabled={text.trim() === ''}>
              {ANNOUNCE_TEXTS.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
