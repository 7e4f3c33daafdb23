/**
 * Listens to GET /v1/events (server-sent events over fetch, since EventSource cannot send the
 * bearer token or AnonId headers) and calls back on every change notice, so the engine pulls at
 * once, and on every AI request that is over (docs/ai.md "Finished: the push"), so the waiting
 * screens ask at once. Reconnects with back-off when the stream drops.
 */
import {
  AI_REQUEST_FINISHED,
  parseAiRequestFinished,
  type AiRequestFinished,
} from '../src/domain/aiEvents';
import type { Transport } from './transport';
import type { EventStreamState } from './status';

export interface EventStreamOptions {
  transport: Transport;
  onChange: () => void;
  onAiRequestFinished?: (event: AiRequestFinished) => void;
  onState: (state: EventStreamState) => void;
  retryDelay: (attempt: number) => number;
}

export function openEventStream(options: EventStreamOptions): { close(): void } {
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  async function connect() {
    if (closed) return;
    options.onState('connecting');
    controller = new AbortController();
    const response = await options.transport.stream('/v1/events', controller.signal);
    if (!response?.body) return retry();
    options.onState('connected');
    attempt = 0;
    // Anything may have changed while the stream was down.
    options.onChange();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: template-changed$/m.test(block)) options.onChange();
          else if (options.onAiRequestFinished && eventName(block) === AI_REQUEST_FINISHED) {
            const event = parseAiRequestFinished(eventData(block));
            if (event) options.onAiRequestFinished(event);
          }
        }
      }
    } catch {
      // Aborted or dropped: reconnect below.
    }
    retry();
  }

  function retry() {
    if (closed) return;
    options.onState('connecting');
    attempt += 1;
    timer = setTimeout(() => void connect(), options.retryDelay(attempt));
  }

  void connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
      options.onState('closed');
    },
  };
}

const eventName = (block: string): string | null =>
  /^event: ?(.*)$/m.exec(block)?.[1]?.trim() ?? null;

/** The block's data lines, joined and read as JSON; null when they are not JSON. */
function eventData(block: string): unknown {
  const lines = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).replace(/^ /, ''));
  try {
    return JSON.parse(lines.join('\n'));
  } catch {
    return null;
  }
}
