/**
 * Every delay and cap of the sync engine, with the reason for its value. Tests and the
 * benchmark may pass their own through EngineOptions.timing.
 */
export const SYNC_TIMING = {
  /** Coalesces a burst of keystrokes into one push, while keeping edit→server well under 1 s. */
  pushDebounceMs: 150,
  /** A request that has not answered by then is treated as a network failure and retried. */
  requestTimeoutMs: 15_000,
  /** First retry after a failure; doubles each time, with full jitter so clients spread out. */
  backoffBaseMs: 1_000,
  /** Never wait longer than this between retries: a returning connection is used soon. */
  backoffMaxMs: 60_000,
  /** Pull anyway this often, in case a poke was missed (SSE dropped behind a proxy). */
  periodicPullMs: 5 * 60_000,
  /** The event stream reconnects after this long when it drops, then backs off like pushes. */
  eventStreamRetryMs: 3_000,
  /**
   * While the server cannot be reached at all, GET /v1/health this often (±25 %): the target is
   * reconnect→server within 2 s without the browser's `online` event (a server restart, a VPN).
   * Organisers' browsers are few, and the probe is one small request.
   */
  probeIntervalMs: 1_500,
  /** A probe waits no longer than this: on a lossy network a hanging probe is no answer. */
  probeTimeoutMs: 5_000,
} as const;

export type SyncTiming = { -readonly [K in keyof typeof SYNC_TIMING]: number };

/** Changes pulled per request; the server's own cap is 500. */
export const PULL_PAGE_SIZE = 200;

/** The conflict log keeps the most recent entries only; it is for support, not an archive. */
export const CONFLICT_LOG_LIMIT = 200;
