/**
 * The sync worker's reader of GET /v1/events (sync/eventStream.ts): `template-changed` asks for
 * a pull; `ai-request-finished` (docs/ai.md "Finished: the push") is handed on with its request
 * id and status, for the tabs' waiting screens; anything malformed is ignored. The stream is fed
 * in pieces that cut events apart, as a network does.
 */
import { describe, expect, it, vi } from 'vitest';
import { openEventStream } from '../../../sync/eventStream';
import type { Transport } from '../../../sync/transport';
import type { AiRequestFinished } from '../../../src/domain/aiEvents';

function streamOf(chunks: string[]): Transport {
  return {
    request: async () => {
      throw new Error('not used');
    },
    identity: async () => ({ token: null, anonId: null, userId: null }),
    stream: async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            const encoder = new TextEncoder();
            for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
            // Left open, as the server's stream is.
          },
        }),
      ),
  };
}

describe('sync/eventStream.ts', () => {
  it('hands on ai-request-finished with its request id and status, and pulls on template-changed only', async () => {
    const finished: AiRequestFinished[] = [];
    const onChange = vi.fn();
    const text = [
      'retry: 3000\nevent: ready\ndata: {"channels":1}\n\n',
      'event: ai-request-finished\ndata: {"type":"ai-request-finished","requestId":"r-1","status":"completed"}\n\n',
      'event: ai-request-finished\ndata: {"type":"ai-request-finished","requestId":"r-2",',
      '"status":"failed"}\n\n',
      'event: ai-request-finished\ndata: not json\n\n',
      'event: ai-request-finished\ndata: {"type":"ai-request-finished","requestId":"r-3","status":"maybe"}\n\n',
      'event: template-changed\ndata: {"type":"template-changed","id":"t"}\n\n',
    ].join('');
    // Cut every 7 characters, across lines and events.
    const chunks = text.match(/[\s\S]{1,7}/g)!;
    const stream = openEventStream({
      transport: streamOf(chunks),
      onChange,
      onAiRequestFinished: (event) => finished.push(event),
      onState: () => {},
      retryDelay: () => 60_000,
    });
    try {
      await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      expect(finished).toEqual([
        { type: 'ai-request-finished', requestId: 'r-1', status: 'completed' },
        { type: 'ai-request-finished', requestId: 'r-2', status: 'failed' },
      ]);
    } finally {
      stream.close();
    }
  });
});
