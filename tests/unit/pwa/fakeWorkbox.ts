/** A stand-in for workbox-window's Workbox: the test fires its lifecycle events. */
import type { WorkboxLike } from '../../../src/pwa/serviceWorkerUpdates';

export class FakeWorkbox implements WorkboxLike {
  readonly skipWaitingMessages: number[] = [];
  private readonly listeners = new Map<string, Array<() => void>>();

  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  messageSkipWaiting(): void {
    this.skipWaitingMessages.push(Date.now());
  }

  /** A new version finished installing and waits (workbox-window's 'waiting'). */
  newVersionWaiting(): void {
    this.fire('waiting');
  }

  /** A worker took control of the page (workbox-window's 'controlling', controllerchange). */
  workerControls(): void {
    this.fire('controlling');
  }

  private fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}
