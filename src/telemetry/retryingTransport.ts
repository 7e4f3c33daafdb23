/**
 * SPEC §9: the error-reporting service retries up to 5 times from 1000 ms. Sentry's own
 * transport sends once; this wrapper sends again, with the wait doubling each time, when the
 * request failed on the network or the service answered 5xx. A 429 is not retried: Sentry's
 * transport records the rate limit and holds back later events itself.
 */
import type { BrowserOptions } from '@sentry/react';
import { ERROR_REPORTING_MAX_RETRIES, ERROR_REPORTING_RETRY_INITIAL_MS } from '../domain/constants';

export type MakeTransport = NonNullable<BrowserOptions['transport']>;

export interface RetryOptions {
  maxRetries?: number;
  initialDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const SERVER_ERROR = 500;

export function withRetries(
  makeTransport: MakeTransport,
  {
    maxRetries = ERROR_REPORTING_MAX_RETRIES,
    initialDelayMs = ERROR_REPORTING_RETRY_INITIAL_MS,
    sleep = wait,
  }: RetryOptions = {},
): MakeTransport {
  return (options) => {
    const inner = makeTransport(options);
    return {
      ...inner,
      async send(envelope) {
        for (let attempt = 0; ; attempt += 1) {
          const last = attempt >= maxRetries;
          try {
            const response = await inner.send(envelope);
            const status = response.statusCode;
            if (last || status === undefined || status < SERVER_ERROR) return response;
          } catch (error) {
            if (last) throw error;
          }
          await sleep(initialDelayMs * 2 ** attempt);
        }
      },
    };
  };
}
