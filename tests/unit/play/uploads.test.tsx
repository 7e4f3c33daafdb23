// @vitest-environment happy-dom
/**
 * Uploads from phones never block answers: a photo or video uploads beside the
 * answers, the task list shows how far each upload got ("Uploading 45%") or that it waits for
 * the connection, and the team carries on answering meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PlayApp } from '../../../src/play/PlayApp';
import {
  answerResult,
  CODE,
  installFakeServer,
  playerState,
  playPath,
  routes,
  TOKEN,
} from './fakes';
import type { FakeServer, Reply } from './fakes';

let server: FakeServer;
let releaseUpload: (reply: Reply) => void;
let uploadReply: () => Reply | Promise<Reply>;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
  // Held until the test lets it go: a large video on a slow connection.
  uploadReply = () => new Promise<Reply>((resolve) => (releaseUpload = resolve));
  server = installFakeServer(
    routes({
      [`GET ${playPath('/me')}`]: { status: 200, body: playerState() },
      [`POST ${playPath('/answers')}`]: { status: 200, body: answerResult({}, 10) },
      [`POST ${playPath('/answers/media')}`]: () => ({ status: 500 }),
    }),
  );
  const base = server.handler;
  server.handler = (call) =>
    call.path === playPath('/answers/media') ? uploadReply() : base(call);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (name: RegExp) => screen.getByRole('link', { name });

async function sendVideo() {
  history.replaceState(null, '', `/play/${CODE}/tasks/s-video`);
  render(<PlayApp />);
  fireEvent.change(await screen.findByLabelText('Record video'), {
    target: { files: [new File(['mp4'], 'song.mp4', { type: 'video/mp4' })] },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Send video' }));
}

describe('uploads run beside the answers', () => {
  it('a video still uploading shows its percent on the task list while the next answer is sent and counted', async () => {
    server.uploadProgress = [[45, 100]];
    await sendVideo();
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('45'));
    expect(screen.getByText(/your video uploads in the background/)).toBeTruthy();

    // The team need not wait: the next task is one tap away, and its answer goes at once.
    fireEvent.click(screen.getByRole('button', { name: 'Next task' }));
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Correct!')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to tasks' }));
    await waitFor(() => expect(row(/Capital/).textContent).toContain('Answered · 10 points'));
    expect(row(/Team song/).textContent).toContain('Uploading 45%');

    releaseUpload({
      status: 200,
      body: answerResult({ stepId: 's-video', kind: 'media', correct: null, points: 40 }, 50),
    });
    await waitFor(() => expect(row(/Team song/).textContent).toContain('Answered · 40 points'));
    expect(localStorage.getItem(`teamtrail.play.${CODE}.outbox`)).toBeNull();
  });

  it('an upload without a connection says "Waiting for connection" and answers still go', async () => {
    uploadReply = () => 'offline';
    await sendVideo();
    expect(await screen.findByText(/uploads when you’re back online/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to tasks' }));
    await waitFor(() => expect(row(/Team song/).textContent).toContain('Waiting for connection'));

    fireEvent.click(row(/Capital/));
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Correct!')).toBeTruthy();
  });
});
