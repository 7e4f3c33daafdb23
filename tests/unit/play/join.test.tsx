// @vitest-environment happy-dom
/**
 * Joining a game and coming back to it (docs/games.md "The player"): the game's phase, the two
 * joining steps, the team token kept per code, rejoining with it, and a 401 → join again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TEAM_GONE } from '../../../src/play/Game';
import { PlayApp } from '../../../src/play/PlayApp';
import {
  CODE,
  installFakeServer,
  playerState,
  playPath,
  publicGame,
  routes,
  team,
  TOKEN,
} from './fakes';
import type { Call, FakeServer, Reply } from './fakes';

let server: FakeServer;
let table: Record<string, Reply | ((call: Call) => Reply)>;

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', `/play/${CODE}`);
  table = {
    [`GET ${playPath()}`]: { status: 200, body: publicGame() },
    [`POST ${playPath('/teams')}`]: { status: 201, body: { team: team(), token: TOKEN } },
    [`GET ${playPath('/me')}`]: (call) =>
      call.headers.TeamToken === TOKEN
        ? { status: 200, body: playerState() }
        : { status: 401, body: { errorMessage: 'Join the activity first' } },
    [`POST ${playPath('/team/photo')}`]: {
      status: 200,
      body: team({ photoUrl: '/uploads/t1.jpg' }),
    },
  };
  server = installFakeServer(routes(table));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const nameField = () => screen.getByLabelText('Team Name') as HTMLInputElement;
const joinButton = () => screen.getByRole('button', { name: 'Join the game' });
const callsTo = (method: string, rest: string) =>
  server.calls.filter((c) => c.method === method && c.path === playPath(rest));

function chooseName(name: string) {
  fireEvent.change(nameField(), { target: { value: name } });
}

describe('the game’s phase before joining', () => {
  it('not started yet: shows when it starts, and opens joining by itself once it has started', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    const startsAt = new Date(Date.now() + 90_000);
    table[`GET ${playPath()}`] = {
      status: 200,
      body: publicGame({ phase: 'upcoming', startsAt: startsAt.toISOString() }),
    };
    render(<PlayApp />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Not started yet')).toBeTruthy();
    expect(screen.getByText(/in 1 min 30 s/)).toBeTruthy();

    table[`GET ${playPath()}`] = { status: 200, body: publicGame({ phase: 'open' }) };
    await act(() => vi.advanceTimersByTimeAsync(91_000));
    expect(screen.getByRole('heading', { name: 'Choose your team name' })).toBeTruthy();
  });

  it('ended: says so', async () => {
    table[`GET ${playPath()}`] = { status: 200, body: publicGame({ phase: 'ended' }) };
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'This activity has ended' })).toBeTruthy();
  });

  it('full (403 from joining): the server’s errorMessage is shown', async () => {
    const full = 'This activity is full: it takes no more teams.';
    table[`POST ${playPath('/teams')}`] = { status: 403, body: { errorMessage: full } };
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Choose your team name' });
    chooseName('The Owls');
    fireEvent.click(joinButton());
    expect(await screen.findByRole('heading', { name: 'This activity is full' })).toBeTruthy();
    expect(screen.getByText(full)).toBeTruthy();
  });

  it('full before joining (as many teams as the game takes): joining is not offered', async () => {
    table[`GET ${playPath()}`] = { status: 200, body: publicGame({ teamsCount: 3, maxTeams: 3 }) };
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'This activity is full' })).toBeTruthy();
    expect(screen.queryByLabelText('Team Name')).toBeNull();
  });

  it('joining just before the start (409 not started) shows the not-started screen', async () => {
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Choose your team name' });
    table[`POST ${playPath('/teams')}`] = {
      status: 409,
      body: { errorMessage: 'This activity has not started yet.' },
    };
    table[`GET ${playPath()}`] = {
      status: 200,
      body: publicGame({
        phase: 'upcoming',
        startsAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    };
    chooseName('The Owls');
    fireEvent.click(joinButton());
    expect(await screen.findByText('Not started yet')).toBeTruthy();
  });
});

describe('joining: Step 1 / Take your team photo, Step 2 / Choose your team name', () => {
  it('shows the selfie screen’s texts on the selfie background colour', async () => {
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Take your team photo' });
    expect(screen.getByText('Step 1')).toBeTruthy();
    expect(screen.getByText('Step 2')).toBeTruthy();
    expect(screen.getByText('Tap to take')).toBeTruthy();
    expect(nameField().placeholder).toBe('Tap to edit');
    const camera = screen.getByLabelText(/Tap to take/) as HTMLInputElement;
    expect(camera.type).toBe('file');
    expect(camera.accept).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('user');
    const page = document.querySelector('.pl-selfie') as HTMLElement;
    expect(page.style.getPropertyValue('--selfie')).toBe('#FCB900');
  });

  it('joining keeps the team token under teamtrail.play.{code} and opens the tasks', async () => {
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Choose your team name' });
    chooseName('  The Owls ');
    fireEvent.click(joinButton());
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(callsTo('POST', '/teams')[0]?.body).toEqual({ name: 'The Owls' });
    expect(localStorage.getItem(`teamtrail.play.${CODE}`)).toBe(TOKEN);
    expect(callsTo('GET', '/me')[0]?.headers.TeamToken).toBe(TOKEN);
    expect(callsTo('POST', '/team/photo')).toEqual([]);
  });

  it('an empty team name is refused on the phone: "Choose a team name."', async () => {
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Choose your team name' });
    fireEvent.click(joinButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a team name.');
    expect(callsTo('POST', '/teams')).toEqual([]);
  });

  it('a taken name (409) is said next to the name field', async () => {
    table[`POST ${playPath('/teams')}`] = {
      status: 409,
      body: { errorMessage: 'Another team already has this name' },
    };
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Choose your team name' });
    chooseName('The Owls');
    fireEvent.click(joinButton());
    const error = await screen.findByText('Another team already has this name');
    expect(error.id).toBe(nameField().getAttribute('aria-describedby'));
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem(`teamtrail.play.${CODE}`)).toBeNull();
  });

  it('the photo taken in step 1 is uploaded right after joining, with the team token', async () => {
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Take your team photo' });
    const photo = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText(/Tap to take/), { target: { files: [photo] } });
    expect(await screen.findByAltText('Your team photo')).toBeTruthy();
    chooseName('The Owls');
    fireEvent.click(joinButton());
    await screen.findByText('The Owls');
    const [upload] = callsTo('POST', '/team/photo');
    expect(upload?.headers.TeamToken).toBe(TOKEN);
    expect((upload?.body as FormData).get('photo')).toBeInstanceOf(Blob);
    expect(callsTo('POST', '/teams')).toHaveLength(1);
  });

  it('a photo that could not be sent can be tried again or skipped: the team has joined', async () => {
    table[`POST ${playPath('/team/photo')}`] = 'offline';
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Take your team photo' });
    fireEvent.change(screen.getByLabelText(/Tap to take/), {
      target: { files: [new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    await screen.findByAltText('Your team photo');
    chooseName('The Owls');
    fireEvent.click(joinButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your team has joined, but the photo could not be sent.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo('POST', '/team/photo')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Skip the photo' }));
    expect(await screen.findByText('The Owls')).toBeTruthy();
  });
});

describe('coming back with the same phone', () => {
  it('a stored team token rejoins as the same team (GET /me with the TeamToken header)', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
    render(<PlayApp />);
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(callsTo('GET', '/me')[0]?.headers.TeamToken).toBe(TOKEN);
    expect(callsTo('POST', '/teams')).toEqual([]);
  });

  it('a 401 for the stored token forgets it and shows joining again', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, 'an-old-token');
    localStorage.setItem(
      `teamtrail.play.${CODE}.outbox`,
      JSON.stringify([{ clientId: 'c-1', stepId: 's-free', createdAt: 1, text: 'Paris' }]),
    );
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'Choose your team name' })).toBeTruthy();
    expect(screen.getByText(TEAM_GONE)).toBeTruthy();
    expect(localStorage.getItem(`teamtrail.play.${CODE}`)).toBeNull();
    expect(localStorage.getItem(`teamtrail.play.${CODE}.outbox`)).toBeNull();
  });

  it('without a connection, the state kept on the phone is shown', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
    render(<PlayApp />);
    await screen.findByText('The Owls');
    cleanup();

    server.handler = () => 'offline';
    render(<PlayApp />);
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
  });

  it('without a connection and nothing kept, the phone says so and offers to try again', async () => {
    server.handler = () => 'offline';
    render(<PlayApp />);
    expect((await screen.findByRole('alert')).textContent).toContain('You seem to be offline.');
    server.handler = routes(table);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose your team name' })).toBeTruthy();
  });
});
