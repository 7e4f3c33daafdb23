// @vitest-environment happy-dom
/**
 * The shared poll layer (src/api/usePolledRequest.ts): the first request, polling at an interval,
 * the end on a final answer, the pause while offline, wake-ups, and nothing after unmount. Fake
 * timers: the clock moves only when a test moves it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ApiResult } from '../../../src/protocol/result';
import {
  ONE_OFF_RETRY_MS,
  usePolledRequest,
  type PolledRequestOptions,
  type PollWake,
} from '../../../src/api/usePolledRequest';

const INTERVAL = 1_000;
const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, data });
const failed = (status: number | null, message = 'no'): ApiResult<never> => ({
  ok: false,
  error: { status, message },
});

/** A request whose answers the test hands out one by one. */
function controlledRequest<T>() {
  const pending: ((result: ApiResult<T>) => void)[] = [];
  const request = vi.fn(() => new Promise<ApiResult<T>>((resolve) => pending.push(resolve)));
  const answer = async (result: ApiResult<T>) => {
    const next = pending.shift();
    if (!next) throw new Error('no request in flight');
    await act(async () => next(result));
  };
  return { request, answer, inFlight: () => pending.length };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setOnline(true);
  vi.restoreAllMocks();
});

const render = <T,>(options: PolledRequestOptions<T>) =>
  renderHook((props: PolledRequestOptions<T>) => usePolledRequest(props), {
    initialProps: { intervalMs: INTERVAL, ...options },
  });

