/**
 * A live screen's data: read once, then kept current by the game's event stream (with polling
 * as the fallback, see connection.ts). The reads go through the shared poll layer
 * (src/api/usePolledRequest.ts): they never overlap, and a read asked for while one is on its
 * way runs once more after it.
 *
 * A refusal the server will repeat (404 for a wrong key or an unknown game) ends the screen with
 * the server's message. A failure after the first read (the network dropped) keeps what is on
 * screen and says so; polling or the stream's return recovers by itself.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { usePolledRequest } from '../../api/usePolledRequest';
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

  // The latest merge, read when an answer lands (after renders the read did not restart for).
  const mergeRef = useRef(options.merge);
  useEffect(() => {
    mergeRef.current = options.merge;
  });

  // Another load, stream or view is a new subscription: nothing read before carries over. This
  // runs before the poll layer's first read of it (effects run in order).
  const restartKey = useMemo(() => ({ load, eventsUrl, live }), [load, eventsUrl, live]);
  useEffect(() => {
    dataRef.current = null;
  }, [restartKey]);

  const polled = usePolledRequest<T>({
    request: load,
    restartKey,
    intervalMs: POLL_INTERVAL_MS,
    // The server will say the same again: stop and show its message.
    isFinal: (result) => !result.ok && isPermanent(result.error),
    // Read again on a timer only until the first read: the event stream keeps the data current.
    keepPolling: (result) => !result.ok && dataRef.current === null,
    onResult: (result) => {
      if (result.ok) {
        const merge = mergeRef.current;
        const next = merge ? merge(dataRef.current, result.data) : result.data;
        dataRef.current = next;
        setHeld({ data: next, error: null, refreshError: null });
      } else if (isPermanent(result.error)) {
        dataRef.current = null;
        setHeld({ data: null, error: result.error, refreshError: null });
      } else if (dataRef.current === null) {
        // Not even a first read yet (server down, network gone): say so, and keep trying.
        setHeld({ data: null, error: result.error, refreshError: null });
      } else {
        // What is on screen stays; polling or the stream's return recovers by itself.
        setHeld((h) => ({ ...h, refreshError: result.error }));
      }
    },
  });
  const { refresh } = polled;
  const reload = useCallback(() => void refresh(), [refresh]);

  const handleEvent = useEffectEvent(
    (name: string, data: string, handle: LiveResourceHandle<T>) => {
      if (options.onEvent) options.onEvent(name, data, handle);
      else handle.reload();
    },
  );

  // The stream is listened to once there is something to keep current, until a refusal.
  const listening = live && held.data !== null && held.error === null;
  useEffect(() => {
    if (!listening) return;
    const handle: LiveResourceHandle<T> = {
      current: () => dataRef.current,
      set: (next) => {
        dataRef.current = next;
        setHeld((h) => ({ ...h, data: next }));
      },
      reload,
    };
    const connectionHandle = openLiveConnection({
      url: eventsUrl,
      eventNames: LIVE_EVENT_NAMES,
      onEvent: (name, data) => handleEvent(name, data, handle),
      onResync: reload,
      onStatus: (status) => setConnection(status),
    });
    return () => connectionHandle.close();
  }, [listening, eventsUrl, reload, restartKey]);

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
