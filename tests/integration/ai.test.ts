/**
 * The AI content assistant's calls with the built-in generator (SPEC §3, §6, §7, §8):
 * POST /ai_content_requests queues a job that the server's runner completes; the status call
 * answers the template; locked tasks are never replaced; bad input, other people's templates
 * and flooding are refused with {errorMessage} and nothing written; a crashed job is retried
 * and then fails cleanly; a guest who signs up while a job runs gets the template.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { generate, pollUntilDone, requestAi, restOf } from './support/aiRequests';
import {
  createTemplate,
  expectErrorMessage,
  guest,
  json,
  signUp,
  type Caller,
} from './support/clients';
import { aiContentRequests } from '../../server/db/schema';
import { claimNextJob } from '../../server/services/aiContentRequests';
import { createBuiltinGenerator } from '../../server/ai/builtin/builtinGenerator';
import type { ContentGenerator, GenerationRequest } from '../../server/ai/generator';
import { MESSAGES } from '../../src/domain/messages';
import type { AiContentRequestStatus, Step, Template } from '../../src/domain/schemas';
import { isTemplateValid } from '../../src/domain/validation/template';
import { TEST_DATABASE_URL } from './support/postgres';

const TOPICS = 'Health and safety at work: fire safety, first aid and manual handling';

const newActivity = (caller: Caller, overrides: Record<string, unknown> = {}) => ({
  requestorId: caller.userId ?? caller.anonId,
  topics: TOPICS,
  name: 'Safety refresher',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 30,
  stepsCount: 10,
  ...overrides,
});

async function jobCount(server: TestServer): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(aiContentRequests);
  return row!.n;
}

const step = (i: number, locked: boolean): Step => ({
  id: randomUUID(),
  name: `Kept task ${i}`,
  type: 'freeText',
  text: `What is the answer to kept question ${i}?`,
  answers: [{ id: randomUUID(), value: `Answer ${i}`, correct: true }],
  media: null,
  points: 10,
  locked,
});

describe('AI content requests with the built-in generator', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('makes a new, valid activity for a guest with the requested number of tasks (SPEC §2.4)', async () => {
    const caller = guest();
    const done = await generate(server, caller, newActivity(caller));
    expect(done.statusCode).toBe(200);
    const { completedAt, template } = json<AiContentRequestStatus>(done);
    expect(completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(template!.name).toBe('Safety refresher');
    expect(template!.steps).toHaveLength(10);
    expect(template!.stepValidationErrors).toEqual([]);
    expect(isTemplateValid(template!)).toBe(true);
    // It is the guest's own template now, on the server, for the builder and the demo.
    const read = await server.request({
      method: 'GET',
      url: `/v1/templates/${template!.id}`,
      headers: caller.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(json<Template>(read).steps.map((s) => s.id)).toEqual(template!.steps.map((s) => s.id));
  });

  it('accepts the short form {requestorId, topics} and names the activity after the first topic', async () => {
    const caller = guest();
    const done = await generate(server, caller, {
      requestorId: caller.anonId,
      topics: 'sustainability at work, recycling',
    });
    const { template } = json<AiContentRequestStatus>(done);
    expect(template!.name).toBe('Sustainability at work');
    expect(template!.steps).toHaveLength(20);
  });

  it('replaces only the unlocked tasks of an existing template, keeping locked ones in place (SPEC §6)', async () => {
    const caller = guest();
    const steps = Array.from({ length: 12 }, (_, i) => step(i, i === 0 || i === 5));
    const original = await createTemplate(server, caller, { name: 'Mixed', steps });
    const done = await generate(server, caller, {
      templateId: original.id,
      topics: 'customer service',
    });
    expect(done.statusCode).toBe(200);
    const result = json<AiContentRequestStatus>(done).template!;
    expect(result.id).toBe(original.id);
    expect(result.steps).toHaveLength(12);
    expect(result.steps[0]).toEqual(steps[0]);
    expect(result.steps[5]).toEqual(steps[5]);
    const unlockedIds = new Set(steps.filter((s) => !s.locked).map((s) => s.id));
    expect(result.steps.filter((s) => unlockedIds.has(s.id))).toEqual([]);
    expect(isTemplateValid(result)).toBe(true);
    // The builder applies the result and marks it unsaved; the stored template is untouched.
    const stored = json<Template>(
      await server.request({
        method: 'GET',
        url: `/v1/templates/${original.id}`,
        headers: caller.headers,
      }),
    );
    expect(stored.revision).toBe(original.revision);
    expect(stored.steps).toEqual(steps);
  });

  it('fills a template with fewer than 10 tasks up to 20 around its locked task', async () => {
    const caller = guest();
    const steps = [step(0, false), step(1, true)];
    const original = await createTemplate(server, caller, { name: 'Short', steps });
    const result = json<AiContentRequestStatus>(
      await generate(server, caller, { templateId: original.id, topics: 'geography' }),
    ).template!;
    expect(result.steps).toHaveLength(20);
    expect(result.steps[1]).toEqual(steps[1]);
  });

  describe('when the topics give too little (docs/ai.md)', () => {
    const THIN = 'Our cycling club rides every Sunday at 8am.';

    it('a new activity gets only the tasks the text supports, and the status says how many of those asked', async () => {
      const caller = guest();
      const done = await generate(server, caller, newActivity(caller, { topics: THIN }));
      expect(done.statusCode).toBe(200);
      const { template, notice } = json<AiContentRequestStatus>(done);
      const made = template!.steps.length;
      expect(made).toBeGreaterThan(0);
      expect(made).toBeLessThan(10);
      expect(isTemplateValid(template!)).toBe(true);
      expect(notice).toBe(MESSAGES.ai.fewerTasks(made, 10));
    });

    it('a full result has a null notice', async () => {
      const caller = guest();
      const done = await generate(server, caller, newActivity(caller));
      expect(json<AiContentRequestStatus>(done).notice).toBeNull();
    });

    it('topics with nothing usable give a general mix of the full count, and say so', async () => {
      const caller = guest();
      const done = await generate(
        server,
        caller,
        newActivity(caller, { topics: 'asdf qwer zxcv' }),
      );
      const { template, notice } = json<AiContentRequestStatus>(done);
      expect(template!.steps).toHaveLength(10);
      expect(notice).toBe(MESSAGES.ai.generalTasks);
    });

    it('an existing template keeps earlier unlocked tasks in the places no new task filled', async () => {
      const caller = guest();
      const steps = Array.from({ length: 12 }, (_, i) => step(i, i === 0));
      const original = await createTemplate(server, caller, { name: 'Club', steps });
      const done = await generate(server, caller, { templateId: original.id, topics: THIN });
      const { template, notice } = json<AiContentRequestStatus>(done);
      const result = template!;
      expect(result.steps).toHaveLength(12);
      expect(result.steps[0]).toEqual(steps[0]);
      const earlierIds = new Set(steps.map((s) => s.id));
      const kept = result.steps.filter((s) => earlierIds.has(s.id) && !s.locked);
      const made = result.steps.length - 1 - kept.length;
      expect(made).toBeGreaterThan(0);
      expect(kept.length).toBeGreaterThan(0);
      // The earlier tasks keep their order, after the new ones.
      expect(kept).toEqual(steps.slice(1 + made));
      expect(notice).toBe(MESSAGES.ai.fewerTasksKept(made, 11, kept.length));
      expect(isTemplateValid(result)).toBe(true);
    });
  });

  it('lets a signed-in user generate for their own template and answers the status only to them', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const created = await requestAi(server, owner, newActivity(owner));
    expect(created.statusCode).toBe(202);
    const rest = restOf(
      json<{ aiContentRequestStatusUrl: string }>(created).aiContentRequestStatusUrl,
    );
    const done = await pollUntilDone(server, owner, rest);
    expect(done.statusCode).toBe(200);
    const peek = await server.request({
      method: 'GET',
      url: `/v1/ai_content_requests/${rest}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(404);
    expectErrorMessage(peek);
  });

  describe('bad input is refused with {errorMessage} and writes nothing', () => {
    it.each([
      ['empty topics', { topics: '' }],
      ['whitespace-only topics', { topics: '   \n\t  ' }],
      ['topics over 1000 characters', { topics: 'x'.repeat(1001) }],
      ['no name for a new activity', { name: '   ' }],
      ['an unknown game type', { gameType: 'treasureHunt' }],
      ['an unknown duration', { duration: 45 }],
      ['a task count of 0', { stepsCount: 0 }],
      ['a task count over the maximum', { stepsCount: 101 }],
      ['an unexpected field', { extra: true }],
    ])('%s → 400', async (_label, overrides) => {
      const caller = guest();
      const before = await jobCount(server);
      const response = await requestAi(server, caller, newActivity(caller, overrides));
      expect(response.statusCode).toBe(400);
      expectErrorMessage(response);
      expect(await jobCount(server)).toBe(before);
    });

    it('topics of exactly 1000 characters are accepted, and trimmed', async () => {
      const caller = guest();
      const response = await requestAi(
        server,
        caller,
        newActivity(caller, { topics: `  ${'quiz about space '.repeat(60).slice(0, 1000)}  ` }),
      );
      expect(response.statusCode).toBe(202);
    });

    it('someone else’s requestorId → 403', async () => {
      const caller = guest();
      const before = await jobCount(server);
      const response = await requestAi(
        server,
        caller,
        newActivity(caller, { requestorId: randomUUID() }),
      );
      expect(response.statusCode).toBe(403);
      expectErrorMessage(response);
      expect(await jobCount(server)).toBe(before);
    });

    it('an unknown template and another user’s template → 404; a library template → 403', async () => {
      const caller = guest();
      const stranger = guest();
      const theirs = await createTemplate(server, stranger, { name: 'Theirs' });
      const before = await jobCount(server);
      for (const templateId of [randomUUID(), theirs.id]) {
        const response = await requestAi(server, caller, { templateId, topics: 'sales' });
        expect(response.statusCode).toBe(404);
        expectErrorMessage(response);
      }
      const library = await server.request({
        method: 'GET',
        url: '/v1/templates/library',
        headers: caller.headers,
      });
      const libraryId = json<{ id: string }[]>(library)[0]!.id;
      const response = await requestAi(server, caller, { templateId: libraryId, topics: 'sales' });
      expect(response.statusCode).toBe(403);
      expect(await jobCount(server)).toBe(before);
    });

    it('a status id that does not exist → 404', async () => {
      const response = await server.request({
        method: 'GET',
        url: `/v1/ai_content_requests/${randomUUID()}`,
        headers: guest().headers,
      });
      expect(response.statusCode).toBe(404);
      expectErrorMessage(response);
    });
  });
});

/** A generator the test controls: each call waits until the test lets it go. */
function gatedGenerator(): ContentGenerator & { release(): void; calls: GenerationRequest[] } {
  const builtin = createBuiltinGenerator();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const calls: GenerationRequest[] = [];
  return {
    kind: 'builtin',
    calls,
    release: () => open(),
    async generate(request) {
      calls.push(request);
      await gate;
      return builtin.generate(request);
    },
  };
}

