/**
 * The template calls of SPEC §7 through the real app on PGlite: create, read, change with
 * optimistic concurrency (ETag / If-Match / 412), list and incremental pull, library, copy,
 * copy_blank, themes, soft delete, and ownership (another owner's ids answer 404); and
 * `restoredFrom`, the deleted activity whose edits a new one keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, guest, json, signUp, type Caller } from './support/clients';
import type { ActivityRow, Step, Template, TemplateList } from '../../src/domain/schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const step = (overrides: Partial<Step> = {}): Step => ({
  id: randomUUID(),
  name: 'Capital of France',
  type: 'freeText',
  text: 'What is the capital of France?',
  answers: [{ id: randomUUID(), value: 'Paris', correct: true }],
  media: null,
  points: 10,
  locked: false,
  ...overrides,
});

async function create(caller: Caller, payload: Record<string, unknown> = {}): Promise<Template> {
  const response = await server.request({
    method: 'POST',
    url: '/v1/templates',
    headers: caller.headers,
    payload: { name: 'Team quiz', steps: [step()], ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Template>(response);
}

describe('POST /templates', () => {
  it('creates a template owned by the guest, at revision 1, with its ETag', async () => {
    const me = guest();
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: me.headers,
      payload: { name: 'Onboarding quiz', steps: [step()] },
    });
    expect(response.statusCode).toBe(201);
    const template = json<Template>(response);
    expect(template.name).toBe('Onboarding quiz');
    expect(template.revision).toBe(1);
    expect(response.headers.etag).toBe('"1"');
    expect(template.master).toBe(false);
    expect(template.theme?.id).toBe(template.selectedThemeId);
    expect(template.stepValidationErrors).toEqual([]);
  });

  it('reports the step validation errors of incomplete tasks (drafts may be saved)', async () => {
    const incomplete = step({ name: '', text: '' });
    const template = await create(guest(), { steps: [incomplete] });
    expect(template.stepValidationErrors).toHaveLength(1);
    expect(template.stepValidationErrors[0]!.id).toBe(incomplete.id);
    expect(template.stepValidationErrors[0]!.errors.length).toBeGreaterThan(0);
  });

  it('is idempotent for a client-chosen id: the same create again answers the same template', async () => {
    const me = guest();
    const id = randomUUID();
    const first = await create(me, { id });
    const again = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: me.headers,
      payload: { id, name: 'Team quiz', steps: [] },
    });
    expect(again.statusCode).toBe(200);
    expect(json<Template>(again)).toMatchObject({ id, revision: first.revision, name: first.name });
  });

  it("refuses an id that is another owner's template (409), leaving it untouched", async () => {
    const owner = guest();
    const theirs = await create(owner);
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: guest().headers,
      payload: { id: theirs.id, name: 'Hijack' },
    });
    expect(response.statusCode).toBe(409);
    expectErrorMessage(response);
    const check = await server.request({
      url: `/v1/templates/${theirs.id}`,
      headers: owner.headers,
    });
    expect(json<Template>(check).name).toBe('Team quiz');
  });

  it('gives a guest without an AnonId a new anonymous id in the anonid response header', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      payload: { name: 'First steps' },
    });
    expect(response.statusCode).toBe(201);
    const anonId = response.headers.anonid as string;
    expect(anonId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await server.request({ url: '/v1/templates', headers: { anonid: anonId } });
    expect(json<TemplateList>(mine).templates.map((t) => t.id)).toContain(
      json<Template>(response).id,
    );
  });

  it('refuses outdoor (location) templates on the FREE plan with the upgrade message', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: guest().headers,
      payload: { name: 'Campus trail', gameType: 'location' },
    });
    expect(response.statusCode).toBe(403);
    expect(expectErrorMessage(response)).toMatch(/outdoor GPS activities/);
  });
});

describe('GET /templates/{id}', () => {
  it('answers the owner with the template and its ETag', async () => {
    const me = guest();
    const template = await create(me);
    const response = await server.request({
      url: `/v1/templates/${template.id}`,
      headers: me.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(json<Template>(response).id).toBe(template.id);
  });

  it("answers 404, not 403, for another owner's template, so that ids cannot be probed", async () => {
    const template = await create(guest());
    const theirs = await server.request({
      url: `/v1/templates/${template.id}`,
      headers: guest().headers,
    });
    const missing = await server.request({
      url: `/v1/templates/${randomUUID()}`,
      headers: guest().headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(json(theirs)).toEqual(json(missing));
  });

  it('lets a signed-in user read only their own templates, not a guest’s', async () => {
    const user = await signUp(server);
    const mine = await create(user);
    const guestTemplate = await create(guest());
    expect(
      (await server.request({ url: `/v1/templates/${mine.id}`, headers: user.headers })).statusCode,
    ).toBe(200);
    expect(
      (await server.request({ url: `/v1/templates/${guestTemplate.id}`, headers: user.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PATCH /templates/{id}', () => {
  it('applies a change at the revision the client last saw and moves the revision on', async () => {
    const me = guest();
    const template = await create(me);
    const response = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: { ...me.headers, 'if-match': '"1"' },
      payload: { name: 'Renamed quiz', description: 'For the Friday team meeting' },
    });
    expect(response.statusCode).toBe(200);
    const updated = json<Template>(response);
    expect(updated).toMatchObject({
      name: 'Renamed quiz',
      description: 'For the Friday team meeting',
      revision: 2,
    });
    expect(updated.steps).toEqual(template.steps);
    expect(response.headers.etag).toBe('"2"');
  });

  it('answers 412 with the current document when If-Match is stale, and changes nothing', async () => {
    const me = guest();
    const template = await create(me);
    await server.request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: { ...me.headers, 'if-match': '"1"' },
      payload: { name: 'Second' },
    });
    const stale = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: { ...me.headers, 'if-match': '"1"' },
      payload: { name: 'Lost update' },
    });
    expect(stale.statusCode).toBe(412);
    const body = json<{ errorMessage: string; template: Template }>(stale);
    expect(body.errorMessage).toBeTruthy();
    expect(body.template).toMatchObject({ name: 'Second', revision: 2 });
    const now = await server.request({ url: `/v1/templates/${template.id}`, headers: me.headers });
    expect(json<Template>(now).name).toBe('Second');
  });

  it('of two PATCHes with the same If-Match, exactly one wins and the other gets 412', async () => {
    const me = guest();
    const template = await create(me);
    const [a, b] = await Promise.all(
      ['Alpha', 'Bravo'].map((name) =>
        server.request({
          method: 'PATCH',
          url: `/v1/templates/${template.id}`,
          headers: { ...me.headers, 'if-match': '"1"' },
          payload: { name },
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 412]);
    const winner = a!.statusCode === 200 ? 'Alpha' : 'Bravo';
    const now = json<Template>(
      await server.request({ url: `/v1/templates/${template.id}`, headers: me.headers }),
    );
    expect(now).toMatchObject({ name: winner, revision: 2 });
  });

  it('replaces the steps and merges branding colours, keeping the branding id', async () => {
    const me = guest();
    const template = await create(me);
    const newStep = step({
      type: 'photoChallenge',
      answers: [],
      name: 'Team selfie',
      text: 'Take a team selfie',
    });
    const response = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: me.headers,
      payload: { steps: [newStep], branding: { headerColour: '#FF6800' } },
    });
    expect(response.statusCode).toBe(200);
    const updated = json<Template>(response);
    expect(updated.steps).toEqual([newStep]);
    expect(updated.branding).toMatchObject({ id: template.branding.id, headerColour: '#FF6800' });
    expect(updated.branding.questionBackgroundColour).toBe(
      template.branding.questionBackgroundColour,
    );
  });

  it('accepts the whole template object sent back, ignoring the server-computed fields', async () => {
    const me = guest();
    const template = await create(me);
    const response = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: { ...me.headers, 'if-match': `"${template.revision}"` },
      payload: { ...template, name: 'Whole object', revision: 99, master: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Template>(response)).toMatchObject({
      name: 'Whole object',
      revision: 2,
      master: false,
    });
  });

  it('never writes a library (master) template', async () => {
    const library = json<{ id: string }[]>(
      await server.request({ url: '/v1/templates/library', headers: guest().headers }),
    );
    const masterId = library[0]!.id;
    const patch = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${masterId}`,
      headers: guest().headers,
      payload: { name: 'Defaced' },
    });
    expect(patch.statusCode).toBe(403);
    const del = await server.request({
      method: 'DELETE',
      url: `/v1/templates/${masterId}`,
      headers: guest().headers,
    });
    expect(del.statusCode).toBe(403);
    const after = json<Template>(
      await server.request({ url: `/v1/templates/${masterId}`, headers: guest().headers }),
    );
    expect(after.name).not.toBe('Defaced');
  });
});

describe('GET /templates (own list and incremental pull)', () => {
  it("lists only the caller's own templates, with a checkpoint", async () => {
    const me = guest();
    const a = await create(me, { name: 'A' });
    const b = await create(me, { name: 'B' });
    await create(guest(), { name: 'Not mine' });
    const list = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: me.headers }),
    );
    expect(list.templates.map((t) => t.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.checkpoint).not.toBeNull();
    expect(list.hasMore).toBe(false);
  });

  it('pulls only the changes after a checkpoint, in pages, deletions as tombstones', async () => {
    const me = guest();
    const first = await create(me, { name: 'one' });
    const start = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: me.headers }),
    );
    const second = await create(me, { name: 'two' });
    const third = await create(me, { name: 'three' });
    await server.request({
      method: 'DELETE',
      url: `/v1/templates/${first.id}`,
      headers: me.headers,
    });

    const seen: string[] = [];
    let checkpoint = start.checkpoint!;
    let pages = 0;
    for (;;) {
      const page = json<TemplateList>(
        await server.request({
          url: `/v1/templates?since=${encodeURIComponent(checkpoint.updatedAt)}&sinceId=${checkpoint.id}&limit=1`,
          headers: me.headers,
        }),
      );
      pages += 1;
      for (const t of page.templates) seen.push('deleted' in t ? `deleted:${t.id}` : t.id);
      checkpoint = page.checkpoint!;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual([second.id, third.id, `deleted:${first.id}`]);
    expect(pages).toBeGreaterThanOrEqual(3);
    const none = json<TemplateList>(
      await server.request({
        url: `/v1/templates?since=${encodeURIComponent(checkpoint.updatedAt)}&sinceId=${checkpoint.id}`,
        headers: me.headers,
      }),
    );
    expect(none.templates).toEqual([]);
  });
});

describe('GET /templates/library', () => {
  it('lists the seeded master templates for everyone, without the blank template', async () => {
    const response = await server.request({
      url: '/v1/templates/library',
      headers: guest().headers,
    });
    expect(response.statusCode).toBe(200);
    const library = json<{ name: string; master: boolean; comingSoon: boolean }[]>(response);
    expect(library.length).toBeGreaterThanOrEqual(12);
    expect(library.every((t) => t.master)).toBe(true);
    expect(library.some((t) => t.comingSoon)).toBe(true);
    expect(library.map((t) => t.name)).not.toContain('Untitled activity');
  });

  it("adds the signed-in user's own templates (the Owner filter's Mine), never others'", async () => {
    const user = await signUp(server);
    const mine = await create(user, { name: 'My own quiz' });
    const other = await create(guest(), { name: 'Somebody else' });
    const library = json<{ id: string; master: boolean }[]>(
      await server.request({ url: '/v1/templates/library', headers: user.headers }),
    );
    expect(library.find((t) => t.id === mine.id)?.master).toBe(false);
    expect(library.map((t) => t.id)).not.toContain(other.id);
  });
});

describe('copy, copy_blank, themes, delete', () => {
  it('copies a library template into a new template of the caller with the same tasks', async () => {
    const me = guest();
    const library = json<{ id: string; comingSoon: boolean; gameType: string }[]>(
      await server.request({ url: '/v1/templates/library', headers: me.headers }),
    );
    const source = library.find((t) => !t.comingSoon && t.gameType === 'quiz')!;
    const master = json<Template>(
      await server.request({ url: `/v1/templates/${source.id}`, headers: me.headers }),
    );
    const response = await server.request({
      method: 'POST',
      url: `/v1/templates/${source.id}/copy`,
      headers: me.headers,
    });
    expect(response.statusCode).toBe(201);
    const copy = json<Template>(response);
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ name: master.name, master: false, revision: 1 });
    expect(copy.steps).toEqual(master.steps);
    expect(copy.branding.id).not.toBe(master.branding.id);
    const mine = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: me.headers }),
    );
    expect(mine.templates.map((t) => t.id)).toContain(copy.id);
  });

  it('names a copy of one’s own template "Copy of …"', async () => {
    const me = guest();
    const own = await create(me, { name: 'Friday quiz' });
    const response = await server.request({
      method: 'POST',
      url: `/v1/templates/${own.id}/copy`,
      headers: me.headers,
    });
    expect(json<Template>(response).name).toBe('Copy of Friday quiz');
  });

  it("cannot copy another owner's template (404) or a coming-soon template (403)", async () => {
    const theirs = await create(guest());
    const response = await server.request({
      method: 'POST',
      url: `/v1/templates/${theirs.id}/copy`,
      headers: guest().headers,
    });
    expect(response.statusCode).toBe(404);
    const library = json<{ id: string; comingSoon: boolean }[]>(
      await server.request({ url: '/v1/templates/library', headers: guest().headers }),
    );
    const soon = library.find((t) => t.comingSoon)!;
    const copySoon = await server.request({
      method: 'POST',
      url: `/v1/templates/${soon.id}/copy`,
      headers: guest().headers,
    });
    expect(copySoon.statusCode).toBe(403);
    expectErrorMessage(copySoon);
  });

  it('copy_blank makes a new, empty-named template of the caller from the blank template', async () => {
    const me = guest();
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates/copy_blank',
      headers: { ...me.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(201);
    const blank = json<Template>(response);
    expect(blank.master).toBe(false);
    expect(blank.steps.length).toBeGreaterThanOrEqual(1);
    expect(blank.stepValidationErrors.length).toBeGreaterThan(0);
  });

  it('lists at least six themes for a readable template, and 404 for an unreadable one', async () => {
    const me = guest();
    const own = await create(me);
    const themes = await server.request({
      url: `/v1/templates/${own.id}/themes`,
      headers: me.headers,
    });
    expect(themes.statusCode).toBe(200);
    expect(json<unknown[]>(themes).length).toBeGreaterThanOrEqual(6);
    const theirs = await server.request({
      url: `/v1/templates/${own.id}/themes`,
      headers: guest().headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('soft-deletes: the template is gone for reads and writes, but stays as a tombstone', async () => {
    const me = guest();
    const own = await create(me);
    const del = await server.request({
      method: 'DELETE',
      url: `/v1/templates/${own.id}`,
      headers: me.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await server.request({ url: `/v1/templates/${own.id}`, headers: me.headers })).statusCode,
    ).toBe(404);
    const again = await server.request({
      method: 'DELETE',
      url: `/v1/templates/${own.id}`,
      headers: me.headers,
    });
    expect(again.statusCode).toBe(404);
    const patch = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${own.id}`,
      headers: me.headers,
      payload: { name: 'zombie' },
    });
    expect(patch.statusCode).toBe(404);
  });
});

describe('restoredFrom: an activity that keeps edits made after it was deleted elsewhere', () => {
  const myGames = async (caller: Caller) =>
    json<ActivityRow[]>(await server.request({ url: '/v1/my_games', headers: caller.headers }));

  async function deleted(caller: Caller, name = 'Quiz night'): Promise<Template> {
    const template = await create(caller, { name });
    const del = await server.request({
      method: 'DELETE',
      url: `/v1/templates/${template.id}`,
      headers: caller.headers,
    });
    expect(del.statusCode).toBe(204);
    return template;
  }

  it('the server keeps restoredFrom of a create and answers it, with restoredAt, in the template, the own list, the pull and My Activities', async () => {
    const me = guest();
    const old = await deleted(me);
    const start = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: me.headers }),
    );
    const plain = await create(me, { name: 'Friday quiz' });
    const id = randomUUID();
    const restored = await create(me, { id, name: 'Quiz night', restoredFrom: old.id });
    expect(restored).toMatchObject({ id, restoredFrom: old.id, restoredAt: restored.createdAt });
    expect(plain).not.toHaveProperty('restoredFrom');
    expect(plain).not.toHaveProperty('restoredAt');

    // The same create again (a retry after a lost answer) answers the same.
    const again = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: me.headers,
      payload: { id, name: 'Quiz night', restoredFrom: old.id },
    });
    expect(again.statusCode).toBe(200);
    expect(json<Template>(again)).toMatchObject({
      restoredFrom: old.id,
      restoredAt: restored.restoredAt,
    });

    const read = json<Template>(
      await server.request({ url: `/v1/templates/${id}`, headers: me.headers }),
    );
    expect(read).toMatchObject({ restoredFrom: old.id, restoredAt: restored.restoredAt });
    const list = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: me.headers }),
    );
    expect(list.templates.find((t) => t.id === id)).toMatchObject({ restoredFrom: old.id });
    const pulled = json<TemplateList>(
      await server.request({
        url: `/v1/templates?since=${encodeURIComponent(start.checkpoint!.updatedAt)}&sinceId=${start.checkpoint!.id}`,
        headers: me.headers,
      }),
    );
    expect(pulled.templates.find((t) => t.id === id)).toMatchObject({ restoredFrom: old.id });

    const rows = await myGames(me);
    expect(rows.find((r) => r.id === id)).toMatchObject({
      restoredFrom: old.id,
      restoredAt: restored.restoredAt,
    });
    const plainRow = rows.find((r) => r.id === plain.id)!;
    expect(plainRow).not.toHaveProperty('restoredFrom');
    expect(plainRow).not.toHaveProperty('restoredAt');
  });

  it('only its owner ever sees it: another owner reads 404 and lists nothing of it', async () => {
    const me = guest();
    const old = await deleted(me);
    const restored = await create(me, { name: 'Quiz night', restoredFrom: old.id });
    const other = guest();
    const read = await server.request({
      url: `/v1/templates/${restored.id}`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(old.id);
    const list = await server.request({ url: '/v1/templates', headers: other.headers });
    expect(list.body).not.toContain(old.id);
    expect(
      (await server.request({ url: '/v1/my_games', headers: other.headers })).body,
    ).not.toContain(old.id);
  });

  it.each<[string, unknown]>([
    ['a word', 'not-a-uuid'],
    ['a number', 42],
    ['null', null],
    ['an empty string', ''],
    ['a UUID with more after it', `${randomUUID()}0`],
    ['an object', { id: randomUUID() }],
  ])(
    'a restoredFrom that is not a UUID (%s) is refused with 400 {errorMessage}, and nothing is written',
    async (_what, restoredFrom) => {
      const me = guest();
      const id = randomUUID();
      const response = await server.request({
        method: 'POST',
        url: '/v1/templates',
        headers: me.headers,
        payload: { id, name: 'Quiz night', restoredFrom },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectErrorMessage(response)).toContain('restoredFrom');
      expect(
        (await server.request({ url: `/v1/templates/${id}`, headers: me.headers })).statusCode,
      ).toBe(404);
      const list = json<TemplateList>(
        await server.request({ url: '/v1/templates', headers: me.headers }),
      );
      expect(list.templates).toEqual([]);
      expect(await myGames(me)).toEqual([]);
      // The id was not taken either: the same create without the bad field goes through.
      expect((await create(me, { id, name: 'Quiz night' })).id).toBe(id);
    },
  );

  it('restoredFrom is set when the activity is created, never by a change: a PATCH (even of the whole template sent back) leaves it as it was', async () => {
    const me = guest();
    const old = await deleted(me);
    const restored = await create(me, { name: 'Quiz night', restoredFrom: old.id });
    const patch = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${restored.id}`,
      headers: { ...me.headers, 'if-match': `"${restored.revision}"` },
      payload: { ...restored, name: 'Quiz night 2', restoredFrom: randomUUID() },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(json<Template>(patch)).toMatchObject({
      name: 'Quiz night 2',
      restoredFrom: old.id,
      restoredAt: restored.restoredAt,
    });

    const plain = await create(me, { name: 'Friday quiz' });
    const marked = await server.request({
      method: 'PATCH',
      url: `/v1/templates/${plain.id}`,
      headers: me.headers,
      payload: { name: 'Friday quiz 2', restoredFrom: old.id },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(json<Template>(marked)).not.toHaveProperty('restoredFrom');
  });
});
