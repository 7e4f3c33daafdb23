/**
 * The shared event-stream client (src/protocol/eventStream.ts) under the sync engine, the live
 * screens and the player: a connection that gave up is replaced after a back-off that grows and
 * starts over after a good connection; one that reconnects by itself is left to it; events reach
 * typed handlers read and checked; nothing happens after close. Connections are stand-ins the
 * test opens, feeds and drops; time is fake.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  eventSourceConnector,
  openEventStream,
  type Connector,
  type StreamSink,
} from '../../../src/protocol/eventStream';
import { EventBlocks } from '../../../src/protocol/fetchEventStream';
import { PROTOCOL_EVENT, PROTOCOL_VERSION } from '../../../src/protocol/events';
import { FakeEventSource } from '../support/fakeEventSource';

interface FakeConnection {
  sink: StreamSink;
  names: string[];
  closed: boolean;
}

function fakeConnector(): { connect: Connector; all: FakeConnection[] } {
  const all: FakeConnection[] = [];
  return {
    all,
    connect: (sink, names) => {
      const connection: FakeConnection = { sink, names: [...names], closed: false };
      all.push(connection);
      return {
        close: () => void (connection.closed = true),
        listen: (name) => void connection.names.push(name),
      };
    },
  };
}

interface Events {
  point: { x: number };
  note: string;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the shared event stream', () => {
  it('replaces a connection that gave up after retryDelay, growing with each attempt', () => {
    const { connect, all } = fakeConnector();
    const retryDelay = vi.fn((attempt: number) => 1_000 * 2 ** (attempt - 1));
    const onDrop = vi.fn();
    const stream = openEventStream({ connect, retryDelay, onDrop });
    expect(all).toHaveLength(1);

    all[0]!.sink.dropped(true);
    expect(all[0]!.closed).toBe(true);
    expect(onDrop).toHaveBeenCalledWith(true);
    expect(retryDelay).toHaveBeenLastCalledWith(1);
    vi.advanceTimersByTime(999);
    expect(all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(all).toHaveLength(2);

    all[1]!.sink.dropped(true); // the server is still away
    expect(retryDelay).toHaveBeenLastCalledWith(2);
    vi.advanceTimersByTime(1_999);
    expect(all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(all).toHaveLength(3);
    stream.close();
  });

  it('starts the back-off over after a connection opened', () => {
    const { connect, all } = fakeConnector();
    const retryDelay = vi.fn(() => 500);
    const onOpen = vi.fn();
    const stream = openEventStream({ connect, retryDelay, onOpen });
    all[0]!.sink.dropped(true);
    vi.advanceTimersByTime(500);
    all[1]!.sink.dropped(true);
    expect(retryDelay).toHaveBeenLastCalledWith(2);
    vi.advanceTimersByTime(500);

    all[2]!.sink.opened();
    expect(onOpen).toHaveBeenCalledTimes(1);
    all[2]!.sink.dropped(true);
    expect(retryDelay).toHaveBeenLastCalledWith(1);
    stream.close();
  });

  it('leaves a connection that reconnects by itself to it: no second connection', () => {
    const { connect, all } = fakeConnector();
    const onDrop = vi.fn();
    const onOpen = vi.fn();
    const stream = openEventStream({ connect, retryDelay: () => 10, onDrop, onOpen });
    all[0]!.sink.opened();
    all[0]!.sink.dropped(false);
    vi.advanceTimersByTime(60_000);
    expect(all).toHaveLength(1);
    expect(all[0]!.closed).toBe(false);
    expect(onDrop).toHaveBeenCalledWith(false);
    all[0]!.sink.opened(); // back by itself
    expect(onOpen).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('hands typed handlers each payload read as JSON and by its decoder, and drops what does not read', () => {
    const { connect, all } = fakeConnector();
    const points: { x: number }[] = [];
    const notes: string[] = [];
    const raw: [string, string][] = [];
    const stream = openEventStream<Events>({
      connect,
      retryDelay: () => 10,
      events: { point: (p) => points.push(p), note: (n) => notes.push(n) },
      decode: {
        point: (data) =>
          typeof data === 'object' && data !== null && typeof Reflect.get(data, 'x') === 'number'
            ? (data as { x: number })
            : null,
      },
      onEvent: (name, data) => raw.push([name, data]),
    });
    expect(all[0]!.names.sort()).toEqual(['note', 'point', PROTOCOL_EVENT]);
    const { sink } = all[0]!;
    sink.opened();
    sink.event('point', '{"x":1}');
    sink.event('point', '{"x":"one"}'); // its decoder refuses it
    sink.event('point', 'not json');
    sink.event('note', '"hello"');
    sink.event('other', '{}'); // no handler: onEvent only
    expect(points).toEqual([{ x: 1 }]);
    expect(notes).toEqual(['hello']);
    expect(raw.map(([name]) => name)).toEqual(['point', 'point', 'point', 'note', 'other']);
    stream.close();
  });

  it('a server of another protocol version stops the stream for good and tells the caller', () => {
    const { connect, all } = fakeConnector();
    const onOutdated = vi.fn();
    const onEvent = vi.fn();
    openEventStream({ connect, retryDelay: () => 10, names: ['note'], onEvent, onOutdated });
    const { sink } = all[0]!;
    sink.opened();
    sink.event(PROTOCOL_EVENT, JSON.stringify({ version: PROTOCOL_VERSION + 1 }));
    expect(onOutdated).toHaveBeenCalledWith(PROTOCOL_VERSION + 1);
    expect(all[0]!.closed).toBe(true);
    sink.event('note', '"after"');
    sink.dropped(true);
    vi.advanceTimersByTime(60_000);
    expect(onEvent).not.toHaveBeenCalled();
    expect(all).toHaveLength(1); // no new connection: another try would hear the same version
  });

  it("a server of this client's protocol version, or one that names none, is listened to", () => {
    const { connect, all } = fakeConnector();
    const onOutdated = vi.fn();
    const onEvent = vi.fn();
    openEventStream({ connect, retryDelay: () => 10, names: ['note'], onEvent, onOutdated });
    const { sink } = all[0]!;
    sink.opened();
    sink.event(PROTOCOL_EVENT, JSON.stringify({ version: PROTOCOL_VERSION }));
    sink.event(PROTOCOL_EVENT, 'not json');
    sink.event('note', '"hello"');
    expect(onOutdated).not.toHaveBeenCalled();
    expect(onEvent).toHaveBeenCalledWith('note', '"hello"');
    expect(all[0]!.closed).toBe(false);
  });

  it('ignores a connection that was replaced', () => {
    const { connect, all } = fakeConnector();
    const onEvent = vi.fn();
    const onOpen = vi.fn();
    const stream = openEventStream({ connect, retryDelay: () => 10, onEvent, onOpen });
    const first = all[0]!.sink;
    first.dropped(true);
    vi.advanceTimersByTime(10);
    first.opened();
    first.event('late', '{}');
    first.dropped(true);
    expect(onEvent).not.toHaveBeenCalled();
    expect(onOpen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(all).toHaveLength(2); // the old one's second drop scheduled nothing
    stream.close();
  });

  it('close stops reconnecting: the connection is closed, a waiting retry cancelled, nothing heard', () => {
    const { connect, all } = fakeConnector();
    const onEvent = vi.fn();
    const onDrop = vi.fn();
    const stream = openEventStream({ connect, retryDelay: () => 1_000, onEvent, onDrop });
    all[0]!.sink.dropped(true);
    stream.close();
    vi.advanceTimersByTime(60_000);
    expect(all).toHaveLength(1);

    const again = openEventStream({ connect, retryDelay: () => 1_000, onEvent, onDrop });
    again.close();
    expect(all[1]!.closed).toBe(true);
    all[1]!.sink.event('late', '{}');
    all[1]!.sink.dropped(true);
    vi.advanceTimersByTime(60_000);
    expect(all).toHaveLength(2);
    expect(onEvent).not.toHaveBeenCalled();
    expect(onDrop).toHaveBeenCalledTimes(1); // the first stream's, before its close
  });

  it('listens through EventSource to the names given and to those added later, on every new source', () => {
    FakeEventSource.reset();
    const heard: [string, string][] = [];
    const stream = openEventStream({
      connect: eventSourceConnector('/v1/x/events', (url) => new FakeEventSource(url)),
      retryDelay: () => 1_000,
      names: ['a'],
      onEvent: (name, data) => heard.push([name, data]),
    });
    stream.listen('b');
    const first = FakeEventSource.latest();
    first.emit('a', '1');
    first.emit('b', '2');
    first.refuse(); // readyState CLOSED: EventSource gave up
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    const second = FakeEventSource.latest();
    expect(second).not.toBe(first);
    second.emit('a', '3');
    second.emit('b', '4');
    expect(heard).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
      ['b', '4'],
    ]);
    stream.close();
    expect(second.closed).toBe(true);
  });
});

describe('server-sent events read from a fetch body', () => {
  it('reads events cut anywhere, skipping comments and a lone retry', () => {
    const text =
      'retry: 3000\n\n: keep-alive\n\nevent: a\ndata: {"x":\ndata: 1}\n\nevent:b\ndata: 2\n\ndata: 3\n\n';
    const blocks = new EventBlocks();
    const events = text.match(/[\s\S]{1,5}/g)!.flatMap((chunk) => blocks.push(chunk));
    expect(events).toEqual([
      { name: 'a', data: '{"x":\n1}' },
      { name: 'b', data: '2' },
      { name: 'message', data: '3' },
    ]);
  });
});
