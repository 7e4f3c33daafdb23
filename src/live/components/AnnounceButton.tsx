/**
 * "Announce" in the organiser's Game controls (docs/games.md "Announcements"): a message to every
 * team's phone, shown at once at the top of their screens. The dialog keeps the text if sending
 * fails, with the server's message under the field.
 */
import { useState } from 'react';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { ANNOUNCEMENT_MAX_LENGTH, type Announcement } from '../../domain/games';
import { postAnnouncement } from '../api';

export const ANNOUNCE_TEXTS = {
  button: 'Announce',
  title: 'Announce to every team',
  label: 'Message',
  placeholder: 'Lunch is ready in the atrium: come back for round two at 13:30.',
  send: 'Send to every phone',
  cancel: 'Cancel',
} as const;

export function AnnounceButton(props: {
  gameId: string;
  screenKey: string | null;
  onSent: (announcement: Announcement) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    setError(null);
    const result = await postAnnouncement(props.gameId, props.screenKey, text);
    setSending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    props.onSent(result.data);
    setText('');
    setOpen(false);
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {ANNOUNCE_TEXTS.button}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={ANNOUNCE_TEXTS.title} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() !== '' && !sending) void send();
          }}
        >
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
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setOpen(false)}>
              {ANNOUNCE_TEXTS.cancel}
            </Button>
            <Button type="submit" color="brand.7" loading={sending} disabled={text.trim() === ''}>
              {ANNOUNCE_TEXTS.send}
            </Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
