/**
 * "Announce" in the organiser's Game controls (docs/games.md "Announcements"): a message to every
 * team's phone, shown at once at the top of their screens. The dialog keeps the text if sending
 * fails, with the server's message under the field.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import type { Announcement } from '../../domain/games';
import { AnnounceModal } from '../../ui/AnnounceModal';
import { postAnnouncement } from '../api';

export function AnnounceButton(props: {
  gameId: string;
  screenKey: string | null;
  onSent: (announcement: Announcement) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Announce
      </Button>
      <AnnounceModal
        opened={open}
        onClose={() => setOpen(false)}
        send={async (text) => {
          const result = await postAnnouncement(props.gameId, props.screenKey, text);
          if (!result.ok) return result.error.message;
          props.onSent(result.data);
          return null;
        }}
        onSent={() => setOpen(false)}
      />
    </>
  );
}
