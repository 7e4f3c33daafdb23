/**
 * docs/ai.md "Finished: the push": when an AI content request is completed or fails, the
 * requestor's event streams (GET /v1/events) receive `ai-request-finished {type, requestId,
 * status}`, published once the row says so, so that the waiting screen's status call made on
 * hearing it answers the outcome. Nobody else's stream receives it: not another guest's, not
 * another user's, and not the guest id of a guest who signed up while it ran. Over a real
 * socket, as events.test.ts: a notice that must not arrive is checked against one sent after it
 * on the same stream. With TEST_DATABASE_URL, also across two instances (LISTEN/NOTIFY).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';
import { guest, json, signUp, type Caller } from './support/clients';
import { openEventStream, type EventStream, type ServerSentEvent } from './support/sse';
import { startInstancesOnPostgres, type InstancesOnPostgres } from './support/instances';
import { TEST_DATABASE_URL } from './support/postgres';
import { GenerationError, type ContentGenerator } from '../../server/ai/generator';
import { AI_REQUEST_FINISHED, type AiRequestFinished } from '../../src/domain/aiEvents';
import { MESSAGES } from '../../src/domain/messages';
import type { AiContentRequestStatus, Step } from '../../src/domain/schemas';

/**
 * A quick generator the test controls: valid free-text tasks, or the failure `failWith` names;
 * while `hold()` is in force, each generation waits for `release()`.
 */
function testGenerator() {
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  const state = { calls: 0, failWith: null as GenerationError | null };
  const generator: ContentGenerator = {
    kind: 'builtin',
    async generate(request) {
      state.calls += 1;
      if (gate) await gate;
      if (state.failWith) throw state.failWith;
      return Array.from({ length: request.count }, (_, i) => {
        const step: Step = {
          id: randomUUID(),
          name: `Task ${i + 1}`,
          type: 'freeText',
          text: `Question ${i + 1} about ${request.topics} (${randomUUID().slice(0, 8)})?`,
          answers: [{ id: randomUUID(), value: `Answer ${i + 1}`, correct: true }],
          media: null,
          points: 10,
          locked: false,
        };
        return { source: 'test', step };
      });
    },
  };
  return {
    generator,
    state,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
  };
}

const newActivity = (caller: Caller) => ({
  requestorId: caller.userId ?? caller.anonId,
  topics: 'Fire safety at work',
  name: 'Safety refresher',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 30,
  stepsCount: 10,
});

/** The request's id: the end of its status URL (SPEC §7 {rest}). */
const idOf = (statusUrl: string) => statusUrl.split('/v1/ai_content_requests/')[1]!;

const finished = (event: ServerSentEvent) => event.data as AiRequestFinished;
const isFinished = (requestId: string) => (event: ServerSentEvent) =>
  event.event === AI_REQUEST_FINISHED && finished(event).requestId === requestId;
const aiEventsOf = (stream: EventStream) =>
  stream.received.filter((e) => e.event === AI_REQUEST_FINISHED).map(finished);

