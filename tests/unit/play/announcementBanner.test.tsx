// @vitest-environment happy-dom
/**
 * The organiser's announcement on the phone (docs/games.md "Announcements"): the latest shows at
 * the top until the team taps "Got it"; a reload does not bring it back; a newer one shows again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AnnouncementBanner } from '../../../src/play/AnnouncementBanner';
import { CODE } from './fakes';

const lunch = { id: 'a1', text: 'Lunch in the atrium', createdAt: '2030-01-01T12:00:00.000Z' };
const round = { id: 'a2', text: 'Round two starts now', createdAt: '2030-01-01T13:00:00.000Z' };

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('announcement banner', () => {
  it('shows the latest announcement, newest first as the server sends them', () => {
    render(<AnnouncementBanner code={CODE} announcements={[round, lunch]} />);
    const banner = screen.getByRole('status', { name: 'Announcement' });
    expect(banner.textContent).toContain('Round two starts now');
    expect(banner.textContent).not.toContain('Lunch');
  });

  it('"Got it" hides it, also after a reload; a newer announcement shows again', () => {
    const first = render(<AnnouncementBanner code={CODE} announcements={[lunch]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status', { name: 'Announcement' })).toBeNull();
    first.unmount();
    const reloaded = render(<AnnouncementBanner code={CODE} announcements={[lunch]} />);
    expect(screen.queryByRole('status', { name: 'Announcement' })).toBeNull();
    reloaded.unmount();
    render(<AnnouncementBanner code={CODE} announcements={[round, lunch]} />);
    expect(screen.getByRole('status', { name: 'Announcement' }).textContent).toContain('Round two');
  });

  it('shows nothing without announcements', () => {
    render(<AnnouncementBanner code={CODE} announcements={[]} />);
    expect(screen.queryByRole('status', { name: 'Announcement' })).toBeNull();
  });
});
