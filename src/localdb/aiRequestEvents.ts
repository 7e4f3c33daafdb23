/**
 * AI requests that are over, from the sync worker to the tabs (docs/ai.md "Finished: the push").
 * The worker hears `ai-request-finished` on the owner's event stream and posts it on a
 * BroadcastChannel, which reaches every tab of this browser profile (whether the worker is a
 * SharedWorker or the leading tab's dedicated worker). A waiting screen asks its status URL at
 * once when its request is named; the 5 s poll goes on regardless, the fallback whenever no
 * event comes (no stream, offline, another instance without the bus).
 *
 * The tab remembers the events of the last minutes: the built-in generator is often done before
 * the request's answer has reached the screen that waits for it, and that screen must not then
 * wait for the next poll.
 */
import { parseAiRequestFinished, type AiRequestFinished } from '../domain/aiEvents';

const CHANNEL = 'teamtrail-ai-requests';
/** How long a tab remembers a finished request for a screen that starts waiting late. */
export const AI_EVENT_MEMORY_MS = 2 * 60_000;
const MAX_REMEMBERED = 50;

/** The worker's side: tells every tab. */
export function announceAiRequestFinished(event: AiRequestFinished): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

type Listener = (event: AiRequestFinished) => void;

const listeners = new Set<Listener>();
/** Request id → when this tab heard that it is over. */
const recent = new Map<string, number>();
let channel: BroadcastChannel | null = null;

function forget(now: number) {
  for (const [requestId, at] of recent) {
    if (now - at > AI_EVENT_MEMORY_MS || recent.size > MAX_REMEMBERED) recent.delete(requestId);
  }
}

function heard(data: unknown) {
  const event = parseAiRequestFinished(data);
  if (!event) return;
  const now = Date.now();
  recent.delete(event.requestId);
  recent.set(event.requestId, now);
  forget(now);
  for (const listener of [...listeners]) listener(event);
}

/**
 * Starts listening in this tab (idempotent). The sync client calls it when the tab starts, so
 * that events are remembered before any screen waits; subscribing calls it too.
 */
export function listenForAiRequestEvents(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => heard(message.data);
  // Node's BroadcastChannel (tests) would otherwise keep the process alive; browsers have none.
  (channel as { unref?: () => void }).unref?.();
}

/**
 * Calls `onFinished` when the request `requestId` is over: at once (in a microtask) when this
 * tab heard so in the last minutes, and when the event arrives. Answers a function that stops.
 */
export function onAiRequestFinished(requestId: string, onFinished: () => void): () => void {
  listenForAiRequestEvents();
  let stopped = false;
  const listener: Listener = (event) => {
    if (!stopped && event.requestId === requestId) onFinished();
  };
  listeners.add(listener);
  const heardAt = recent.get(requestId);
  if (heardAt !== undefined && Date.now() - heardAt <= AI_EVENT_MEMORY_MS) {
    queueMicrotask(() => {
      if (!stopped) onFinished();
    });
  }
  return () => {
    stopped = true;
    listeners.delete(listener);
  };
}
