// @vitest-environment happy-dom
/**
 * /play: the activity code as people type it, and what is said under the field when the code
 * leads nowhere.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PlayApp } from '../../../src/play/PlayApp';
import { installFakeServer, playPath, publicGame, routes } from './fakes';
import type { FakeServer, Reply } from './fakes';

let server: FakeServer;
let gameReply: Reply;

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/play');
  gameReply = { status: 200, body: publicGame() };
  server = installFakeServer(routes({ [`GET ${playPath()}`]: () => gameReply }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function typeCode(value: string) {
  fireEvent.change(screen.getByLabelText('Activity code'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
}

describe('entering an activity code', () => {
  it('any case, spaces and a dash are accepted: "abcd-2345" opens /play/ABCD2345', async () => {
    render(<PlayApp />);
    typeCode('abcd-2345');
    await waitFor(() => expect(location.pathname).toBe('/play/ABCD2345'));
    expect(server.calls[0]?.path).toBe(playPath());
    // The game screen uses the game just looked up: no second call.
    await screen.findByRole('heading', { name: 'Choose your team name' });
    expect(server.calls.filter((c) => c.path === playPath())).toHaveLength(1);
  });

  it('a code that cannot be an activity code is explained without asking the server', async () => {
    render(<PlayApp />);
    typeCode('ABC 12');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Activity codes have 8 letters and numbers, like ABCD 2345.',
    );
    expect(server.calls).toEqual([]);
    expect(screen.getByLabelText('Activity code').getAttribute('aria-invalid')).toBe('true');
  });

  it('an unknown code (404) says "There is no activity with this code. Check the code and try again."', async () => {
    gameReply = { status: 404, body: { errorMessage: 'Not found' } };
    render(<PlayApp />);
    typeCode('abcd 2345');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'There is no activity with this code. Check the code and try again.',
    );
    expect(location.pathname).toBe('/play');
  });

  it('other refusals show the server’s errorMessage', async () => {
    gameReply = { status: 429, body: { errorMessage: 'Too many attempts. Wait a minute.' } };
    render(<PlayApp />);
    typeCode('ABCD2345');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Wait a minute.',
    );
  });

  it('without a connection the phone says so', async () => {
    server.handler = () => 'offline';
    render(<PlayApp />);
    typeCode('ABCD2345');
    expect((await screen.findByRole('alert')).textContent).toContain('You seem to be offline.');
  });
});

describe('arriving from the QR code at /play/{code}', () => {
  it('a code in the address is tidied: /play/abcd-2345 becomes /play/ABCD2345', async () => {
    history.replaceState(null, '', '/play/abcd-2345');
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'Choose your team name' });
    expect(location.pathname).toBe('/play/ABCD2345');
  });

  it('an unknown code in the address shows the code field with the message', async () => {
    gameReply = { status: 404, body: { errorMessage: 'Not found' } };
    history.replaceState(null, '', '/play/ABCD2345');
    render(<PlayApp />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'There is no activity with this code. Check the code and try again.',
    );
    expect((screen.getByLabelText('Activity code') as HTMLInputElement).value).toBe('ABCD 2345');
  });
});