describe('AI request limits and the job queue', () => {
  it('refuses a fourth unfinished request of the same guest with 429 (flooding)', async () => {
    const generator = gatedGenerator();
    const server = await startTestServer({ aiGenerator: generator });
    try {
      const caller = guest();
      for (let i = 0; i < 3; i++)
        expect((await requestAi(server, caller, newActivity(caller))).statusCode).toBe(202);
      const before = await jobCount(server);
      const fourth = await requestAi(server, caller, newActivity(caller));
      expect(fourth.statusCode).toBe(429);
      expect(expectErrorMessage(fourth)).toMatch(/wait/i);
      expect(await jobCount(server)).toBe(before);
      // Somebody else is not held up by this guest.
      const other = guest();
      expect((await requestAi(server, other, newActivity(other))).statusCode).toBe(202);
      generator.release();
    } finally {
      await server.close();
    }
  });

  it('refuses requests over the hourly limit per user (AI_REQUESTS_PER_HOUR)', async () => {
    const server = await startTestServer({ env: { AI_REQUESTS_PER_HOUR: '2' } });
    try {
      const caller = guest();
      for (let i = 0; i < 2; i++) await generate(server, caller, newActivity(caller));
      const third = await requestAi(server, caller, newActivity(caller));
      expect(third.statusCode).toBe(429);
      expectErrorMessage(third);
    } finally {
      await server.close();
    }
  });

  it('retries a job whose generation crashed, and completes it', async () => {
    const builtin = createBuiltinGenerator();
    let calls = 0;
    const flaky: ContentGenerator = {
      kind: 'builtin',
      async generate(request) {
        calls++;
        if (calls === 1) throw new Error('simulated crash inside the generator');
        return builtin.generate(request);
      },
    };
    const server = await startTestServer({ aiGenerator: flaky });
    try {
      const caller = guest();
      const done = await generate(server, caller, newActivity(caller));
      expect(done.statusCode).toBe(200);
      expect(calls).toBe(2);
      const [row] = await server.database.db.select().from(aiContentRequests);
      expect(row!.attempts).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('fails cleanly after three crashes with the SPEC §8 message and no half-made template', async () => {
    const broken: ContentGenerator = {
      kind: 'builtin',
      generate: async () => {
        throw new Error('simulated crash, every time');
      },
    };
    const server = await startTestServer({ aiGenerator: broken });
    try {
      const caller = guest();
      const done = await generate(server, caller, newActivity(caller));
      expect(done.statusCode).toBe(500);
      expect(expectErrorMessage(done)).toBe(MESSAGES.ai.requestFailed);
      expect(done.body).not.toMatch(/simulated|at .*\.ts/);
      const list = await server.request({
        method: 'GET',
        url: '/v1/templates',
        headers: caller.headers,
      });
      expect(json<{ templates: unknown[] }>(list).templates).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('answers 422 with the SPEC §8 message when the content cannot be made valid', async () => {
    const invalid: ContentGenerator = {
      kind: 'builtin',
      generate: async (request) =>
        Array.from({ length: request.count }, (_, i) => ({
          source: 'test',
          step: { ...step(i, false), answers: [] }, // a free-text task without its answer
        })),
    };
    const server = await startTestServer({ aiGenerator: invalid });
    try {
      const caller = guest();
      const done = await generate(server, caller, newActivity(caller));
      expect(done.statusCode).toBe(422);
      expect(expectErrorMessage(done)).toBe(MESSAGES.ai.incompleteData);
    } finally {
      await server.close();
    }
  });

  it('runs a job left behind by a crashed instance once its lease has run out', async () => {
    const server = await startTestServer();
    try {
      const caller = guest();
      const id = randomUUID();
      await server.database.db.insert(aiContentRequests).values({
        id,
        ownerAnonId: caller.anonId,
        mode: 'new',
        input: { topics: 'music', stepsCount: 10, name: 'Left behind' },
        status: 'running',
        attempts: 1,
        leaseUntil: new Date(Date.now() - 1000),
      });
      server.app.aiJobs.wake();
      const done = await pollUntilDone(server, caller, id);
      expect(done.statusCode).toBe(200);
      expect(json<AiContentRequestStatus>(done).template!.name).toBe('Left behind');
    } finally {
      await server.close();
    }
  });

  it('gives the template to the user when the guest signs up while it is being made', async () => {
    const generator = gatedGenerator();
    const server = await startTestServer({ aiGenerator: generator });
    try {
      const anonId = randomUUID();
      const asGuest = guest(anonId);
      const created = await requestAi(server, asGuest, newActivity(asGuest));
      const rest = restOf(
        json<{ aiContentRequestStatusUrl: string }>(created).aiContentRequestStatusUrl,
      );
      await expect.poll(() => generator.calls.length).toBe(1);
      const user = await signUp(server);
      const identify = await server.request({
        method: 'POST',
        url: '/v1/users/identify',
        headers: user.headers,
        payload: { anonId, clerkId: user.userId },
      });
      expect(identify.statusCode).toBe(200);
      generator.release();
      const done = await pollUntilDone(server, user, rest);
      expect(done.statusCode).toBe(200);
      const template = json<AiContentRequestStatus>(done).template!;
      const asUser = await server.request({
        method: 'GET',
        url: `/v1/templates/${template.id}`,
        headers: user.headers,
      });
      expect(asUser.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  'the AI job queue on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    it('hands each queued job to exactly one of several concurrent claims (SKIP LOCKED)', async () => {
      const generator = gatedGenerator();
      const server = await startTestServer({ postgres: true, aiGenerator: generator });
      try {
        await server.app.aiJobs.stop(); // the test claims by hand, as several instances would
        const owners = Array.from({ length: 4 }, () => guest());
        for (const caller of owners) {
          await server.database.db.insert(aiContentRequests).values({
            id: randomUUID(),
            ownerAnonId: caller.anonId,
            mode: 'new',
            input: { topics: 'science', stepsCount: 10, name: 'Claimed' },
          });
        }
        const claims = await Promise.all(
          Array.from({ length: 6 }, () => claimNextJob(server.database.db, 60_000)),
        );
        const ids = claims.filter((c) => c !== null).map((c) => c!.id);
        expect(ids).toHaveLength(4);
        expect(new Set(ids).size).toBe(4);
        const running = await server.database.db
          .select({ n: count() })
          .from(aiContentRequests)
          .where(eq(aiContentRequests.status, 'running'));
        expect(running[0]!.n).toBe(4);
        generator.release();
      } finally {
        await server.close();
      }
    });
  },
);
