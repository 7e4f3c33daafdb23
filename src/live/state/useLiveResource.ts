/**
 * A live screen's data: read once, then kept current by the game's event stream (with polling
 * as the fallback, see connection.ts). Reads never overlap: a read asked for while one is on its
 * way runs once more after it.
 *
 * A refusal the server will repeat (404 for a wrong key or an unknown game) ends the screen with
 * the server's message. A failure after the first read (the network dropped) keeps what is on
 * screen and says so; polling or the stream's return recovers by itself.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isPermanent, type ApiResult, type LiveError } from '../api';
import { openLiveConnection, POLL_INTERVAL_MS, type ConnectionStatus } from './connection';
import { LIVE_EVENT_NAMES } from './events';

export type LiveResource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: LiveError }
  | {
      status: 'ready';
      data: T;
      connection: ConnectionStatus;
      /** The last read failed (the network); the data shown is from before. */
      refreshError: LiveError | null;
    };

export interface LiveResourceHandle<T> {
  /** What the screen holds now (null before the first read). */
  current(): T | null;
  set(next: T): void;
  /** Read everything again (coalesced). */
  reload(): void;
}

export interface LiveResourceOptions<T> {
  /** Keep it stable (useCallback): a new function starts a new subscription. */
  load: () => Promise<ApiResult<T>>;
  eventsUrl: string;
  /** What a read does to what the screen holds; by default it replaces it. */
  merge?: (current: T | null, loaded: T) => T;
  /** One event from the stream; by default any event reads everything again. */
  onEvent?: (name: string, data: string, handle: LiveResourceHandle<T>) => void;
  /** Connect to the event stream (default true). */
  live?: boolean;
}

interface Held<T> {
  data: T | null;
  error: LiveError | null;
  refreshError: LiveError | null;
}

export function useLiveResource<T>(options: LiveResourceOptions<T>): LiveResource<T> & {
  reload: () => void;
  set: (update: (current: T) => T) => void;
} {
  const { load, eventsUrl, live = true } = options;
  const [held, setHeld] = useState<Held<T>>({ data: null, error: null, refreshError: null });
  const [connection, setConnection] = useState<ConnectionStatus>('connecting');
  const dataRef = useRef<T | null>(null);
  const reloadRef = useRef<() => void>(() => {});

  const merge = useEffectEvent((loaded: T): T =>
    options.merge ? options.merge(dataRef.current, loaded) : loaded,
  );

  const handleEvent = useEffectEvent(
    (name: string, data: string, handle: LiveResourceHandle<T>) => {
      if (options.onEvent) options.onEvent(name, data, handle);
      else handle.reload();
    },
  );

  useEffect(() => {
    let disposed = false;
    let inFlight = false;
    let again = false;
    dataRef.current = null;

    const set = (next: T) => {
      dataRef.current = next;
      setHeld((h) => ({ ...h, data: next }));
    };

    let connectionHandle: { close(): void } | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;

    const handle: LiveResourceHandle<T> = {
      current: () => dataRef.current,
      set,
      reload: () => void reload(),
    };

    const connect = () => {
      if (connectionHandle || !live || disposed) return;
      connectionHandle = openLiveConnection({
        url: eventsUrl,
        eventNames: LIVE_EVENT_NAMES,
        onEvent: (name, data) => handleEvent(name, data, handle),
        onResync: () => void reload(),
        onStatus: (status) => setConnection(status),
      });
    };

    const reload = async (): Promise<void> => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      do {
        again = false;
        const result = await load();
        if (disposed) return;
        if (result.ok) {
          const next = merge(result.data);
          dataRef.current = next;
          setHeld({ data: next, error: null, refreshError: null });
          connect();
        } else if (isPermanent(result.error)) {
          // The server will say the same again: stop listening and show its message.
          dataRef.current = null;
          setHeld({ data: null, error: result.error, refreshError: null });
          connectionHandle?.close();
          connectionHandle = null;
          again = false;
        } else if (dataRef.current === null) {
          // Not even a first read yet (server down, network gone): say so, and keep trying.
          setHeld({ data: null, error: result.error, refreshError: null });
          if (retryTimer === null) {
            retryTimer = setTimeout(() => {
              retryTimer = null;
              void reload();
            }, POLL_INTERVAL_MS);
          }
        } else {
          setHeld((h) => ({ ...h, refreshError: result.error }));
        }
      } while (again && !disposed);
      inFlight = false;
    };
    reloadRef.current = () => void reload();
    void reload();

    return () => {
      disposed = true;
      connectionHandle?.close();
      if (retryTimer !== null) clearTimeout(retryTimer);
      reloadRef.current = () => {};
    };
  }, [load, eventsUrl, live]);

  const reload = useCallback(() => reloadRef.current(), []);
  const setData = useCallback((update: (current: T) => T) => {
    if (dataRef.current === null) return;
    const next = update(dataRef.current);
    dataRef.current = next;
    setHeld((h) => ({ ...h, data: next }));
  }, []);

  if (held.error) return { status: 'error', error: held.error, reload, set: setData };
  if (held.data === null) return { status: 'loading', reload, set: setData };
  return {
    status: 'ready',
    data: held.data,
    connection,
    refreshError: held.refreshError,
    reload,
    set: setData,
  };
}
