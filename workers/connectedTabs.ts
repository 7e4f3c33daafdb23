/**
 * The tabs connected to the sync worker, and who the user is according to them: the most
 * recently connected tab that still answers. A tab that does not answer in time is taken for
 * closed and forgotten.
 *
 * When no tab answers (the only tab is between two pages, or every tab has closed while an
 * upload runs on), the identity the tabs last gave is used. It is the owner whose engine is
 * running, so its requests still go as that owner. An empty identity made them go as nobody:
 * the server took each for a new guest, answered a 404 for the owner's own upload and handed out
 * a new AnonId, and the work looked gone (docs/sync.md "The guest's identity").
 */
import type { Identity } from '../sync/transport';
import type { PageBridge } from './syncWorkerApi';

/** A tab that does not answer within this long is considered closed. */
export const PAGE_CALL_TIMEOUT_MS = 2_000;

const NOBODY: Identity = { token: null, anonId: null, userId: null };

export interface ConnectedTabs {
  add(page: PageBridge): void;
  /** The identity of the newest tab that answers; else the last one a tab gave; else nobody. */
  identity(): Promise<Identity>;
  /** Hands a new AnonId from the server to the newest tab, which stores it in its cookie. */
  storeAnonId(anonId: string): void;
}

export function createConnectedTabs(timeoutMs = PAGE_CALL_TIMEOUT_MS): ConnectedTabs {
  const pages: PageBridge[] = [];
  let lastKnown: Identity | null = null;

  const withTimeout = <T>(promise: Promise<T>) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('tab did not answer')), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  };

  return {
    add(page) {
      pages.push(page);
    },
    async identity() {
      for (let i = pages.length - 1; i >= 0; i -= 1) {
        try {
          lastKnown = await withTimeout(pages[i]!.getIdentity());
          return lastKnown;
        } catch {
          pages.splice(i, 1); // closed tab
        }
      }
      return lastKnown ?? NOBODY;
    },
    storeAnonId(anonId) {
      pages.at(-1)?.storeAnonId(anonId);
    },
  };
}
