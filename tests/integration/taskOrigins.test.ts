/**
 * Where each AI-written task came from, and "Another task like this" (docs/ai.md "Where each
 * task came from"), with the real server and its built-in generator: a finished request records
 * every task's origin (the organiser's sentence or the bank topic), the template's reader lists
 * them, and "another" makes one new, valid task from the same origin that repeats nothing, until
 * the origin has nothing new to give (422). Bad input and other people's templates are refused
 * with {errorMessage} and write nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskOrigins } from '../../server/db/schema';
import { NO_ORIGIN_MESSAGE, NOTHING_NEW_MESSAGE } from '../../server/services/taskOrigins';
import type { AiContentRequestStatus, Step, TaskOrigin, Template } from '../../src/domain/schemas';
import { validateStep } from '../../src/domain/validation/step';
import { createTemplate, expectErrorMessage, guest, json, type Caller } from './support/clients';
import { generate } from './support/aiRequests';
import { startTestServer, type TestServer } from './support/testServer';

const FIRE_SAFETY =
  'Fire safety at our Manchester office: the assembly point is in the car park behind building B, fire wardens wear yellow vests, and the alarm is tested every Tuesday at 10am.';

/** The template a finished request made or changed. */
async function generated(server: TestServer, caller: Caller, payload: Record<string, unknown>) {
  const done = await generate(server, caller, payload);
  expect(done.statusCode, done.body).toBe(200);
  return json<AiContentRequestStatus>(done).template!;
}

const newActivity = (caller: Caller, topics: string) => ({
  requestorId: caller.anonId,
  topics,
  name: 'Fire safety',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 30,
  stepsCount: 10,
});

