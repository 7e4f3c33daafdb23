// @vitest-environment happy-dom
/**
 * SPEC §8: "the provider reports a load failure (failed_to_load_clerk_js …)"; the app notices a
 * script that cannot be downloaded without waiting for Clerk's 15-second timeout.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isClerkJsScript, watchClerkScriptFailure } from '../../../src/auth/clerk/scriptFailure';
import { AUTH_SCRIPT_MAX_RETRIES } from '../../../src/domain/constants';

const CLERK_JS = 'https://clerk.example.com/npm/@clerk/clerk-js@6/dist/clerk.browser.js';
const CLERK_UI = 'https://clerk.example.com/npm/@clerk/ui@1/dist/ui.browser.js';

/** A failed download of Clerk's script (no src: happy-dom would try to fetch it). */
function failDownload() {
  const script = document.createElement('script');
  script.setAttribute('data-clerk-js-script', '');
  document.body.appendChild(script);
  script.dispatchEvent(new Event('error'));
  script.remove();
}

afterEach(() => vi.restoreAllMocks());

describe('noticing that the sign-in provider’s script cannot load', () => {
  it('is unavailable once Clerk’s last download attempt failed', () => {
    const watch = watchClerkScriptFailure();
    const changed = vi.fn();
    watch.subscribe(changed);
    for (let i = 0; i < AUTH_SCRIPT_MAX_RETRIES; i += 1) failDownload();
    expect(watch.failed()).toBe(false);
    failDownload();
    expect(watch.failed()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('offline, the first failure is enough', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const watch = watchClerkScriptFailure();
    failDownload();
    expect(watch.failed()).toBe(true);
    watch.stop();
  });

  it('ignores other scripts, Clerk’s UI script included', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const watch = watchClerkScriptFailure();
    const other = document.createElement('script');
    document.body.appendChild(other);
    other.dispatchEvent(new Event('error'));
    expect(watch.failed()).toBe(false);
    watch.stop();
  });

  it('knows Clerk’s script as Clerk adds it (publishable key attribute, clerk-js URL)', () => {
    const script = (src: string) => {
      const element = document.createElement('script');
      element.setAttribute('data-clerk-publishable-key', 'pk_test_x');
      element.src = src; // detached: nothing is fetched
      return element;
    };
    expect(isClerkJsScript(script(CLERK_JS))).toBe(true);
    expect(isClerkJsScript(script(CLERK_UI))).toBe(false);
    expect(isClerkJsScript(document.createElement('div'))).toBe(false);
  });
});
