// @vitest-environment happy-dom
/**
 * The leave-page guard (src/localdb/pendingWrites.ts): the browser's "Leave site?" warning is asked
 * for while a local write is in flight, and (no edit window) while a draft waits to be
 * written, and not once everything is on the device.
 */
import { describe, expect, it } from 'vitest';
import {
  draftsWaiting,
  trackDraft,
  trackWrite,
  writesInFlight,
} from '../../../src/localdb/pendingWrites';

/** What the browser asks: does leaving need the user's word? */
function leavingIsWarned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the leave-page guard', () => {
  it('warns while a write is in flight, and not once it has landed', async () => {
    expect(leavingIsWarned()).toBe(false);
    let land!: () => void;
    const write = trackWrite(new Promise<void>((resolve) => (land = resolve)));
    expect(writesInFlight()).toBe(1);
    expect(leavingIsWarned()).toBe(true);
    land();
    await write;
    expect(writesInFlight()).toBe(0);
    expect(leavingIsWarned()).toBe(false);
  });

  it('a draft that waits counts like a write in flight: leaving is warned until it is released', () => {
    const release = trackDraft();
    expect(draftsWaiting()).toBe(1);
    expect(leavingIsWarned()).toBe(true);
    release();
    expect(draftsWaiting()).toBe(0);
    expect(leavingIsWarned()).toBe(false);
  });

  it('a draft is counted off once, however often it is released', () => {
    const first = trackDraft();
    const second = trackDraft();
    first();
    first();
    expect(draftsWaiting()).toBe(1);
    expect(leavingIsWarned()).toBe(true);
    second();
    expect(leavingIsWarned()).toBe(false);
  });

  it('a write landing while a draft still waits keeps the warning, and the reverse', async () => {
    const release = trackDraft();
    await trackWrite(Promise.resolve());
    expect(leavingIsWarned()).toBe(true);
    let land!: () => void;
    const write = trackWrite(new Promise<void>((resolve) => (land = resolve)));
    release();
    expect(leavingIsWarned()).toBe(true);
    land();
    await write;
    expect(leavingIsWarned()).toBe(false);
  });
});
