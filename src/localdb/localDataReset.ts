/**
 * "Reset local data" deletes the database that every tab of this browser profile has open. The
 * tab that resets tells the others: they close their connection first (so that nothing opens
 * the database again while it is being deleted), and reload once it is gone, instead of going
 * on showing, or writing to, a database that no longer exists.
 */
const CHANNEL = 'teamtrail-local-data';

/** Reload anyway if the resetting tab never says it is done (closed or crashed halfway). */
export const RESET_DONE_TIMEOUT_MS = 15_000;

type ResetMessage = { type: 'reset-started' } | { type: 'reset-done' };

function post(message: ResetMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export const announceResetStarted = () => post({ type: 'reset-started' });
export const announceResetDone = () => post({ type: 'reset-done' });

/** Follows resets started in other tabs. Answers a function that stops listening. */
export function onResetInOtherTab(handlers: { started: () => void; done: () => void }): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  let fallback: ReturnType<typeof setTimeout> | null = null;
  channel.onmessage = (event: MessageEvent<ResetMessage>) => {
    if (event.data?.type === 'reset-started') {
      handlers.started();
      fallback ??= setTimeout(handlers.done, RESET_DONE_TIMEOUT_MS);
    } else if (event.data?.type === 'reset-done') {
      if (fallback) clearTimeout(fallback);
      handlers.done();
    }
  };
  return () => {
    if (fallback) clearTimeout(fallback);
    channel.close();
  };
}
