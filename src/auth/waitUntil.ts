/** Polls a condition (SPEC §4: the product checks whether the provider is ready every 100 ms). */
import { AUTH_READY_CHECK_MS } from '../domain/constants';

export function waitUntil(
  condition: () => boolean,
  intervalMs = AUTH_READY_CHECK_MS,
): Promise<void> {
  if (condition()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!condition()) return;
      clearInterval(timer);
      resolve();
    }, intervalMs);
  });
}
