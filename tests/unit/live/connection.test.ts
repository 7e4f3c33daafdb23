/**
 * The live link (src/live/state/connection.ts): events as they come; polling every 5 s while the
 * stream is down; one full read when it is back; a refused stream opened again later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  openLiveConnection,
  POLL_INTERVAL_MS,
  REOPEN_AFTER_MS,
  type ConnectionStatus,
} from '../../../src/live/state/connection';
import { PROTOCOL_EVENT, PROTOCOL_VERSION } from '../../../src/protocol/events';
import { FakeEventSource } from '../support/fakeEventSource';

function connect(
  createEventSource: ((url: string) => FakeEventSource) | null = (url) => new FakeEventSource(url),
) {
  const events: [string, string][] = [];
  const statuses: ConnectionStatus[] = [];
  const onResync = vi.fn();
  const connection = openLiveConnection({
    url: '/v1/games/g/events?key=k',
    eventNames: ['scoreboard', 'submission', 'team'],
    onEvent: (name, data) => events.push([name, data]),
    onResync,
    onStatus: (s) => statuses.push(s),
    createEventSource,
  });
  return { connection, events, statuses, onResync };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.reset();
});
afterEach(() => vi.useRealTimers());

describe('live connection', () => {
  it('opens the event stream at the URL with the key and passes its events on', () => {
    const { events, statuses } = connect();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/v1/games/g/events?key=k');
    source.open();
    source.emit('scoreboard', { rows: [] });
    source.emit('team', { id: 't' });
    expect(events).toEqual([
      ['scoreboard', '{"rows":[]}'],
      ['team', '{"id":"t"}'],
    ]);
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('falls back to polling every 5 s while the stream is down', () => {
    const { onResync, statuses } = connect();
    const source = FakeEventSource.latest();
    source.open();
    source.drop();
    expect(statuses.at(-1)).toBe('polling');
    expect(onResync).toHaveBeenCalledTimes(1); // at once
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 3);
    expect(onResync).toHaveBeenCalledTimes(4);
  });

  it('reconnects by itself: polling stops and everything is read once more when the stream is back', () => {
    const { onResync, statuses } = connect();
    const source = FakeEventSource.latest();
    source.open();
    source.drop();
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    const whileDown = onResync.mock.calls.length;
    source.open(); // the browser's own retry succeeded
    expect(statuses.at(-1)).toBe('live');
    expect(onResync).toHaveBeenCalledTimes(whileDown + 1); // the catch-up read
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 4);
    expect(onResync).toHaveBeenCalledTimes(whileDown + 1);
  });

  it('a stream the server refused is opened again after a while; polling carries the screen meanwhile', () => {
    const { onResync } = connect();
    const first = FakeEventSource.latest();
    first.refuse();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(REOPEN_AFTER_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(onResync.mock.calls.length).toBeGreaterThanOrEqual(REOPEN_AFTER_MS / POLL_INTERVAL_MS);
    FakeEventSource.latest().open();
    const after = onResync.mock.calls.length;
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 2);
    expect(onResync).toHaveBeenCalledTimes(after);
  });

  it('a server of another protocol version: the stream stops for good, the screen polls and says reload', () => {
    const { statuses, onResync, events } = connect();
    const source = FakeEventSource.latest();
    source.open();
    source.emit(PROTOCOL_EVENT, { version: PROTOCOL_VERSION + 1 });
    expect(source.closed).toBe(true);
    expect(statuses.at(-1)).toBe('outdated');
    source.emit('team', { id: 't' });
    expect(events).toEqual([]);
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 2 + REOPEN_AFTER_MS);
    expect(onResync.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('without EventSource the screen only polls', () => {
    const { onResync, statuses } = connect(null);
    expect(statuses).toEqual(['polling']);
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 2);
    expect(onResync).toHaveBeenCalledTimes(3);
  });

  it('closing stops everything: no more events, polls or reopening', () => {
    const { connection, onResync, events } = connect();
    const source = FakeEventSource.latest();
    source.refuse();
    connection.close();
    const calls = onResync.mock.calls.length;
    vi.advanceTimersByTime(REOPEN_AFTER_MS * 2);
    expect(onResync).toHaveBeenCalledTimes(calls);
    expect(FakeEventSource.instances).toHaveLength(1);
    source.emit('team', {});
    expect(events).toEqual([]);
  });
});
