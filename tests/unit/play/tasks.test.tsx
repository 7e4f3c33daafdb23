// @vitest-environment happy-dom
/**
 * The task list and one task per type, as the builder's task preview shows it (SPEC §2.8 "Task
 * preview"): what is shown, what is sent, and what the team sees after answering.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PlayApp } from '../../../src/play/PlayApp';
import {
  answerResult,
  CODE,
  installFakeServer,
  playerState,
  playPath,
  progressEntry,
  routes,
  TOKEN,
} from './fakes';
import type { Call, FakeServer, Reply } from './fakes';
import type { PlayerState } from '../../../src/domain/games';

let server: FakeServer;
let state: PlayerState;
let answerReply: (call: Call) => Reply;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
  state = playerState();
  answerReply = () => ({ status: 200, body: answerResult({}, 10) });
  server = installFakeServer(
    routes({
      [`GET ${playPath('/me')}`]: () => ({ status: 200, body: state }),
      [`POST ${playPath('/answers')}`]: (call) => answerReply(call),
      [`POST ${playPath('/answers/media')}`]: (call) => answerReply(call),
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answers = () => server.calls.filter((c) => c.path === playPath('/answers'));
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** When the answer was made, in server time (late delivery, docs/games.md). */
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function openTask(stepId: string) {
  history.replaceState(null, '', `/play/${CODE}/tasks/${stepId}`);
  render(<PlayApp />);
  await screen.findByRole('button', { name: 'Tasks' });
}

describe('the task list', () => {
  it('lists every task with its type, points and status, and the team’s score', async () => {
    state = playerState({
      team: { ...state.team, score: 10 },
      progress: [
        progressEntry({ stepId: 's-free', points: 10 }),
        progressEntry({ stepId: 's-mc', kind: 'pass', correct: false, points: 0 }),
      ],
    });
    history.replaceState(null, '', `/play/${CODE}`);
    render(<PlayApp />);
    const rows = await screen.findAllByRole('link', { name: /points/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      '✓CapitalFree Text · 10 pointsAnswered · 10 points',
      '–PlanetsMultiple Choice · 20 pointsPassed',
      '3Human pyramidChallenge · 30 pointsTo do',
      '4Team selfiePhoto Challenge · 50 pointsTo do',
      '5Team songVideo Challenge · 40 pointsTo do',
    ]);
    expect(screen.getByText('2 of 5 tasks done')).toBeTruthy();
    expect(screen.getByText('Team score:').parentElement?.textContent).toBe('Team score: 10 pts');
  });

  it('a task opens from the list, and "Later" goes back with the task still to do', async () => {
    history.replaceState(null, '', `/play/${CODE}`);
    render(<PlayApp />);
    fireEvent.click(await screen.findByRole('link', { name: /Human pyramid/ }));
    expect(location.pathname).toBe(`/play/${CODE}/tasks/s-std`);
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(location.pathname).toBe(`/play/${CODE}`);
    expect((await screen.findByRole('link', { name: /Human pyramid/ })).textContent).toContain(
      'To do',
    );
    expect(answers()).toEqual([]);
  });

  it('an activity without tasks says so', async () => {
    state = playerState({ steps: [] });
    history.replaceState(null, '', `/play/${CODE}`);
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'No tasks yet' })).toBeTruthy();
  });
});

