// @vitest-environment happy-dom
/**
 * SPEC §2.9 Video player: "Plays a named video, with 'Contact Us' and 'Close' buttons. Closing
 * pauses the video." Videos come from the catalogue of SPEC §3, served from /video/{slug}.mp4.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { VideoDialog } from '../../../src/features/publishing/VideoDialog';
import { BOOKING_LINK } from '../../../src/ui/marketingLinks';
import type { VideoSlug } from '../../../src/domain/constants';
import { renderAt } from './render';

let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ initial }: { initial: VideoSlug | null }) {
  const [slug, setSlug] = useState<VideoSlug | null>(initial);
  return (
    <>
      <button type="button" onClick={() => setSlug(null)}>
        Parent closes
      </button>
      <VideoDialog slug={slug} onClose={() => setSlug(null)} />
    </>
  );
}

const videoElement = () => document.querySelector('video');

describe('SPEC §2.9 Video player', () => {
  it('plays the named video of the catalogue, titled from it', async () => {
    renderAt('/', <Harness initial="welcome_to_teamtrail" />);
    expect(await screen.findByText('Welcome to Teamtrail')).toBeTruthy();
    const video = videoElement();
    expect(video?.getAttribute('src')).toBe('/video/welcome_to_teamtrail.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
  });

  it('is closed while the slug is null', () => {
    renderAt('/', <Harness initial={null} />);
    expect(videoElement()).toBeNull();
  });

  it('"Close" pauses the video', async () => {
    renderAt('/', <Harness initial="activity_builder_tutorial" />);
    await screen.findByText('Activity Builder Tutorial');
    const video = videoElement()!;
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(pause).toHaveBeenCalled();
    expect(pause.mock.contexts).toContain(video);
  });

  it('Escape pauses the video too', async () => {
    renderAt('/', <Harness initial="welcome_to_teamtrail" />);
    await screen.findByText('Welcome to Teamtrail');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(pause).toHaveBeenCalled();
  });

  it('a parent closing the dialog pauses the video', async () => {
    renderAt('/', <Harness initial="welcome_to_teamtrail" />);
    await screen.findByText('Welcome to Teamtrail');
    fireEvent.click(screen.getByRole('button', { name: 'Parent closes', hidden: true }));
    expect(pause).toHaveBeenCalled();
  });

  it('a video that fails to load is explained, with "Contact Us" and "Close"', async () => {
    renderAt('/', <Harness initial="creating_from_blank" />);
    await screen.findByText('Creating an activity from a blank template');
    fireEvent.error(videoElement()!);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This video is not available right now',
    );
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      BOOKING_LINK.href,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
