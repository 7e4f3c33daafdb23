/** SPEC §9 Services: the error-reporting service retries "up to 5 times from 1000 ms". */
import { describe, expect, it, vi } from 'vitest';
import { withRetries, type MakeTransport } from '../../../src/telemetry/retryingTransport';

type Outcome = { statusCode?: number } | 'network';

function transportAnswering(outcomes: Outcome[]) {
  const send = vi.fn(async () => {
    const next = outcomes.shift() ?? { statusCode: 200 };
    if (next === 'network') throw new TypeError('Failed to fetch');
    return next;
  });
  const make = (() => ({ send, flush: async () => true })) as unknown as MakeTransport;
  return { make, send };
}

async function sendOnce(make: MakeTransport) {
  const sleeps: number[] = [];
  const transport = withRetries(make, { sleep: async (ms) => void sleeps.push(ms) })(
    {} as Parameters<MakeTransport>[0],
  );
  const result = await transport.send([{}, []] as never).then(
    (response) => response,
    (error: unknown) => error,
  );
  return { result, sleeps };
}

describe('SPEC §9 error reports are retried up to 5 times from 1000 ms', () => {
  it('sends again after a network failure, waiting 1000 ms, then 2000 ms', async () => {
    const { make, send } = transportAnswering(['network', 'network', { statusCode: 200 }]);
    const { result, sleeps } = await sendOnce(make);
    expect(result).toEqual({ statusCode: 200 });
    expect(send).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('gives up after 5 retries of a server error, answering the last response', async () => {
    const { make, send } = transportAnswering(
      Array.from({ length: 10 }, () => ({ statusCode: 503 })),
    );
    const { result, sleeps } = await sendOnce(make);
    expect(send).toHaveBeenCalledTimes(6);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(result).toEqual({ statusCode: 503 });
  });

  it('gives up after 5 retries of network failures with the failure', async () => {
    const { make, send } = transportAnswering(Array.from({ length: 10 }, (): Outcome => 'network'));
    const { result } = await sendOnce(make);
    expect(send).toHaveBeenCalledTimes(6);
    expect(result).toBeInstanceOf(TypeError);
  });

  it('does not retry what was accepted, refused or rate-limited', async () => {
    for (const outcome of [{ statusCode: 200 }, { statusCode: 400 }, { statusCode: 429 }, {}]) {
      const { make, send } = transportAnswering([outcome]);
      const { sleeps } = await sendOnce(make);
      expect(send).toHaveBeenCalledTimes(1);
      expect(sleeps).toEqual([]);
    }
  });
});