describe('free text', () => {
  it('shows the banner with name and points, "1 attempt", the text, and an answer field', async () => {
    await openTask('s-free');
    expect(screen.getByRole('heading', { level: 1, name: 'Capital' })).toBeTruthy();
    expect(screen.getByText('10 points')).toBeTruthy();
    expect(screen.getByText(/1 attempt/)).toBeTruthy();
    expect(screen.getByText('What is the capital of France?')).toBeTruthy();
    expect(screen.getByLabelText('Your answer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pass' })).toBeTruthy();
  });

  it('sends {stepId, clientId, text} and shows "Correct!" with the points', async () => {
    await openTask('s-free');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: ' paris ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Correct!')).toBeTruthy();
    expect(screen.getByText('+10 points')).toBeTruthy();
    const body = answers()[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      stepId: 's-free',
      clientId: expect.stringMatching(uuid),
      answeredAt: expect.stringMatching(isoInstant),
      text: 'paris',
    });
    expect(answers()[0]?.headers.TeamToken).toBe(TOKEN);
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });

  it('a wrong answer shows "Not quite" and 0 points', async () => {
    answerReply = () => ({
      status: 200,
      body: answerResult({ correct: false, points: 0 }, 0),
    });
    await openTask('s-free');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'Lyon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Not quite')).toBeTruthy();
    expect(screen.getByText('0 points')).toBeTruthy();
  });

  it('an empty answer cannot be sent', async () => {
    await openTask('s-free');
    expect(
      (screen.getByRole('button', { name: 'Send answer' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('multiple choice', () => {
  it('shows one radio row per answer and sends the chosen answer’s id', async () => {
    answerReply = () => ({
      status: 200,
      body: answerResult({ stepId: 's-mc', points: 20 }, 20),
    });
    await openTask('s-mc');
    expect(screen.getByText(/1 attempt/)).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.parentElement?.textContent)).toEqual(['Jupiter', 'Mars', 'Venus']);
    fireEvent.click(screen.getByLabelText('Jupiter'));
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Correct!')).toBeTruthy();
    expect(answers()[0]?.body).toEqual({
      stepId: 's-mc',
      clientId: expect.stringMatching(uuid),
      answeredAt: expect.stringMatching(isoInstant),
      answerId: 'a1',
    });
  });
});

describe('challenges', () => {
  it('standard: the response line, and "Continue" sends {done: true}', async () => {
    answerReply = () => ({
      status: 200,
      body: answerResult({ stepId: 's-std', kind: 'done', correct: null, points: 30 }, 30),
    });
    await openTask('s-std');
    expect(screen.getByText(/Requires an action to be undertaken/)).toBeTruthy();
    expect(screen.queryByText(/attempt/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Challenge complete!')).toBeTruthy();
    expect(screen.getByText('+30 points')).toBeTruthy();
    expect(answers()[0]?.body).toEqual({
      stepId: 's-std',
      clientId: expect.stringMatching(uuid),
      answeredAt: expect.stringMatching(isoInstant),
      done: true,
    });
  });

  it('photo: "Take a photo" opens the back camera, and the photo is uploaded with stepId and clientId', async () => {
    answerReply = () => ({
      status: 200,
      body: answerResult(
        { stepId: 's-photo', kind: 'media', correct: null, points: 50, mediaUrl: '/uploads/p.jpg' },
        50,
      ),
    });
    await openTask('s-photo');
    expect(screen.getByText(/Requires a photo to complete challenge/)).toBeTruthy();
    const input = screen.getByLabelText('Take a photo') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');

    const photo = new File(['jpeg'], 'statue.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(await screen.findByAltText('Your photo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send photo' }));

    expect(await screen.findByText('Photo sent!')).toBeTruthy();
    expect(screen.getByText('+50 points')).toBeTruthy();
    const upload = server.calls.find((c) => c.path === playPath('/answers/media'))!;
    const form = upload.body as FormData;
    expect(upload.headers.TeamToken).toBe(TOKEN);
    expect(form.get('stepId')).toBe('s-photo');
    expect(form.get('clientId')).toMatch(uuid);
    expect(form.get('answeredAt')).toMatch(isoInstant);
    expect((form.get('media') as File).name).toBe('statue.jpg');
  });

  it('photo: the upload shows a progress bar while it is sent', async () => {
    let release: (reply: Reply) => void = () => {};
    const base = server.handler;
    server.handler = (call) =>
      call.path === playPath('/answers/media')
        ? new Promise<Reply>((resolve) => (release = resolve))
        : base(call);
    server.uploadProgress = [[3, 4]];
    await openTask('s-photo');
    fireEvent.change(screen.getByLabelText('Take a photo'), {
      target: { files: [new File(['jpeg'], 'p.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send photo' }));
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('75'));
    release({
      status: 200,
      body: answerResult({ stepId: 's-photo', kind: 'media', correct: null, points: 50 }, 50),
    });
    expect(await screen.findByText('Photo sent!')).toBeTruthy();
  });

  it('video: "Record video" asks for a video from the back camera', async () => {
    await openTask('s-video');
    expect(screen.getByText(/Requires a video to complete challenge/)).toBeTruthy();
    const input = screen.getByLabelText('Record video') as HTMLInputElement;
    expect(input.accept).toBe('video/*');
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.change(input, {
      target: { files: [new File(['mp4'], 'song.mp4', { type: 'video/mp4' })] },
    });
    expect(await screen.findByRole('button', { name: 'Send video' })).toBeTruthy();
    expect(screen.getByLabelText('Your video')).toBeTruthy();
  });
});

describe('"Pass"', () => {
  it('asks to confirm, then sends {pass: true} and shows "Passed"', async () => {
    answerReply = () => ({
      status: 200,
      body: answerResult({ stepId: 's-free', kind: 'pass', correct: false, points: 0 }, 0),
    });
    await openTask('s-free');
    fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pass this task?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(answers()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('Passed')).toBeTruthy();
    expect(answers()[0]?.body).toEqual({
      stepId: 's-free',
      clientId: expect.stringMatching(uuid),
      answeredAt: expect.stringMatching(isoInstant),
      pass: true,
    });
  });
});

describe('answers without a connection', () => {
  it('a queued answer says "Saved on this phone – will be sent when you’re back online"', async () => {
    await openTask('s-free');
    const base = server.handler;
    server.handler = (call) => (call.path === playPath('/answers') ? 'offline' : base(call));
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(
      await screen.findByText('Saved on this phone – will be sent when you’re back online'),
    ).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(`teamtrail.play.${CODE}.outbox`)!)).toHaveLength(1);

    server.handler = base;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Correct!')).toBeTruthy();
    expect(localStorage.getItem(`teamtrail.play.${CODE}.outbox`)).toBeNull();
  });

  it('a refused answer shows the server’s errorMessage and the task can be answered again', async () => {
    answerReply = () => ({
      status: 410,
      body: { errorMessage: 'This activity has ended' },
    });
    await openTask('s-free');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This activity has ended');
    expect(localStorage.getItem(`teamtrail.play.${CODE}.outbox`)).toBeNull();
  });

  it('answers left on the phone by an earlier visit are sent when the game opens', async () => {
    localStorage.setItem(
      `teamtrail.play.${CODE}.outbox`,
      JSON.stringify([{ clientId: 'c-left', stepId: 's-free', createdAt: 1, text: 'Paris' }]),
    );
    history.replaceState(null, '', `/play/${CODE}`);
    render(<PlayApp />);
    await waitFor(() => expect(answers()).toHaveLength(1));
    expect((answers()[0]?.body as { clientId: string }).clientId).toBe('c-left');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Capital/ }).textContent).toContain('Answered'),
    );
  });
});

describe('after the end', () => {
  it('an ended game shows the answers as closed', async () => {
    state = playerState({ game: { ...state.game, phase: 'ended' } });
    await openTask('s-free');
    expect(screen.getByText('This activity has ended: answers are closed.')).toBeTruthy();
    expect(screen.queryByLabelText('Your answer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });
});
