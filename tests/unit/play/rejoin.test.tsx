// @vitest-environment happy-dom
/**
 * A team moves to another phone (docs/games.md "A team moves to another phone"): the team's phone
 * shows its team code and a QR code ("Use another phone"); another phone continues as the team
 * from the QR code's address (/play/{code}?rejoin=…) or with the code typed in "Continue as an
 * existing team", and keeps a token of its own. A wrong code shows the server's message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PlayApp } from '../../../src/play/PlayApp';
import {
  CODE,
  installFakeServer,
  playerState,
  playPath,
  publicGame,
  REJOIN_CODE,
  routes,
  team,
  TOKEN,
} from './fakes';
import type { Call, FakeServer, Reply } from './fakes';

const NEW_TOKEN = 'team-token-2';
const WRONG_CODE = "No team in this activity has that code. Check it on the team's other phone.";

let server: FakeServer;
let table: Record<string, Reply | ((call: Call) => Reply)>;

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', `/play/${CODE}`);
  table = {
    [`GET ${playPath()}`]: { status: 200, body: publicGame() },
    [`GET ${playPath('/me')}`]: (call) =>
      call.headers.TeamToken === TOKEN || call.headers.TeamToken === NEW_TOKEN
        ? { status: 200, body: playerState() }
        : { status: 401, body: { errorMessage: 'Join the activity first' } },
    [`POST ${playPath('/teams/rejoin')}`]: (call) =>
      (call.body as { rejoinCode: string }).rejoinCode === REJOIN_CODE
        ? { status: 200, body: { team: team(), token: NEW_TOKEN } }
        : { status: 404, body: { errorMessage: WRONG_CODE } },
  };
  server = installFakeServer(routes(table));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rejoins = () => server.calls.filter((c) => c.path === playPath('/teams/rejoin'));
const storedToken = () => localStorage.getItem(`teamtrail.play.${CODE}`);

describe('on the team’s phone: “Use another phone”', () => {
  it('shows the team code, large and spaced, and a QR code of the address that rejoins', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
    render(<PlayApp />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use another phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Play on another phone' });
    expect(within(dialog).getByText('KXT 492')).toBeTruthy();
    // The activity code, for typing it on the other phone.
    expect(within(dialog).getByText('ABCD 2345')).toBeTruthy();
    const qr = (await within(dialog).findByRole('img', {
      name: 'QR code to continue as The Owls',
    })) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(qr.src)).toContain('<svg');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not offered once the activity has ended', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
    table[`GET ${playPath('/me')}`] = {
      status: 200,
      body: playerState({ game: publicGame({ phase: 'ended' }) }),
    };
    render(<PlayApp />);
    await screen.findByText('The Owls');
    expect(screen.queryByRole('button', { name: 'Use another phone' })).toBeNull();
  });
});

describe('on the other phone: the QR code’s address (/play/{code}?rejoin=…)', () => {
  it('continues as the team with a token of its own, and tidies the address', async () => {
    history.replaceState(null, '', `/play/${CODE}?rejoin=kxt%20492`);
    render(<PlayApp />);
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(rejoins()).toHaveLength(1);
    expect(rejoins()[0]?.body).toEqual({ rejoinCode: REJOIN_CODE });
    expect(storedToken()).toBe(NEW_TOKEN);
    const me = server.calls.filter((c) => c.path === playPath('/me'));
    expect(me.at(-1)?.headers.TeamToken).toBe(NEW_TOKEN);
    expect(location.pathname).toBe(`/play/${CODE}`);
    expect(location.search).toBe('');
  });

  it('a wrong code shows the server’s message in “Continue as an existing team”, and joining', async () => {
    history.replaceState(null, '', `/play/${CODE}?rejoin=ZZZ222`);
    render(<PlayApp />);
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    expect((screen.getByLabelText('Team code') as HTMLInputElement).value).toBe('ZZZ 222');
    // Joining as a new team is still there.
    expect(screen.getByRole('heading', { name: 'Choose your team name' })).toBeTruthy();
    expect(storedToken()).toBeNull();
    expect(location.search).toBe('');
  });

  it('a phone that is this team already asks nothing', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
    localStorage.setItem(`teamtrail.play.${CODE}.state`, JSON.stringify(playerState()));
    history.replaceState(null, '', `/play/${CODE}?rejoin=${REJOIN_CODE}`);
    render(<PlayApp />);
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(rejoins()).toEqual([]);
    expect(storedToken()).toBe(TOKEN);
  });

  it('a phone that was another team becomes this one, and forgets the other team’s unsent answers', async () => {
    localStorage.setItem(`teamtrail.play.${CODE}`, 'other-team-token');
    localStorage.setItem(
      `teamtrail.play.${CODE}.state`,
      JSON.stringify(
        playerState({ team: team({ id: 't9', name: 'Foxes' }), rejoinCode: 'AAA222' }),
      ),
    );
    localStorage.setItem(
      `teamtrail.play.${CODE}.outbox`,
      JSON.stringify([{ clientId: 'c-1', stepId: 's-free', createdAt: 1, text: 'Paris' }]),
    );
    history.replaceState(null, '', `/play/${CODE}?rejoin=${REJOIN_CODE}`);
    render(<PlayApp />);
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(storedToken()).toBe(NEW_TOKEN);
    expect(server.calls.some((c) => c.headers.TeamToken === 'other-team-token')).toBe(false);
    // The Foxes' unsent answer is not sent as the Owls'.
    expect(server.calls.filter((c) => c.path === playPath('/answers'))).toEqual([]);
    expect(JSON.parse(localStorage.getItem(`teamtrail.play.${CODE}.outbox`) ?? '[]')).toEqual([]);
  });

  it('an ended activity (410) shows that it has ended', async () => {
    table[`POST ${playPath('/teams/rejoin')}`] = {
      status: 410,
      body: { errorMessage: 'This activity has ended.' },
    };
    table[`GET ${playPath()}`] = { status: 200, body: publicGame({ phase: 'ended' }) };
    history.replaceState(null, '', `/play/${CODE}?rejoin=${REJOIN_CODE}`);
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'This activity has ended' })).toBeTruthy();
    expect(storedToken()).toBeNull();
  });
});

describe('on the other phone: “Continue as an existing team” typed', () => {
  async function openForm() {
    render(<PlayApp />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as an existing team' }));
    return screen.getByLabelText('Team code') as HTMLInputElement;
  }

  it('any case and spaces: continues as the team', async () => {
    const field = await openForm();
    fireEvent.change(field, { target: { value: 'kxt 492' } });
    expect(field.value).toBe('KXT 492');
    fireEvent.click(screen.getByRole('button', { name: 'Continue as this team' }));
    expect(await screen.findByText('The Owls')).toBeTruthy();
    expect(rejoins()[0]?.body).toEqual({ rejoinCode: REJOIN_CODE });
    expect(storedToken()).toBe(NEW_TOKEN);
  });

  it('a wrong code shows the server’s message; nothing is kept', async () => {
    const field = await openForm();
    fireEvent.change(field, { target: { value: 'ZZZ 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue as this team' }));
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(storedToken()).toBeNull();
  });

  it('a code that cannot be one is said on the phone, without asking the server', async () => {
    const field = await openForm();
    fireEvent.change(field, { target: { value: 'AB1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue as this team' }));
    expect(
      await screen.findByText('Team codes have 6 letters and numbers, like ABC 234.'),
    ).toBeTruthy();
    expect(rejoins()).toEqual([]);
  });

  it('is offered when the activity is full', async () => {
    table[`GET ${playPath()}`] = { status: 200, body: publicGame({ teamsCount: 3, maxTeams: 3 }) };
    const field = await openForm();
    expect(screen.getByRole('heading', { name: 'This activity is full' })).toBeTruthy();
    fireEvent.change(field, { target: { value: REJOIN_CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue as this team' }));
    await waitFor(() => expect(storedToken()).toBe(NEW_TOKEN));
    expect(await screen.findByText('The Owls')).toBeTruthy();
  });
});
