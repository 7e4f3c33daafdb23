/**
 * The one reconnecting event-stream client, shared by the sync engine, the live screens and the
 * phone player. It owns what they had each written: one connection at a time, events from a
 * connection that was replaced or closed ignored, a new connection after one that gave up,
 * after `retryDelay(attempt)` (attempt 1, 2, … since the last good connection, so the caller's
 * back-off grows while the server stays away and starts over once it answered), and nothing
 * after `close()`. How a connection is made is the caller's (a Connector): the browser's
 * EventSource (eventSourceConnector, below) or a fetch stream (fetchEventStream.ts).
 *
 * Every stream opens with the server's protocol version (PROTOCOL_EVENT). When it is not this
 * client's, the events that follow may not mean what this code thinks: the stream stops for good
 * and `onOutdated` tells the caller, whose screen asks the person to reload.
 *
 * Plain TypeScript, no React, nothing heavy: the phone player imports it.
 */
import { PROTOCOL_EVENT, PROTOCOL_VERSION, protocolVersionOf } from './events';

/** What one connection tells the stream. Calls from a connection no longer current are ignored. */
export interface StreamSink {
  /** The connection is open: events may follow. */
  opened(): void;
  /** One event: its name and its data text, as sent. */
  event(name: string, data: string): void;
  /**
   * The connection dropped. `gaveUp`: nothing will reconnect it by itself (EventSource after an
   * HTTP error such as a 429 at the stream cap, a fetch stream that failed or ended): the stream
   * closes it and opens a new one after retryDelay. Otherwise it reconnects by itself
   * (EventSource after a network drop, at the server's `retry:`) and calls `opened` again.
   */
  dropped(gaveUp: boolean): void;
}

export interface StreamConnection {
  close(): void;
  /** Starts passing on events of this name (EventSource passes on only those listened to). */
  listen?(name: string): void;
}

/** Opens one connection; `names` are the events listened to so far. */
export type Connector = (sink: StreamSink, names: ReadonlySet<string>) => StreamConnection;

/** Typed handlers: each event's data read as JSON, then by its decoder when it has one. */
export type EventHandlers<E> = { [K in keyof E & string]?: (payload: E[K]) => void };
/** Plain guards (no zod: the player uses this): the payload, or null to drop the event. */
export type EventDecoders<E> = { [K in keyof E & string]?: (data: unknown) => E[K] | null };

export interface EventStreamOptions<E> {
  connect: Connector;
  /** How long to wait before the attempt-th new connection after one gave up (from 1). */
  retryDelay: (attempt: number) => number;
  events?: EventHandlers<E>;
  decode?: EventDecoders<E>;
  /** Other event names to listen to, for `onEvent`. */
  names?: Iterable<string>;
  /** Every event as it came, before the typed handler of its name. */
  onEvent?: (name: string, data: string) => void;
  /** A connection is being opened: the first, and each after one gave up. */
  onConnecting?: () => void;
  onOpen?: () => void;
  /** A connection dropped; `gaveUp` as in StreamSink (a new one follows after retryDelay). */
  onDrop?: (gaveUp: boolean) => void;
  /**
   * The server speaks another protocol version (`serverVersion`) than this client
   * (PROTOCOL_VERSION): the stream has stopped for good and opens no new connection.
   */
  onOutdated?: (serverVersion: number) => void;
}

export interface EventStream {
  /** Listens to one more event name (for `onEvent`), on this connection and the next. */
  listen(name: string): void;
  /** Stops for good: the connection is closed and no new one is opened. */
  close(): void;
}

export function openEventStream<E = Record<string, unknown>>(
  options: EventStreamOptions<E>,
): EventStream {
  const names = new Set<string>([
    PROTOCOL_EVENT,
    ...Object.keys(options.events ?? {}),
    ...(options.names ?? []),
  ]);
  let connection: StreamConnection | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let closed = false;

  const dispatch = (name: string, data: string) => {
    if (name === PROTOCOL_EVENT) {
      const version = protocolVersionOf(data);
      if (version !== null && version !== PROTOCOL_VERSION) stop(version);
      return;
    }
    options.onEvent?.(name, data);
    const handler = (options.events as Record<string, ((payload: unknown) => void) | undefined>)?.[
      name
    ];
    if (!handler) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return; // not JSON: not an event of this protocol
    }
    const decode = (options.decode as Record<string, ((data: unknown) => unknown) | undefined>)?.[
      name
    ];
    if (decode) payload = decode(payload);
    if (payload !== null) handler(payload);
  };

  /** Counts connections: only the newest may speak, and none once it gave up or was closed. */
  let generation = 0;

  const reconnectLater = () => {
    attempt += 1;
    if (closed || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, options.retryDelay(attempt));
  };

  const connect = () => {
    if (closed) return;
    const mine = ++generation;
    const isCurrent = () => !closed && generation === mine;
    let current: StreamConnection | null = null;
    let gaveUpAtOnce = false;
    const sink: StreamSink = {
      opened() {
        if (!isCurrent()) return;
        attempt = 0;
        options.onOpen?.();
      },
      event(name, data) {
        if (isCurrent()) dispatch(name, data);
      },
      dropped(gaveUp) {
        if (!isCurrent()) return;
        if (gaveUp) {
          generation++; // this connection says nothing more
          if (current) current.close();
          else gaveUpAtOnce = true; // before `connect` returned it: closed below
          connection = null;
        }
        options.onDrop?.(gaveUp);
        if (gaveUp) reconnectLater();
      },
    };
    options.onConnecting?.();
    current = options.connect(sink, names);
    if (gaveUpAtOnce || closed) current.close();
    else if (generation === mine) connection = current;
  };

  const close = () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    generation++;
    connection?.close();
    connection = null;
  };

  /** The server's protocol is not this client's: nothing more is read, and the caller is told. */
  const stop = (serverVersion: number) => {
    close();
    options.onOutdated?.(serverVersion);
  };

  connect();
  return {
    listen(name) {
      if (names.has(name)) return;
      names.add(name);
      connection?.listen?.(name);
    },
    close,
  };
}

/** The part of the browser's EventSource used here, so tests can pass a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((this: never, event: Event) => unknown) | null;
  onerror: ((this: never, event: Event) => unknown) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** EventSource.CLOSED, also where a test's stand-in has no constants. */
const EVENT_SOURCE_CLOSED = 2;

/**
 * Connections through EventSource (`create`, the browser's by default). It reconnects by itself
 * after a dropped connection, at the server's `retry:`; it gives up for good (readyState CLOSED)
 * when the server answers with an error, and only then does the stream open a new one.
 */
export function eventSourceConnector(
  url: string,
  create: (url: string) => EventSourceLike = (u) =>
    new EventSource(u) as unknown as EventSourceLike,
): Connector {
  return (sink, names) => {
    const source = create(url);
    source.onopen = () => sink.opened();
    source.onerror = () => sink.dropped(source.readyState === EVENT_SOURCE_CLOSED);
    const listen = (name: string) =>
      source.addEventListener(name, (event) => sink.event(name, event.data));
    for (const name of names) listen(name);
    return { close: () => source.close(), listen };
  };
}
