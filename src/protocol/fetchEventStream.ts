/**
 * Event-stream connections over fetch, for callers that must send headers EventSource cannot
 * (the sync engine's bearer token and AnonId on GET /v1/events): the response body read as
 * server-sent events. A stream that could not start, failed or ended has given up: the shared
 * client (eventStream.ts) opens a new one after its back-off.
 */
import type { Connector } from './eventStream';

/**
 * Opens the stream: the response, or null when it could not start (no answer, an error
 * status). `signal` aborts it when the stream is closed.
 */
export type OpenFetchStream = (signal: AbortSignal) => Promise<Response | null>;

export function fetchConnector(open: OpenFetchStream): Connector {
  return (sink) => {
    const controller = new AbortController();
    void (async () => {
      try {
        const response = await open(controller.signal);
        if (!response?.body) return;
        sink.opened();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const blocks = new EventBlocks();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const { name, data } of blocks.push(value)) sink.event(name, data);
        }
      } catch {
        // Aborted or dropped: a new connection follows, unless the stream was closed.
      } finally {
        sink.dropped(true);
      }
    })();
    return { close: () => controller.abort() };
  };
}

/** Text as it arrives, cut anywhere, into events: name (`message` when none) and data text. */
export class EventBlocks {
  private buffer = '';

  push(text: string): { name: string; data: string }[] {
    this.buffer += text;
    const events: { name: string; data: string }[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = readBlock(block);
      if (event) events.push(event);
    }
    return events;
  }
}

/** One block's event, or null for one without (a comment, a `retry:` alone). */
function readBlock(block: string): { name: string; data: string } | null {
  let name: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue; // a comment (`: keep-alive`) or a line without a field
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value.trim();
    else if (field === 'data') data.push(value);
  }
  if (name === null && data.length === 0) return null;
  return { name: name ?? 'message', data: data.join('\n') };
}
