/**
 * A store for @fastify/rate-limit whose counts hold across server instances (sharedCounts.ts).
 * Registered once on /v1 (app.ts): the global limit uses it as it is, and each route with a
 * limit of its own (play.ts, auth.ts) gets a child that counts apart, as with the default store.
 *
 * Windows are fixed and aligned to the clock (a 1-minute window runs from one minute to the
 * next), not started by a client's first request as in the default store: every instance must
 * name the same window the same way, `rate:<route or global>:<key>:<window start>`. A client can
 * thus send up to twice the limit across a window boundary, as with any fixed window; the
 * instances' clocks must agree to within a second or so (NTP), as they do on any host.
 *
 * `continueExceeding` and `exponentialBackoff` are not supported (Teamtrail uses neither).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedCounts } from './sharedCounts';

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function sharedRateLimitStore(counts: SharedCounts): FastifyRateLimitStoreCtor {
  let unnamed = 0;
  class SharedRateLimitStore implements FastifyRateLimitStore {
    /** @fastify/rate-limit calls `new Store(globalOptions)`; a child is made with its route. */
    constructor(
      _options: unknown,
      private readonly scope = 'global',
    ) {}

    /**
     * The shared key of each client key in the current window: building and hashing a new
     * 100-character string per request cost ten times the default store's whole incr.
     */
    private sharedKeys = new Map<string, string>();
    private sharedKeysWindow = -1;

    private sharedKey(key: string, start: number): string {
      if (start !== this.sharedKeysWindow) {
        this.sharedKeys = new Map();
        this.sharedKeysWindow = start;
      }
      let shared = this.sharedKeys.get(key);
      if (shared === undefined) {
        shared = `rate:${this.scope}:${key}:${start}`;
        this.sharedKeys.set(key, shared);
      }
      return shared;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const start = now - (now % timeWindow);
      const end = start + timeWindow;
      const shared = this.sharedKey(key, start);
      const local = counts.add(shared, 1, end);
      callback(null, { current: local + counts.others(shared), ttl: end - now });
    }

    /** The same without counting (`{ increment: false }`). */
    read(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const start = now - (now % timeWindow);
      const shared = this.sharedKey(key, start);
      const current = counts.local(shared) + counts.others(shared);
      callback(null, { current, ttl: current > 0 ? start + timeWindow - now : 0 });
    }

    /**
     * The plugin's types call the argument the route's options; what it passes (v11, index.js
     * `onRoute`) is the route's merged limit options, with the route in `routeInfo`.
     */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = options as unknown as { routeInfo?: RouteInfo };
      const { method, url } = routeInfo ?? {};
      // A route's limit counts apart from the global one and from every other route's. A
      // limiter made in code (`createRateLimit`) has no route: numbered in the order made, which
      // is the same on every instance.
      const scope = method && url ? `${[method].flat().join(',')} ${url}` : `limiter-${++unnamed}`;
      return new SharedRateLimitStore(options, scope);
    }
  }
  return SharedRateLimitStore;
}