describe('usePolledRequest', () => {
  it('asks at once and shows loading, then the data', async () => {
    const { request, answer } = controlledRequest<number>();
    const { result } = render({ request });
    expect(request).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ isLoading: true, data: null, error: null });
    await answer(ok(1));
    expect(result.current).toMatchObject({ isLoading: false, data: 1, error: null });
  });

  it('with firstRequest afterInterval asks nothing until one interval has passed', async () => {
    const { request } = controlledRequest<number>();
    render({ request, firstRequest: 'afterInterval' });
    await advance(INTERVAL - 1);
    expect(request).not.toHaveBeenCalled();
    await advance(1);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('polls again one interval after each answer, never two at once', async () => {
    const { request, answer, inFlight } = controlledRequest<number>();
    render({ request });
    await advance(INTERVAL * 3);
    expect(request).toHaveBeenCalledTimes(1);
    expect(inFlight()).toBe(1);
    await answer(ok(1));
    await advance(INTERVAL - 1);
    expect(request).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('stops polling once the result is final, and acts on it once', async () => {
    const { request, answer } = controlledRequest<string>();
    const onResult = vi.fn();
    const { result } = render({
      request,
      onResult,
      isFinal: (r) => r.ok && r.data === 'done',
    });
    await answer(ok('working'));
    await advance(INTERVAL);
    await answer(ok('done'));
    await advance(INTERVAL * 5);
    expect(request).toHaveBeenCalledTimes(2);
    expect(onResult).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ data: 'done', isFinal: true });
    await act(() => result.current.refresh());
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('keeps the last data through a failure and clears the error on the next success', async () => {
    const { request, answer } = controlledRequest<number>();
    const { result } = render({ request });
    await answer(ok(1));
    await advance(INTERVAL);
    await answer(failed(503, 'busy'));
    expect(result.current).toMatchObject({ data: 1, error: { status: 503, message: 'busy' } });
    await advance(INTERVAL);
    await answer(ok(2));
    expect(result.current).toMatchObject({ data: 2, error: null });
  });

  it('keepPolling false ends the interval but not wake-ups', async () => {
    const { request, answer } = controlledRequest<number>();
    let wakeUp = () => {};
    const wake: PollWake = (pollNow) => {
      wakeUp = pollNow;
      return () => {};
    };
    render({ request, wake, keepPolling: (r) => !r.ok });
    await answer(ok(1));
    await advance(INTERVAL * 3);
    expect(request).toHaveBeenCalledTimes(1);
    act(() => wakeUp());
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('does not poll while offline and resumes on online', async () => {
    const { request, answer } = controlledRequest<number>();
    render({ request });
    await answer(ok(1));
    setOnline(false);
    await advance(INTERVAL * 5);
    expect(request).toHaveBeenCalledTimes(1);
    act(() => setOnline(true));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('coming back online asks nothing when no poll was skipped', async () => {
    const { request } = controlledRequest<number>();
    render({ request });
    act(() => setOnline(true));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a wake-up during a poll asks once more after it, and none after a final answer', async () => {
    const { request, answer, inFlight } = controlledRequest<string>();
    let wakeUp = () => {};
    const wake: PollWake = (pollNow) => {
      wakeUp = pollNow;
      return () => {};
    };
    render({ request, wake, isFinal: (r) => r.ok && r.data === 'done' });
    act(() => {
      wakeUp();
      wakeUp();
    });
    expect(inFlight()).toBe(1);
    await answer(ok('working'));
    expect(request).toHaveBeenCalledTimes(2);
    act(() => wakeUp());
    await answer(ok('done'));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('refresh() resolves once its answer has been handled', async () => {
    const { request, answer } = controlledRequest<number>();
    const { result } = render({ request, intervalMs: null });
    await answer(ok(1));
    let resolved = false;
    act(() => {
      void result.current.refresh().then(() => (resolved = true));
    });
    expect(resolved).toBe(false);
    await answer(ok(2));
    expect(resolved).toBe(true);
    expect(result.current.data).toBe(2);
  });

  it('a one-off read that got no answer asks again by itself, with growing pauses, until one comes', async () => {
    const { request, answer, inFlight } = controlledRequest<string>();
    const { result } = render({ request, intervalMs: null });
    await answer(failed(null, 'offline'));
    expect(result.current.error?.status).toBeNull();
    await advance(ONE_OFF_RETRY_MS[0] - 1);
    expect(inFlight()).toBe(0);
    await advance(1);
    expect(request).toHaveBeenCalledTimes(2);
    await answer(failed(null, 'offline'));
    // The second pause is longer than the first.
    await advance(ONE_OFF_RETRY_MS[0]);
    expect(inFlight()).toBe(0);
    await advance(ONE_OFF_RETRY_MS[1] - ONE_OFF_RETRY_MS[0]);
    expect(request).toHaveBeenCalledTimes(3);
    await answer(ok('back'));
    expect(result.current.data).toBe('back');
    expect(result.current.error).toBeNull();
    // Answered: nothing more is asked.
    await advance(ONE_OFF_RETRY_MS.at(-1)! * 3);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('a one-off read that was refused is not asked again by itself: it would be refused again', async () => {
    const { request, answer } = controlledRequest<string>();
    const { result } = render({ request, intervalMs: null });
    await answer(failed(404, 'There is no such game.'));
    await advance(ONE_OFF_RETRY_MS.at(-1)! * 3);
    expect(request).toHaveBeenCalledTimes(1);
    expect(result.current.error).toEqual({ status: 404, message: 'There is no such game.' });
  });

  it('a one-off read that got no answer while the browser is offline asks again when it is back online', async () => {
    const { request, answer } = controlledRequest<string>();
    render({ request, intervalMs: null });
    setOnline(false);
    await answer(failed(null, 'offline'));
    await advance(ONE_OFF_RETRY_MS.at(-1)! * 2);
    expect(request).toHaveBeenCalledTimes(1);
    act(() => setOnline(true));
    expect(request).toHaveBeenCalledTimes(2);
    await answer(ok('back'));
  });

  it('no update after unmount: an answer still on its way is dropped', async () => {
    const { request, answer } = controlledRequest<number>();
    const onResult = vi.fn();
    const error = vi.spyOn(console, 'error');
    const { unmount } = render({ request, onResult });
    unmount();
    await answer(ok(1));
    await advance(INTERVAL * 3);
    expect(onResult).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('asks nothing while disabled, and starts afresh for a new restartKey', async () => {
    const { request, answer } = controlledRequest<number>();
    const { result, rerender } = render({ request, enabled: false });
    await advance(INTERVAL * 2);
    expect(request).not.toHaveBeenCalled();
    expect(result.current.isLoading).toBe(false);
    rerender({ request, intervalMs: INTERVAL, restartKey: 'a' });
    await answer(ok(1));
    rerender({ request, intervalMs: INTERVAL, restartKey: 'b' });
    expect(result.current).toMatchObject({ data: null, isLoading: true });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('a request that throws stops the polling and is reported, not retried', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = vi.fn(() => Promise.reject(new Error('bug')));
    render({ request });
    await advance(INTERVAL * 3);
    expect(request).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Polling stopped', expect.any(Error));
  });

  it('an unreachable server is an error with status null, and polling goes on', async () => {
    const { request, answer } = controlledRequest<number>();
    const { result } = render({ request });
    await answer(failed(null, 'offline'));
    expect(result.current.error).toEqual({ status: null, message: 'offline' });
    await advance(INTERVAL);
    expect(request).toHaveBeenCalledTimes(2);
  });
});
