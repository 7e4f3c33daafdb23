// @vitest-environment happy-dom
/**
 * The phone's reckoning of the server's time (src/play/serverClock.ts): answers carry the moment
 * they were made in server time, so an answer made before the end still counts when it arrives
 * after it (docs/games.md "Late answers"), however wrong the phone's own clock is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, resetServerClock, serverNow } from '../../../src/play/serverClock';

beforeEach(() => {
  localStorage.clear();
  resetServerClock();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('server clock', () => {
  it("without any answer from the server, it is the phone's own clock", () => {
    expect(serverNow()).toBe(Date.parse('2030-01-01T10:00:00.000Z'));
  });

  it('a phone 10 minutes slow reckons the server time from a Date header, to within a second', () => {
    // The server says 10:10:03 (whole seconds) for a request sent and answered around 10:00:00.
    noteServerDate('Tue, 01 Jan 2030 10:10:03 GMT', Date.now() - 100, Date.now() + 100);
    const error = serverNow() - Date.parse('2030-01-01T10:10:03.500Z');
    expect(Math.abs(error)).toBeLessThanOrEqual(500);
  });

  it('keeps the offset on the phone: after a reload, offline, answers still carry server time', () => {
    noteServerDate('Tue, 01 Jan 2030 09:55:00 GMT', Date.now(), Date.now());
    resetServerClock(); // as a reload: the module's memory is gone, the phone's storage is not
    expect(serverNow()).toBe(Date.parse('2030-01-01T09:55:00.500Z'));
  });

  it('ignores a missing or unreadable header', () => {
    noteServerDate(null, Date.now(), Date.now());
    noteServerDate('yesterday-ish', Date.now(), Date.now());
    expect(serverNow()).toBe(Date.now());
  });
});
