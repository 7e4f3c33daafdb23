/**
 * GET /v1/events, the server-sent-events stream of change notices (docs/sync.md "Live pokes"),
 * over a real socket: each owner hears of changes to their own templates, from any device, and
 * nobody else's. No timing assertions: each test waits (up to 5 s) for the event it expects, and
 * a notice that must not arrive is checked against one that is sent after it on the same stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, guest, json, signUp, type Caller } from './support/clients';
import { openEventStream, type EventStream, type ServerSentEvent } from './support/sse';
import type { Template } from '../../src/domain/schemas';

interface ChangeNotice {
  type: 'template-changed';
  id: string;
  revision: number;
  updatedAt: string;
  deleted: boolean;
}

let server: TestServer;
let baseUrl: string;
const openStreams: EventStream[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const stream of openStreams) stream.close();
  await server?.close();
});

/** Opens the caller's stream and waits until the server has subscribed it (the ready event). */
async function listen(headers: Record<string, string>): Promise<EventStream> {
  const stream = await openEventStream(`${baseUrl}/v1/events`, headers);
  openStreams.push(stream);
  expect(stream.status).toBe(200);
  await stream.waitFor((e) => e.event === 'ready');
  return stream;
}

const notice = (event: ServerSentEvent) => event.data as ChangeNotice;
const isChange =
  (id: string, extra: (n: ChangeNotice) => boolean = () => true) =>
  (e: ServerSentEvent) =>
    e.event === 'template-changed' && notice(e).id === id && extra(notice(e));
const changesOf = (stream: EventStream, id: string) =>
  stream.received.filter(isChange(id)).map(notice);

const create = (caller: Caller, name = 'Live quiz') => createTemplate(server, caller, { name });

