// @vitest-environment happy-dom
/**
 * No edit window (src/features/builder/durableWrites.ts): every builder field is
 * written as it changes, coalesced only while a write is in flight (one in flight, plus the latest
 * value waiting for it); the value waiting is written at once when the page is hidden or goes
 * away, and counts in the leave-page guard until its write has landed.
 */
import { describe, expect, it, vi } from 'vitest';
import { draftsWaiting } from '../../../src/localdb/pendingWrites';
import { createCoalescingWriter } from '../../../src/features/builder/durableWrites';

/** A save whose writes land only when the test says so, as a slow IndexedDB would. */
function slowSave() {
  const writes: { value: string; land(): void; fail(error: Error): void }[] = [];
  const save = (value: string) =>
    new Promise<void>((resolve, reject) => {
      writes.push({ value, land: resolve, fail: reject });
    });
  return { writes, save, values: () => writes.map((w) => w.value) };
}

/** Lets a landed write's settling, and the write it starts, run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('no edit window: a builder field is written as it changes', () => {
  it('writes a value at once when no write is in flight', () => {
    const { save, values } = slowSave();
    const writer = createCoalescingWriter<string>();
    expect(writer.write('W', save)).toBe('written');
    expect(values()).toEqual(['W']);
  });

  it('one write in flight at most: values meanwhile are coalesced into the latest, written when it lands', async () => {
    const { writes, save, values } = slowSave();
    const writer = createCoalescingWriter<string>();
    writer.write('W', save);
    expect(writer.write('Wh', save)).toBe('waiting');
    expect(writer.write('Wha', save)).toBe('waiting');
    expect(values()).toEqual(['W']);
    writes[0]!.land();
    await settle();
    expect(values()).toEqual(['W', 'Wha']);
    writes[1]!.land();
    await settle();
    expect(values()).toEqual(['W', 'Wha']);
  });

  it('with `now` a value is written beside the write in flight, and supersedes the one waiting', async () => {
    const { writes, save, values } = slowSave();
    const writer = createCoalescingWriter<string>();
    writer.write('W', save);
    writer.write('Wh', save);
    expect(writer.write('Who', save, { now: true })).toBe('written');
    expect(values()).toEqual(['W', 'Who']);
    writes[0]!.land();
    writes[1]!.land();
    await settle();
    expect(values()).toEqual(['W', 'Who']);
  });

  it('flush (blur, unmount) starts the value waiting at once', () => {
    const { save, values } = slowSave();
    const writer = createCoalescingWriter<string>();
    writer.write('W', save);
    writer.write('Wh', save);
    writer.flush();
    expect(values()).toEqual(['W', 'Wh']);
    writer.flush();
    expect(values()).toEqual(['W', 'Wh']);
  });

  it('pagehide starts every value waiting at once, in the same task', () => {
    const name = slowSave();
    const text = slowSave();
    const nameWriter = createCoalescingWriter<string>();
    const textWriter = createCoalescingWriter<string>();
    nameWriter.write('N', name.save);
    nameWriter.write('Na', name.save);
    textWriter.write('T', text.save);
    textWriter.write('Te', text.save);
    window.dispatchEvent(new Event('pagehide'));
    expect(name.values()).toEqual(['N', 'Na']);
    expect(text.values()).toEqual(['T', 'Te']);
  });

  it('the page turning hidden starts the value waiting at once; turning visible does not', () => {
    const { save, values } = slowSave();
    const writer = createCoalescingWriter<string>();
    writer.write('W', save);
    writer.write('Wh', save);
    try {
      setVisibility('visible');
      expect(values()).toEqual(['W']);
      setVisibility('hidden');
      expect(values()).toEqual(['W', 'Wh']);
    } finally {
      setVisibility('visible');
    }
  });

  it('counts in the leave-page guard from the change until its last write has landed', async () => {
    const { writes, save } = slowSave();
    const writer = createCoalescingWriter<string>();
    const before = draftsWaiting();
    writer.write('W', save);
    writer.write('Wh', save);
    expect(draftsWaiting()).toBe(before + 1);
    writes[0]!.land();
    await settle();
    // 'Wh' is now in flight: still not on the device.
    expect(draftsWaiting()).toBe(before + 1);
    writes[1]!.land();
    await settle();
    expect(draftsWaiting()).toBe(before);
  });

  it('says, once idle, whether the last write landed (one cut short by the page’s leaving fails)', async () => {
    const { writes, save } = slowSave();
    const onIdle = vi.fn();
    const writer = createCoalescingWriter<string>({ onError: () => {}, onIdle });
    writer.write('W', save);
    writes[0]!.land();
    await settle();
    expect(onIdle).toHaveBeenLastCalledWith({ landed: true });
    writer.write('Wh', save);
    writes[1]!.fail(new Error('aborted'));
    await settle();
    expect(onIdle).toHaveBeenLastCalledWith({ landed: false });
    expect(onIdle).toHaveBeenCalledTimes(2);
  });

  it('a failed write is reported, releases the guard, and the value waiting is still written', async () => {
    const { writes, save, values } = slowSave();
    const onError = vi.fn();
    const writer = createCoalescingWriter<string>({ onError });
    const before = draftsWaiting();
    writer.write('W', save);
    writer.write('Wh', save);
    writes[0]!.fail(new Error('quota'));
    await settle();
    expect(onError).toHaveBeenCalledWith(new Error('quota'));
    expect(values()).toEqual(['W', 'Wh']);
    writes[1]!.land();
    await settle();
    expect(draftsWaiting()).toBe(before);
  });

  it('a save that throws at once is reported like a failed write', async () => {
    const onError = vi.fn();
    const writer = createCoalescingWriter<string>({ onError });
    const before = draftsWaiting();
    writer.write('W', () => {
      throw new Error('closed');
    });
    await settle();
    expect(onError).toHaveBeenCalledWith(new Error('closed'));
    expect(draftsWaiting()).toBe(before);
  });
});
