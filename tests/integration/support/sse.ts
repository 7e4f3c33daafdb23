/**
 * A small server-sent-events client over fetch (the stream needs the AnonId and Authorization
 * headers, which EventSource cannot send): it records every event and lets a test wait for the
 * first one that matches, with a generous timeout rather than a fixed sleep.
 */

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  received: ServerSentEvent[];
  /** The first event (already received or still to come) that matches; rejects on timeout. */
  waitFor(
    predicate: (event: ServerSentEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ServerSentEvent>;
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: ServerSentEvent[] = [];
  const waiters = new Set<() => void>();

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
    received.push({ event, data: parsed });
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
    waitFor(predicate, timeoutMs = DEFAULT_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
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
