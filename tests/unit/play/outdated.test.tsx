// @vitest-environment happy-dom
/**
 * A phone whose page is older than the server's stream protocol (a deploy during the game): the
 * team's stream stops and the phone asks for a reload, saying its answers are kept.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayApp } from '../../../src/play/PlayApp';
import { PROTOCOL_EVENT, PROTOCOL_VERSION } from '../../../src/protocol/events';
import { FakeEventSource } from '../support/fakeEventSource';
import { CODE, installFakeServer, playerState, playPath, routes, TOKEN } from './fakes';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
  history.replaceState(null, '', `/play/${CODE}`);
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  installFakeServer(routes({ [`GET ${playPath('/me')}`]: { status: 200, body: playerState() } }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a phone older than the server', () => {
  it('asks for a reload once the stream names a newer protocol, and not before', async () => {
    render(<PlayApp />);
    await screen.findAllByRole('link', { name: /points/ });
    const source = await vi.waitFor(() => FakeEventSource.latest());
    act(() => source.emit(PROTOCOL_EVENT, { version: PROTOCOL_VERSION }));
    expect(screen.queryByText(/Teamtrail has been updated/)).toBeNull();

    act(() => source.emit(PROTOCOL_EVENT, { version: PROTOCOL_VERSION + 1 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Teamtrail has been updated. Reload to keep playing; your answers are kept.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(source.closed).toBe(true);
  });
});
