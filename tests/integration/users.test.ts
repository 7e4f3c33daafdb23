/**
 * POST /v1/users/identify (a guest's work becomes their account's), GET /v1/users/{id}
 * (one's own record only), and the operator's admin command that sets plans and restrictions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import {
  createTemplate,
  expectErrorMessage,
  guest,
  json,
  signUp,
  type Caller,
} from './support/clients';
import { templates } from '../../server/db/schema';
import { runAdminCommand } from '../../server/admin';
import type { Template, TemplateList, User } from '../../src/domain/schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const create = (caller: Caller, name: string) => createTemplate(server, caller, { name });

const identify = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  server.request({ method: 'POST', url: '/v1/users/identify', headers, payload });

const listIds = async (caller: Caller) => {
  const response = await server.request({ url: '/v1/templates', headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  return json<TemplateList>(response).templates.map((t) => t.id);
};

const ownerOf = async (id: string) => {
  const [row] = await server.database.db
    .select({ userId: templates.ownerUserId, anonId: templates.ownerAnonId })
    .from(templates)
    .where(eq(templates.id, id));
  return row;
};

describe('POST /v1/users/identify', () => {
  it("moves the guest's templates to the signed-in user and answers their ids", async () => {
    const visitor = guest();
    const first = await create(visitor, 'Guest quiz one');
    const second = await create(visitor, 'Guest quiz two');
    const user = await signUp(server);

    const response = await identify(user.headers, { anonId: visitor.anonId, clerkId: user.userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ movedTemplateIds: string[] }>(response).movedTemplateIds.sort()).toEqual(
      [first.id, second.id].sort(),
    );

    expect((await listIds(user)).sort()).toEqual([first.id, second.id].sort());
    expect(await listIds(visitor)).toEqual([]);
    const asGuest = await server.request({
      url: `/v1/templates/${first.id}`,
      headers: visitor.headers,
    });
    expect(asGuest.statusCode).toBe(404);
    const asUser = await server.request({
      url: `/v1/templates/${first.id}`,
      headers: user.headers,
    });
    expect(asUser.statusCode).toBe(200);
    expect(json<Template>(asUser)).toMatchObject({ name: 'Guest quiz one', revision: 1 });
  });

  it('accepts the AnonId in upper case (the header is case-insensitive as a UUID)', async () => {
    const visitor = guest();
    const template = await create(visitor, 'Case quiz');
    const user = await signUp(server);
    const response = await identify(user.headers, {
      anonId: visitor.anonId!.toUpperCase(),
      clerkId: user.userId,
    });
    expect(json<{ movedTemplateIds: string[] }>(response).movedTemplateIds).toEqual([template.id]);
  });

  it('moves nothing of another guest', async () => {
    const visitor = guest();
    const bystander = guest();
    const theirs = await create(bystander, 'Not yours');
    await create(visitor, 'Yours');
    const user = await signUp(server);
    await identify(user.headers, { anonId: visitor.anonId, clerkId: user.userId });
    expect(await listIds(bystander)).toEqual([theirs.id]);
    expect(await listIds(user)).not.toContain(theirs.id);
  });

  it('answers 401 without a token, and moves nothing', async () => {
    const visitor = guest();
    const template = await create(visitor, 'Stays put');
    const user = await signUp(server);
    const response = await identify(visitor.headers, {
      anonId: visitor.anonId,
      clerkId: user.userId,
    });
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
    expect(await ownerOf(template.id)).toEqual({ userId: null, anonId: visitor.anonId });
  });

  it("a guest claims an earlier guest id's templates (no clerkId): they become the caller's guest id's", async () => {
    const earlier = guest();
    const template = await create(earlier, 'Made before the id was lost');
    const current = guest();
    const response = await identify(current.headers, { anonId: earlier.anonId });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ movedTemplateIds: string[] }>(response).movedTemplateIds).toEqual([template.id]);
    expect(await ownerOf(template.id)).toEqual({ userId: null, anonId: current.anonId });
    expect(await listIds(current)).toEqual([template.id]);
    expect(await listIds(earlier)).toEqual([]);
  });

  it("a guest's claim of its own id, or of an id with no templates, moves nothing", async () => {
    const visitor = guest();
    const user = await signUp(server);
    const owned = await create({ ...user, headers: { ...user.headers } }, 'The user’s');
    const own = await identify(visitor.headers, { anonId: visitor.anonId });
    expect(own.statusCode).toBe(200);
    expect(json<{ movedTemplateIds: string[] }>(own).movedTemplateIds).toEqual([]);
    const other = await identify(guest().headers, { anonId: visitor.anonId });
    expect(json<{ movedTemplateIds: string[] }>(other).movedTemplateIds).toEqual([]);
    expect(await ownerOf(owned.id)).toEqual({ userId: user.userId, anonId: null });
  });

  it("answers 403 for another user's id as clerkId, and moves nothing", async () => {
    const visitor = guest();
    const template = await create(visitor, 'Stays put');
    const me = await signUp(server);
    const other = await signUp(server);
    const response = await identify(me.headers, { anonId: visitor.anonId, clerkId: other.userId });
    expect(response.statusCode).toBe(403);
    expectErrorMessage(response);
    expect(await ownerOf(template.id)).toEqual({ userId: null, anonId: visitor.anonId });
    expect(await listIds(visitor)).toEqual([template.id]);
    expect(await listIds(other)).toEqual([]);
  });

  it('answers 400 for a malformed anonId', async () => {
    const user = await signUp(server);
    for (const anonId of ['not-a-uuid', '', 42, null]) {
      const response = await identify(user.headers, { anonId, clerkId: user.userId });
      expect(response.statusCode, String(anonId)).toBe(400);
      expect(expectErrorMessage(response)).toMatch(/anonId/);
    }
  });

  it('is harmless to repeat: the second time moves nothing and changes nothing', async () => {
    const visitor = guest();
    const template = await create(visitor, 'Once only');
    const user = await signUp(server);
    const first = await identify(user.headers, { anonId: visitor.anonId, clerkId: user.userId });
    expect(json<{ movedTemplateIds: string[] }>(first).movedTemplateIds).toEqual([template.id]);
    const before = await server.request({
      url: `/v1/templates/${template.id}`,
      headers: user.headers,
    });

    const second = await identify(user.headers, { anonId: visitor.anonId, clerkId: user.userId });
    expect(second.statusCode).toBe(200);
    expect(json<{ movedTemplateIds: string[] }>(second).movedTemplateIds).toEqual([]);
    const after = await server.request({
      url: `/v1/templates/${template.id}`,
      headers: user.headers,
    });
    expect(json(after)).toEqual(json(before));
  });

  it("never takes a template another user already owns, even one made with the guest's AnonId", async () => {
    const visitor = guest();
    const owner = await signUp(server);
    // The owner works signed in while their browser still sends the AnonId header.
    const owned = await create(
      { ...owner, headers: { ...owner.headers, ...visitor.headers } },
      'Owned',
    );
    const thief = await signUp(server);
    const response = await identify(thief.headers, {
      anonId: visitor.anonId,
      clerkId: thief.userId,
    });
    expect(json<{ movedTemplateIds: string[] }>(response).movedTemplateIds).toEqual([]);
    expect((await ownerOf(owned.id))?.userId).toBe(owner.userId);
  });
});

describe('GET /v1/users/{id}', () => {
  it('answers the signed-in user for "me" and for their own id', async () => {
    const user = await signUp(server, { name: 'Uma User' });
    for (const id of ['me', user.userId!]) {
      const response = await server.request({ url: `/v1/users/${id}`, headers: user.headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(json<User>(response)).toEqual({
        id: user.userId,
        email: user.email,
        name: 'Uma User',
        plan: 'FREE',
        restricted: false,
      });
    }
  });

  it("answers 404 for another user's id, the same as for an id that does not exist", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const theirs = await server.request({ url: `/v1/users/${other.userId}`, headers: me.headers });
    const nobody = await server.request({ url: `/v1/users/${randomUUID()}`, headers: me.headers });
    expect(theirs.statusCode).toBe(404);
    expect(nobody.statusCode).toBe(404);
    expect(json(theirs)).toEqual(json(nobody));
    expect(theirs.body).not.toContain(other.email);
  });

  it('answers 401 without a token, for "me" and for an id', async () => {
    const user = await signUp(server);
    for (const id of ['me', user.userId!]) {
      const response = await server.request({ url: `/v1/users/${id}`, headers: guest().headers });
      expect(response.statusCode).toBe(401);
      expectErrorMessage(response);
    }
  });
});

describe('admin command (server/admin.ts)', () => {
  const usersMe = async (caller: Caller) =>
    json<User>(await server.request({ url: '/v1/users/me', headers: caller.headers }));

  it('`plan <email> pro` puts the user on the PRO plan', async () => {
    const user = await signUp(server);
    expect((await usersMe(user)).plan).toBe('FREE');
    const output = await runAdminCommand(server.database.db, ['plan', user.email, 'pro']);
    expect(output).toMatch(/PRO/);
    expect((await usersMe(user)).plan).toBe('PRO');
    await runAdminCommand(server.database.db, ['plan', user.email, 'enterprise']);
    expect((await usersMe(user)).plan).toBe('ENTERPRISE');
    await runAdminCommand(server.database.db, ['plan', user.email, 'free']);
    expect((await usersMe(user)).plan).toBe('FREE');
  });

  it('finds the account whatever the case of the e-mail address', async () => {
    const user = await signUp(server);
    await runAdminCommand(server.database.db, ['plan', user.email.toUpperCase(), 'pro']);
    expect((await usersMe(user)).plan).toBe('PRO');
  });

  it('the plan takes effect at once: outdoor (location) templates need ENTERPRISE, not PRO', async () => {
    const user = await signUp(server);
    const attempt = () =>
      server.request({
        method: 'POST',
        url: '/v1/templates',
        headers: user.headers,
        payload: { name: 'Campus trail', gameType: 'location' },
      });
    expect((await attempt()).statusCode).toBe(403);
    await runAdminCommand(server.database.db, ['plan', user.email, 'pro']);
    expect((await attempt()).statusCode).toBe(403);
    await runAdminCommand(server.database.db, ['plan', user.email, 'enterprise']);
    expect((await attempt()).statusCode).toBe(201);
  });

  it('gives a clear error for an unknown e-mail address, and for an unknown plan', async () => {
    const user = await signUp(server);
    await expect(
      runAdminCommand(server.database.db, ['plan', 'nobody@example.com', 'pro']),
    ).rejects.toThrow(/no account .*nobody@example\.com/i);
    await expect(runAdminCommand(server.database.db, ['plan', user.email, 'gold'])).rejects.toThrow(
      /Unknown plan "gold".*free, pro, enterprise/,
    );
    await expect(runAdminCommand(server.database.db, ['plan', user.email])).rejects.toThrow(
      /Unknown plan/,
    );
    expect((await usersMe(user)).plan).toBe('FREE');
  });

  it('`restrict` makes restricted true, `unrestrict` clears it', async () => {
    const user = await signUp(server);
    await runAdminCommand(server.database.db, ['restrict', user.email]);
    expect((await usersMe(user)).restricted).toBe(true);
    await runAdminCommand(server.database.db, ['unrestrict', user.email]);
    expect((await usersMe(user)).restricted).toBe(false);
  });

  it('refuses an unknown command or missing arguments with the usage', async () => {
    const user = await signUp(server);
    await expect(runAdminCommand(server.database.db, ['delete', user.email])).rejects.toThrow(
      /Unknown command "delete"[\s\S]*Usage/,
    );
    await expect(runAdminCommand(server.database.db, [])).rejects.toThrow(/Usage/);
  });
});
