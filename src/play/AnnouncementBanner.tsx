/**
 * The organiser's latest announcement (docs/games.md "Announcements"), at the top of the phone's
 * screens until the team taps "Got it". Which one was dismissed is kept on the phone per code,
 * so a reload does not bring it back and a newer one shows again.
 */
import { useState } from 'react';
import { formatDisplayTime } from '../domain/constants';
import type { Announcement } from '../domain/games';

const dismissedKey = (code: string) => `teamtrail.play.${code}.announcementSeen`;

function readDismissed(code: string): string | null {
  try {
    return localStorage.getItem(dismissedKey(code));
  } catch {
    return null;
  }
}

export function AnnouncementBanner(props: {
  code: string;
  announcements: readonly Announcement[];
}) {
  const latest = props.announcements[0];
  const [dismissed, setDismissed] = useState(() => readDismissed(props.code));
  if (!latest || latest.id === dismissed) return null;
  const dismiss = () => {
    setDismissed(latest.id);
    try {
      localStorage.setItem(dismissedKey(props.code), latest.id);
    } catch {
      // not kept: it shows again after a reload, which loses nothing
    }
  };
  return (
    <section className="pl-announcement" role="status" aria-label="Announcement">
      <p className="pl-announcement-head">
        From the organiser · {formatDisplayTime(new Date(latest.createdAt))}
      </p>
      <p className="pl-announcement-text">{latest.text}</p>
      <button type="button" className="pl-announcement-ok" onClick={dismiss}>
        Got it
      </button>
    </section>
  );
}
