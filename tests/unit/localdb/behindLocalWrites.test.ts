/**
 * The builder follows its template behind the tab's own writes (keystroke→durable;
 * src/localdb/hooks/behindLocalWrites.ts): a change after a quiet spell shows at once, fast changes
 * at most once per interval and only once the tab's writes have landed, never later than the
 * longest wait, and the latest version always comes through.
 */
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { behindLocalWrites } from '../../../src/localdb/hooks/behindLocalWrites';
import { trackDraft } from '../../../src/localdb/pendingWrites';

const INTERVAL_MS = 150;
const MAX_WAIT_MS = 1_000;

function follow() {
  const source = new Subject<string>();
  const seen: string[] = [];
  const subscription = source
    .pipe(behindLocalWrites({ intervalMs: INTERVAL_MS, maxWaitMs: MAX_WAIT_MS, now: Date.now }))
    .subscribe((value) => seen.push(value));
  return { source, seen, subscription };
}

describe('following a template behind the tab’s own writes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a change after a quiet spell (another tab, another device) shows at once', () => {
    const { source, seen, subscription } = follow();
    source.next('first');
    expect(seen).toEqual(['first']);
    vi.advanceTimersByTime(INTERVAL_MS);
    source.next('from another device');
    expect(seen).toEqual(['first', 'from another device']);
    subscription.unsubscribe();
  });

  it('fast changes show at most once per interval, the latest one, none lost at the end', () => {
    const { source, seen, subscription } = follow();
    source.next('v1');
    source.next('v2');
    source.next('v3');
    expect(seen).toEqual(['v1']);
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(seen).toEqual(['v1']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['v1', 'v3']);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(seen).toEqual(['v1', 'v3']);
    subscription.unsubscribe();
  });

  it('a change waits while something typed here is being written, and shows once it has landed', () => {
    const { source, seen, subscription } = follow();
    source.next('v1');
    const release = trackDraft();
    source.next('echo of a keystroke');
    vi.advanceTimersByTime(INTERVAL_MS * 2);
    expect(seen).toEqual(['v1']);
    release();
    expect(seen).toEqual(['v1', 'echo of a keystroke']);
    subscription.unsubscribe();
  });

  it('writes that never pause hold a change back no longer than the longest wait', () => {
    const { source, seen, subscription } = follow();
    source.next('v1');
    const release = trackDraft();
    source.next('v2');
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(seen).toEqual(['v1']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['v1', 'v2']);
    release();
    expect(seen).toEqual(['v1', 'v2']);
    subscription.unsubscribe();
  });

  it('the source ending passes on the change still waiting', () => {
    const { source, seen } = follow();
    source.next('v1');
    source.next('v2');
    source.complete();
    expect(seen).toEqual(['v1', 'v2']);
  });
});