async function rename(caller: Caller, id: string, name: string): Promise<Template> {
  const response = await server.request({
    method: 'PATCH',
    url: `/v1/templates/${id}`,
    headers: caller.headers,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Template>(response);
}

describe('GET /v1/events', () => {
  it('is a text/event-stream that starts with a ready event', async () => {
    const stream = await listen(guest().headers);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.received[0]).toEqual({ event: 'ready', data: { channels: 1 } });
  });

  it('delivers template-changed with the id and the new revision when a template is changed', async () => {
    const me = guest();
    const template = await create(me);
    const stream = await listen(me.headers);
    const updated = await rename(me, template.id, 'Renamed on another device');
    const event = await stream.waitFor(isChange(template.id, (n) => n.revision === 2));
    expect(notice(event)).toEqual({
      type: 'template-changed',
      id: template.id,
      revision: 2,
      updatedAt: updated.updatedAt,
      deleted: false,
    });
  });

  it('carries notices only, never template content', async () => {
    const me = guest();
    const template = await create(me);
    const stream = await listen(me.headers);
    await rename(me, template.id, 'Top secret name');
    const event = await stream.waitFor(isChange(template.id));
    expect(Object.keys(event.data as object).sort()).toEqual(
      ['deleted', 'id', 'revision', 'type', 'updatedAt'].sort(),
    );
    expect(JSON.stringify(event.data)).not.toContain('Top secret name');
  });

  it('announces a template created on another device', async () => {
    const me = guest();
    const stream = await listen(me.headers);
    const template = await create(me);
    const event = await stream.waitFor(isChange(template.id));
    expect(notice(event)).toMatchObject({ revision: 1, deleted: false });
  });

  it("does not deliver one guest's changes to another guest's stream", async () => {
    const alice = guest();
    const bob = guest();
    const alicesTemplate = await create(alice);
    const bobsTemplate = await create(bob);
    const aliceStream = await listen(alice.headers);
    const bobStream = await listen(bob.headers);

    await rename(alice, alicesTemplate.id, 'Alice only');
    await aliceStream.waitFor(isChange(alicesTemplate.id, (n) => n.revision === 2));
    // Sent after Alice's notice: had Bob's stream carried hers, it would have arrived first.
    await rename(bob, bobsTemplate.id, 'Bob only');
    await bobStream.waitFor(isChange(bobsTemplate.id, (n) => n.revision === 2));

    expect(changesOf(bobStream, alicesTemplate.id)).toEqual([]);
    expect(changesOf(aliceStream, bobsTemplate.id)).toEqual([]);
  });

  it('delivers deleted: true when a template is deleted', async () => {
    const me = guest();
    const template = await create(me);
    const stream = await listen(me.headers);
    const response = await server.request({
      method: 'DELETE',
      url: `/v1/templates/${template.id}`,
      headers: me.headers,
    });
    expect(response.statusCode).toBe(204);
    const event = await stream.waitFor(isChange(template.id, (n) => n.deleted));
    expect(notice(event)).toMatchObject({ deleted: true, revision: 2 });
  });

  it('a refused change (412) is not announced', async () => {
    const me = guest();
    const template = await create(me);
    const stream = await listen(me.headers);
    const stale = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: { ...me.headers, 'if-match': '"7"' },
      payload: { name: 'Lost' },
    });
    expect(stale.statusCode).toBe(412);
    // A later accepted change is announced; the refused one never was, so it is the only one.
    await rename(me, template.id, 'Kept');
    await stream.waitFor(isChange(template.id, (n) => n.revision === 2));
    expect(changesOf(stream, template.id)).toEqual([expect.objectContaining({ revision: 2 })]);
  });

  it('gives a guest without an AnonId a new one in the anonid header, and it hears that id’s changes', async () => {
    const stream = await openEventStream(`${baseUrl}/v1/events`);
    openStreams.push(stream);
    await stream.waitFor((e) => e.event === 'ready');
    const anonId = stream.headers.get('anonid');
    expect(anonId).toMatch(/^[0-9a-f-]{36}$/);
    const sameGuest: Caller = { headers: { anonid: anonId! }, userId: null, anonId, token: null };
    const template = await create(sameGuest);
    await stream.waitFor(isChange(template.id));
  });

  it('refuses a stream to a bad bearer token with 401 instead of opening it', async () => {
    const stream = await openEventStream(`${baseUrl}/v1/events`, {
      authorization: 'Bearer forged',
    });
    openStreams.push(stream);
    expect(stream.status).toBe(401);
    expect(stream.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /v1/events after identify', () => {
  it("the user's stream hears of the moved templates, and of later changes to them", async () => {
    const visitor = guest();
    const template = await create(visitor, 'Made as a guest');
    const guestEdit = await rename(visitor, template.id, 'Edited as a guest');
    const user = await signUp(server);
    const userStream = await listen({ authorization: `Bearer ${user.token}` });
    const guestStream = await listen(visitor.headers);

    const identify = await server.request({
      method: 'POST',
      url: '/v1/users/identify',
      headers: user.headers,
      payload: { anonId: visitor.anonId, clerkId: user.userId },
    });
    expect(json<{ movedTemplateIds: string[] }>(identify).movedTemplateIds).toEqual([template.id]);

    // The move itself: the user's clients pull it. Identify keeps the revision (docs/sync.md),
    // and the notice says so. The guest's stream is told nothing (checked below).
    const moved = await userStream.waitFor(isChange(template.id));
    expect(notice(moved)).toMatchObject({ deleted: false, revision: guestEdit.revision });
    const asUser = json<Template>(
      await server.request({ url: `/v1/templates/${template.id}`, headers: user.headers }),
    );
    expect(notice(moved).updatedAt).toBe(asUser.updatedAt);

    // A later change by the user reaches the user's stream, and not the guest's any more.
    await rename(user, template.id, 'Edited as the user');
    await userStream.waitFor(isChange(template.id, (n) => n.revision === guestEdit.revision + 1));
    const guestsNewTemplate = await create(visitor, 'A new guest template');
    await guestStream.waitFor(isChange(guestsNewTemplate.id));
    // Never a "deleted" notice to the guest's browser, which may still hold unpushed edits.
    expect(changesOf(guestStream, template.id)).toEqual([]);
  });

  it("another user's stream hears nothing of the moved templates", async () => {
    const visitor = guest();
    const template = await create(visitor);
    const user = await signUp(server);
    const other = await signUp(server);
    const otherStream = await listen({ authorization: `Bearer ${other.token}` });
    await server.request({
      method: 'POST',
      url: '/v1/users/identify',
      headers: user.headers,
      payload: { anonId: visitor.anonId, clerkId: user.userId },
    });
    await rename(user, template.id, 'Private');
    // Sent last: had the other stream carried the moved template's notices, they came first.
    const own = await create(other, 'Other user template');
    await otherStream.waitFor(isChange(own.id));
    expect(changesOf(otherStream, template.id)).toEqual([]);
  });
});
