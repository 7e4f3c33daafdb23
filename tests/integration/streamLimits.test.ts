/**
 * One address can no longer hold thousands of event streams. Event streams are capped per
 * client address, per game and per owner (config.streams, server/services/sse.ts); one over the
 * cap is answered 429 with `{errorMessage}` and Retry-After, and a closed stream frees its place.
 * Over real sockets, since a stream stays open.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { STREAM_LIMIT_MESSAGES } from '../../server/services/sse';
import { guest, signUp } from './support/clients';
import { gameCalls } from './support/games';
import { openEventStream, type EventStream } from './support/sse';
import { startTestServer, type TestServer } from './support/testServer';

/** Sign-ups hash passwords and launches write games: slow on a shared 2-core machine. */
const SLOW_SETUP_MS = 120_000;
let server: TestServer | null = null;
let baseUrl = '';
const streams: EventStream[] = [];

async function serve(env: Record<string, string>) {
  server = await startTestServer({ env });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await server?.close();
  server = null;
});

async function open(path: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const stream = await openEventStream(`${baseUrl}${path}`, headers);
  streams.push(stream);
  return stream;
}

/** A refused stream's answer: 429, Retry-After and the message in words. */
async function refusal(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  if (response.ok) {
    // Not refused: an open stream, whose body never ends.
    await response.body?.cancel();
    return { status: response.status, retryAfter: null, body: {} };
  }
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { errorMessage?: string },
  };
}

/** The server frees a place once it sees the client go; ask again until it has (up to 5 s). */
async function eventuallyOpens(path: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const stream = await open(path, headers);
    if (stream.status === 200 || Date.now() > deadline) return stream;
    stream.close();
    // Only the pause between two tries: the server's side of a closed socket tells nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('event stream caps', () => {
  it(
    'per owner: a third sync stream of one guest is refused, another guest is not, a closed one frees a place',
    async () => {
      await serve({ STREAMS_PER_OWNER: '2' });
      const alice = guest().headers;
      const first = await open('/v1/events', alice);
      await open('/v1/events', alice);
      expect(first.status).toBe(200);
      expect(await refusal('/v1/events', alice)).toEqual({
        status: 429,
        retryAfter: '30',
        body: { errorMessage: STREAM_LIMIT_MESSAGES.owner },
      });
      expect((await open('/v1/events', guest().headers)).status).toBe(200);
      first.close();
      expect((await eventuallyOpens('/v1/events', alice)).status).toBe(200);
    },
    SLOW_SETUP_MS,
  );

  it(
    "per game: phones and screens beyond the game's cap are refused; another game's are not",
    async () => {
      await serve({ STREAMS_PER_GAME: '2' });
      const calls = gameCalls(() => server!);
      const organiser = await signUp(server!);
      const { code, gameId } = await calls.launched(organiser);
      const other = await calls.launched(await signUp(server!));
      const phone = await calls.joined(code);
      expect((await open(`/v1/play/${code}/events?team=${phone.team.id}`)).status).toBe(200);
      expect((await open(`/v1/games/${gameId}/events`, organiser.headers)).status).toBe(200);
      expect(await refusal(`/v1/play/${code}/events`)).toMatchObject({
        status: 429,
        body: { errorMessage: STREAM_LIMIT_MESSAGES.game },
      });
      expect(await refusal(`/v1/games/${gameId}/events`, organiser.headers)).toMatchObject({
        status: 429,
      });
      expect((await open(`/v1/play/${other.code}/events`)).status).toBe(200);
    },
    SLOW_SETUP_MS,
  );

  it(
    'per address: streams of every kind count together for one client address',
    async () => {
      await serve({ STREAMS_PER_ADDRESS: '2' });
      const calls = gameCalls(() => server!);
      const { code } = await calls.launched(await signUp(server!));
      expect((await open('/v1/events', guest().headers)).status).toBe(200);
      expect((await open(`/v1/play/${code}/events`)).status).toBe(200);
      expect(await refusal('/v1/events', guest().headers)).toMatchObject({
        status: 429,
        body: { errorMessage: STREAM_LIMIT_MESSAGES.address },
      });
    },
    SLOW_SETUP_MS,
  );
});
