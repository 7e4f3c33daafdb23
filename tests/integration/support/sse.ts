/**
 * A small server-sent-events client over fetch (the stream needs the AnonId and Authorization
 * headers, which EventSource cannot send): it records every event and lets a test wait for the
 * first one that matches, with a generous timeout rather than a fixed sleep.
 *
 * It also holds the server to the stream protocol (src/protocol): each event must be one of its
 * stream's names with a payload its schema accepts, the first a PROTOCOL_EVENT of this
 * PROTOCOL_VERSION. An event that is not is kept in `violations`, and `waitFor` fails on it, so
 * every test that listens to a stream checks the server's side of the contract.
 */
import type { z } from 'zod';
import { PROTOCOL_EVENT, PROTOCOL_VERSION } from '../../../src/protocol/events';
import {
  GAME_EVENT_SCHEMAS,
  OWNER_EVENT_SCHEMAS,
  PLAYER_EVENT_SCHEMAS,
  STREAM_OPENING_SCHEMAS,
} from '../../../src/protocol/schemas';

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order (the opening PROTOCOL_EVENT left out). */
  received: ServerSentEvent[];
  /** Events that broke the stream protocol: an unknown name, a payload its schema refuses. */
  violations: string[];
  /** The first event (already received or still to come) that matches; rejects on timeout. */
  waitFor(
    predicate: (event: ServerSentEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ServerSentEvent>;
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** The schemas of the stream at this address (its path says which stream it is). */
function schemasFor(url: string): Record<string, z.ZodType> {
  const { pathname } = new URL(url);
  if (pathname === '/v1/events') return OWNER_EVENT_SCHEMAS;
  if (/^\/v1\/games\/[^/]+\/events$/.test(pathname)) return GAME_EVENT_SCHEMAS;
  if (/^\/v1\/play\/[^/]+\/events$/.test(pathname)) return PLAYER_EVENT_SCHEMAS;
  throw new Error(`Not an event stream of the protocol: ${pathname}`);
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: ServerSentEvent[] = [];
  const violations: string[] = [];
  const waiters = new Set<() => void>();
  const schemas = schemasFor(url);
  let first = true;

  /** Holds one event to the protocol: a violation is recorded, never thrown mid-stream. */
  const check = (event: string, data: unknown) => {
    const opening = first;
    first = false;
    if (opening) {
      const parsed = STREAM_OPENING_SCHEMAS[PROTOCOL_EVENT].safeParse(data);
      if (event !== PROTOCOL_EVENT || !parsed.success) {
        violations.push(`the first event is ${event}, not ${PROTOCOL_EVENT} {version}`);
      } else if (parsed.data.version !== PROTOCOL_VERSION) {
        violations.push(`protocol version ${parsed.data.version}, not ${PROTOCOL_VERSION}`);
      }
      return;
    }
    const schema = schemas[event];
    if (!schema) return void violations.push(`unknown event name: ${event}`);
    const parsed = schema.safeParse(data);
    if (!parsed.success) violations.push(`${event}: ${parsed.error.message}`);
  };

  const dispatch = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue; // comment (keep-alive)
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    check(event, parsed);
    if (event !== PROTOCOL_EVENT) received.push({ event, data: parsed });
    for (const wake of [...waiters]) wake();
  };

  if (response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            dispatch(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // aborted by close(), or the server ended the stream
      }
    })();
  }

  return {
    status: response.status,
    headers: response.headers,
    received,
    violations,
    waitFor(predicate, timeoutMs = DEFAULT_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (violations.length > 0) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`The stream broke the protocol: ${violations.join('; ')}`));
            return true;
          }
          const match = received.find(predicate);
          if (!match) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(match);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No matching event within ${timeoutMs} ms; received: ${JSON.stringify(received)}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      controller.abort();
    },
  };
}