async function origins(server: TestServer, caller: Caller, templateId: string) {
  const response = await server.request({
    method: 'GET',
    url: `/v1/templates/${templateId}/task_origins`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ origins: TaskOrigin[] }>(response).origins;
}

const another = (
  server: TestServer,
  caller: Caller,
  templateId: string,
  stepId: string,
  payload: unknown = {},
) =>
  server.request({
    method: 'POST',
    url: `/v1/templates/${templateId}/steps/${stepId}/another`,
    headers: caller.headers,
    payload: payload as Record<string, unknown>,
  });

describe('task origins and "Another task like this"', () => {
  let server: TestServer;
  let owner: Caller;
  let template: Template;
  let recorded: TaskOrigin[];
  beforeAll(async () => {
    server = await startTestServer();
    owner = guest();
    template = await generated(server, owner, newActivity(owner, FIRE_SAFETY));
    recorded = await origins(server, owner, template.id);
  });
  afterAll(async () => server.close());

  it("records where every task of a new activity came from: the organiser's sentence or a bank topic by name", () => {
    expect(recorded.map((o) => o.stepId).sort()).toEqual(template.steps.map((s) => s.id).sort());
    const fromText = recorded.filter((o) => o.kind === 'organiserText');
    expect(fromText.length).toBeGreaterThan(0);
    for (const origin of fromText) {
      expect(origin.sentence).toBeTruthy();
      // The sentence is the organiser's own words.
      expect(FIRE_SAFETY.toLowerCase()).toContain(origin.sentence!.toLowerCase().slice(0, 20));
      expect(origin.topic).toBeNull();
    }
    for (const origin of recorded.filter((o) => o.kind === 'questionBank')) {
      expect(origin.topic).toMatch(/^[A-Z]/);
      expect(origin.sentence).toBeNull();
      expect(origin.general).toBe(false);
    }
  });

  it('records the origins of the new tasks of an existing template too', async () => {
    const mine = await createTemplate(server, owner, { name: 'Mine' });
    const result = await generated(server, owner, { templateId: mine.id, topics: FIRE_SAFETY });
    const listed = new Set((await origins(server, owner, mine.id)).map((o) => o.stepId));
    expect(result.steps.filter((s) => !s.locked).every((s) => listed.has(s.id))).toBe(true);
  });

  it('another task like an organiser-text task: new, valid, from the same sentence, repeating nothing; its origin is recorded', async () => {
    const origin = recorded.find((o) => o.kind === 'organiserText')!;
    const old = template.steps.find((s) => s.id === origin.stepId)!;
    const avoid = template.steps.map((s) => s.text);
    const response = await another(server, owner, template.id, old.id, { avoid });
    expect(response.statusCode, response.body).toBe(200);
    const { step, origin: made } = json<{ step: Step; origin: TaskOrigin }>(response);
    expect(step.id).not.toBe(old.id);
    expect(step.locked).toBe(false);
    expect(validateStep(step)).toEqual([]);
    expect(avoid).not.toContain(step.text);
    expect(made).toMatchObject({ stepId: step.id, kind: 'organiserText' });
    expect(FIRE_SAFETY.toLowerCase()).toContain(made.sentence!.toLowerCase().slice(0, 20));
    expect((await origins(server, owner, template.id)).map((o) => o.stepId)).toContain(step.id);
  });

  it('another task like a bank task comes from the same topic', async () => {
    // Three facts for ten tasks: the rest come from the bank's fire safety questions.
    const origin = recorded.find((o) => o.kind === 'questionBank');
    expect(origin).toBeDefined();
    if (!origin) return;
    const response = await another(server, owner, template.id, origin.stepId, {
      avoid: template.steps.map((s) => s.text),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { origin: made } = json<{ step: Step; origin: TaskOrigin }>(response);
    expect(made).toMatchObject({ kind: 'questionBank', topic: origin.topic });
  });

  it('keeps the kind of task: a challenge for a challenge', async () => {
    const challenge = template.steps.find(
      (s) => s.type.endsWith('Challenge') && recorded.some((o) => o.stepId === s.id),
    );
    // Ten tasks hold two challenges (docs/ai.md).
    expect(challenge).toBeDefined();
    if (!challenge) return;
    const response = await another(server, owner, template.id, challenge.id, {
      avoid: template.steps.map((s) => s.text),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ step: Step }>(response).step.type).toMatch(/Challenge$/);
  });

  it('runs out after the few tasks one sentence supports: 422 with the message, nothing recorded', async () => {
    const caller = guest();
    const thin = await generated(
      server,
      caller,
      newActivity(caller, 'Our cycling club rides every Sunday at 8am.'),
    );
    const origin = (await origins(server, caller, thin.id)).find(
      (o) => o.kind === 'organiserText',
    )!;
    const avoid = thin.steps.map((s) => s.text);
    let last = await another(server, caller, thin.id, origin.stepId, { avoid });
    for (let i = 0; i < 20 && last.statusCode === 200; i++) {
      avoid.push(json<{ step: Step }>(last).step.text);
      last = await another(server, caller, thin.id, origin.stepId, { avoid });
    }
    expect(last.statusCode).toBe(422);
    expect(expectErrorMessage(last)).toBe(NOTHING_NEW_MESSAGE);
    const rows = await server.database.db
      .select()
      .from(taskOrigins)
      .where(eq(taskOrigins.templateId, thin.id));
    // One row per task of the activity and per task "another" made; none for the refusal.
    expect(rows).toHaveLength(avoid.length);
  });

  describe('refused with {errorMessage}, nothing written', () => {
    it('a task written by hand (no origin) → 404', async () => {
      const response = await another(server, owner, template.id, randomUUID());
      expect(response.statusCode).toBe(404);
      expect(expectErrorMessage(response)).toBe(NO_ORIGIN_MESSAGE);
    });

    it("someone else's template → 404, for the list and for another", async () => {
      const stranger = guest();
      const list = await server.request({
        method: 'GET',
        url: `/v1/templates/${template.id}/task_origins`,
        headers: stranger.headers,
      });
      expect(list.statusCode).toBe(404);
      expectErrorMessage(list);
      const response = await another(server, stranger, template.id, recorded[0]!.stepId);
      expect(response.statusCode).toBe(404);
      expectErrorMessage(response);
    });

    it('unknown fields and over-long texts → 400', async () => {
      const before = (await origins(server, owner, template.id)).length;
      for (const payload of [{ avoid: [], extra: 1 }, { avoid: ['x'.repeat(2001)] }]) {
        const response = await another(server, owner, template.id, recorded[0]!.stepId, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expectErrorMessage(response);
      }
      expect((await origins(server, owner, template.id)).length).toBe(before);
    });
  });
});
