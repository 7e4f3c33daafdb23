/**
 * Notices early when Clerk's script cannot be fetched (offline, blocked by an extension or a
 * content security policy). Clerk tries the download 1 + AUTH_SCRIPT_MAX_RETRIES times and then
 * waits for its load timeout (15 s) before it reports failed_to_load_clerk_js (SPEC §8); all that
 * time the app would say nothing. Every failed <script> fires "error" at once, so: unavailable
 * after the last try, or after the first one when the browser knows it is offline.
 */
import { AUTH_SCRIPT_MAX_RETRIES } from '../../domain/constants';

export interface ScriptFailureWatch {
  failed(): boolean;
  subscribe(listener: () => void): () => void;
  stop(): void;
}

/** Clerk's own script (not its UI script, whose failure leaves sign-in state working). */
export function isClerkJsScript(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLScriptElement)) return false;
  if (element.hasAttribute('data-clerk-js-script')) return true;
  return element.hasAttribute('data-clerk-publishable-key') && element.src.includes('clerk-js');
}

export function watchClerkScriptFailure(target: Window = window): ScriptFailureWatch {
  let failures = 0;
  let failed = false;
  const listeners = new Set<() => void>();
  const onError = (event: Event) => {
    if (failed || !isClerkJsScript(event.target)) return;
    failures += 1;
    if (failures <= AUTH_SCRIPT_MAX_RETRIES && target.navigator.onLine) return;
    failed = true;
    for (const listener of listeners) listener();
  };
  // Resource errors do not bubble: only a capturing listener on the window sees them.
  target.addEventListener('error', onError, true);
  return {
    failed: () => failed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => target.removeEventListener('error', onError, true),
  };
}