describe('ai-request-finished on the requestor’s event stream', () => {
  const control = testGenerator();
  let server: TestServer;
  let baseUrl: string;
  const openStreams: EventStream[] = [];

  beforeAll(async () => {
    server = await startTestServer({ aiGenerator: control.generator });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    control.release();
    for (const stream of openStreams) stream.close();
    await server?.close();
  });

  /** Opens the caller's stream and waits until the server has subscribed it. */
  async function listen(caller: Caller): Promise<EventStream> {
    const stream = await openEventStream(`${baseUrl}/v1/events`, caller.headers);
    openStreams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');
    return stream;
  }

  /** POST /ai_content_requests; answers the request's id. */
  async function requestAi(caller: Caller): Promise<string> {
    const response = await server.request({
      method: 'POST',
      url: '/v1/ai_content_requests',
      headers: caller.headers,
      payload: newActivity(caller),
    });
    expect(response.statusCode, response.body).toBe(202);
    return idOf(json<{ aiContentRequestStatusUrl: string }>(response).aiContentRequestStatusUrl);
  }

  const status = (caller: Caller, requestId: string) =>
    server.request({
      method: 'GET',
      url: `/v1/ai_content_requests/${requestId}`,
      headers: caller.headers,
    });

  it('the requestor (a guest) receives {type, requestId, status: "completed"}, after which the status call answers the template', async () => {
    const me = guest();
    const stream = await listen(me);
    const requestId = await requestAi(me);
    const event = await stream.waitFor(isFinished(requestId));
    // A notice only: no template, no content.
    expect(event.data).toEqual({ type: AI_REQUEST_FINISHED, requestId, status: 'completed' });
    // Published once the row is done: the GET made on hearing it has the result.
    const answer = await status(me, requestId);
    expect(answer.statusCode).toBe(200);
    const { completedAt, template } = json<AiContentRequestStatus>(answer);
    expect(completedAt).not.toBeNull();
    expect(template!.name).toBe('Safety refresher');
  });

  it('every stream of a signed-in requestor receives it (each of their devices)', async () => {
    const user = await signUp(server);
    const laptop = await listen(user);
    const phone = await listen(user);
    const requestId = await requestAi(user);
    await laptop.waitFor(isFinished(requestId));
    await phone.waitFor(isFinished(requestId));
    expect((await status(user, requestId)).statusCode).toBe(200);
  });

  it('only the requestor receives it: not another guest’s stream, not another user’s', async () => {
    const requestor = guest();
    const otherGuest = guest();
    const otherUser = await signUp(server);
    const requestorStream = await listen(requestor);
    const otherGuestStream = await listen(otherGuest);
    const otherUserStream = await listen(otherUser);

    const theirs = await requestAi(requestor);
    await requestorStream.waitFor(isFinished(theirs));
    // Requests of their own, finished after it: had their streams carried the requestor's
    // event, it would have arrived first.
    const guestsOwn = await requestAi(otherGuest);
    await otherGuestStream.waitFor(isFinished(guestsOwn));
    const usersOwn = await requestAi(otherUser);
    await otherUserStream.waitFor(isFinished(usersOwn));

    expect(aiEventsOf(otherGuestStream).map((e) => e.requestId)).toEqual([guestsOwn]);
    expect(aiEventsOf(otherUserStream).map((e) => e.requestId)).toEqual([usersOwn]);
    expect(aiEventsOf(requestorStream).map((e) => e.requestId)).toEqual([theirs]);
    // Nor may they read it.
    expect((await status(otherGuest, theirs)).statusCode).toBe(404);
  });

  it('a failed request is announced too ({status: "failed"}), and the status call answers its message', async () => {
    const me = guest();
    const stream = await listen(me);
    control.state.failWith = new GenerationError('incomplete', 'test: cannot be made valid');
    try {
      const requestId = await requestAi(me);
      const event = await stream.waitFor(isFinished(requestId));
      expect(finished(event).status).toBe('failed');
      const answer = await status(me, requestId);
      expect(answer.statusCode).toBe(422);
      expect(json<{ errorMessage: string }>(answer).errorMessage).toBe(MESSAGES.ai.incompleteData);
    } finally {
      control.state.failWith = null;
    }
  });

  it('a guest who signs up while it runs: the user’s stream receives it, the old guest id’s does not', async () => {
    const anonId = randomUUID();
    const asGuest = guest(anonId);
    const guestStream = await listen(asGuest);
    control.hold();
    const callsBefore = control.state.calls;
    const requestId = await requestAi(asGuest);
    await expect.poll(() => control.state.calls).toBe(callsBefore + 1);

    const user = await signUp(server);
    const identify = await server.request({
      method: 'POST',
      url: '/v1/users/identify',
      headers: user.headers,
      payload: { anonId, clerkId: user.userId },
    });
    expect(identify.statusCode).toBe(200);
    const userStream = await listen(user);
    control.release();

    await userStream.waitFor(isFinished(requestId));
    expect((await status(user, requestId)).statusCode).toBe(200);
    // Sent to the guest id after the request's event: it would have come first.
    const later = await requestAi(asGuest);
    await guestStream.waitFor(isFinished(later));
    expect(aiEventsOf(guestStream).map((e) => e.requestId)).toEqual([later]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  'ai-request-finished across instances (PostgreSQL LISTEN/NOTIFY; needs TEST_DATABASE_URL)',
  () => {
    let cluster: InstancesOnPostgres;
    beforeAll(async () => {
      cluster = await startInstancesOnPostgres({ count: 2 });
    });
    afterAll(async () => cluster?.close());

    it('reaches the requestor’s stream on one instance when the job ran on another', async () => {
      const first = cluster.instances[0]!;
      // Only the other instance works through the queue.
      await first.app.aiJobs.stop();
      const me = guest();
      const stream = await openEventStream(`${first.baseUrl}/v1/events`, me.headers);
      try {
        await stream.waitFor((e) => e.event === 'ready');
        const response = await first.request({
          method: 'POST',
          url: '/v1/ai_content_requests',
          headers: me.headers,
          payload: newActivity(me),
        });
        expect(response.statusCode, response.body).toBe(202);
        const requestId = idOf(
          json<{ aiContentRequestStatusUrl: string }>(response).aiContentRequestStatusUrl,
        );
        const event = await stream.waitFor(isFinished(requestId), 30_000);
        expect(finished(event).status).toBe('completed');
        const answer = await first.request({
          method: 'GET',
          url: `/v1/ai_content_requests/${requestId}`,
          headers: me.headers,
        });
        expect(json<AiContentRequestStatus>(answer).completedAt).not.toBeNull();
      } finally {
        stream.close();
      }
    });
  },
);
