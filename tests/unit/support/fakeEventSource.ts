// A stand-in for the browser's EventSource, for every stream test (the live screens', the
// player's, the shared client's): the test opens it, sends events and drops it.
import type { EventSourceLike } from '../../../src/protocol/eventStream';

export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;

  readyState = FakeEventSource.CONNECTING;
  onopen: EventSourceLike['onopen'] = null;
  onerror: EventSourceLike['onerror'] = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const latest = FakeEventSource.instances[FakeEventSource.instances.length - 1];
    if (!latest) throw new Error('no EventSource was opened');
    return latest;
  }

  static reset() {
    FakeEventSource.instances = [];
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener() {}

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    (this.onopen as ((e: Event) => void) | null)?.(new Event('open'));
  }

  emit(type: string, data: unknown) {
    const event = {
      data: typeof data === 'string' ? data : JSON.stringify(data),
    } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The stream dropped; the browser will retry by itself (readyState CONNECTING). */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    (this.onerror as ((e: Event) => void) | null)?.(new Event('error'));
  }

  /** The server refused the stream: the browser gives up (readyState CLOSED). */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    (this.onerror as ((e: Event) => void) | null)?.(new Event('error'));
  }
}
