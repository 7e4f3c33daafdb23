/**
 * Listens to GET /v1/events (server-sent events over fetch, since EventSource cannot send the
 * bearer token or AnonId headers) and calls back on every change notice, so the engine pulls at
 * once, and on every AI request that is over (docs/ai.md "Finished: the push"), so the waiting
 * screens ask at once. Reconnects with back-off when the stream drops (the shared client,
 * src/protocol/eventStream.ts); what is the engine's own here: the poke-then-pull, and a pull
 * each time the stream is back.
 */
import type { AiRequestFinished } from '../src/domain/aiEvents';
import { OWNER_EVENTS, type OwnerStreamEvents } from '../src/protocol/events';
import { OWNER_EVENT_SCHEMAS, schemaDecoders } from '../src/protocol/schemas';
import { openEventStream as openSharedStream } from '../src/protocol/eventStream';
import { fetchConnector } from '../src/protocol/fetchEventStream';
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
  const { onAiRequestFinished } = options;
  const stream = openSharedStream<OwnerStreamEvents>({
    connect: fetchConnector((signal) => options.transport.stream('/v1/events', signal)),
    retryDelay: options.retryDelay,
    onConnecting: () => options.onState('connecting'),
    onOpen: () => {
      options.onState('connected');
      // Anything may have changed while the stream was down.
      options.onChange();
    },
    onDrop: () => options.onState('connecting'),
    // A deploy since this app was loaded changed the stream's protocol: the pokes stop until
    // the app is reloaded (diagnostics says so); the engine's own timed pulls go on.
    onOutdated: () => options.onState('outdated'),
    // A poke: its data is not read (the pull reads what changed), so it is taken by name.
    onEvent: (name) => {
      if (name === OWNER_EVENTS.templateChanged) options.onChange();
    },
    events: onAiRequestFinished
      ? { [OWNER_EVENTS.aiRequestFinished]: (event) => onAiRequestFinished(event) }
      : {},
    decode: schemaDecoders<OwnerStreamEvents>(OWNER_EVENT_SCHEMAS),
  });
  return {
    close() {
      stream.close();
      options.onState('closed');
    },
  };
}
