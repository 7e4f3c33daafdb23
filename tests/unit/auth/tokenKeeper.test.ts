/**
 * SPEC §4: calls carry a token from the sign-in provider; Clerk's tokens live 60 s, so the
 * adapter keeps asking Clerk (which answers from its cache until a token nears expiry).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLERK_TOKEN_REFRESH_MS, startTokenKeeper } from '../../../src/auth/clerk/tokenKeeper';
import { splitName } from '../../../src/auth/names';
import { appPath } from '../../../src/auth/clerk/appPath';

afterEach(() => vi.useRealTimers());

describe('the Clerk token keeper', () => {
  it('asks for a token at once and again every refresh interval, until stopped', async () => {
    vi.useFakeTimers();
    let n = 0;
    const tokens: (string | null)[] = [];
    const stop = startTokenKeeper({
      getToken: async () => `t${++n}`,
      onToken: (token) => tokens.push(token),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(tokens).toEqual(['t1']);
    await vi.advanceTimersByTimeAsync(CLERK_TOKEN_REFRESH_MS * 2);
    expect(tokens).toEqual(['t1', 't2', 't3']);
    expect(CLERK_TOKEN_REFRESH_MS).toBeLessThan(60_000 / 2);
    stop();
    await vi.advanceTimersByTimeAsync(CLERK_TOKEN_REFRESH_MS * 3);
    expect(tokens).toHaveLength(3);
  });

  it('keeps the last token when Clerk cannot be reached (offline)', async () => {
    vi.useFakeTimers();
    const tokens: (string | null)[] = [];
    let offline = false;
    const stop = startTokenKeeper({
      getToken: async () => {
        if (offline) throw Object.assign(new Error('offline'), { code: 'clerk_offline' });
        return 'kept';
      },
      onToken: (token) => tokens.push(token),
    });
    await vi.advanceTimersByTimeAsync(0);
    offline = true;
    await vi.advanceTimersByTimeAsync(CLERK_TOKEN_REFRESH_MS);
    expect(tokens).toEqual(['kept']);
    stop();
  });
});

describe('what the adapters share', () => {
  it('splits one name into the first and last names analytics identifies by (SPEC §3)', () => {
    expect(splitName('Olive Organiser')).toEqual({ firstName: 'Olive', lastName: 'Organiser' });
    expect(splitName(' Mary  Ann van Dyke ')).toEqual({
      firstName: 'Mary',
      lastName: 'Ann van Dyke',
    });
    expect(splitName('Olive')).toEqual({ firstName: 'Olive', lastName: null });
    expect(splitName(null)).toEqual({ firstName: null, lastName: null });
  });

  it('follows Clerk’s redirects inside the app only for this origin', () => {
    expect(appPath('/activities?x=1', 'https://app.example')).toBe('/activities?x=1');
    expect(appPath('https://app.example/sign-in#/factor-one', 'https://app.example')).toBe(
      '/sign-in#/factor-one',
    );
    expect(appPath('https://accounts.clerk.example/sign-in', 'https://app.example')).toBeNull();
  });
});
