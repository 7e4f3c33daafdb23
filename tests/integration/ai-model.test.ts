/**
 * The AI content assistant's model provider (server/ai/model, docs/ai.md) through the real app,
 * against a small OpenAI-compatible chat completions server that this file starts on 127.0.0.1.
 * Each case scripts the fake model's answers (valid, rule-breaking, not JSON, HTTP 500 / 401,
 * too slow) and checks what the organiser sees when polling GET /v1/ai_content_requests/{id},
 * and what the server sent to the model (model name, key, response_format, the repair round, the
 * organiser's stated facts in the prompt and the checks of the answer against them).
 *
 * The fake server picks each case's script by the case's topics, which every user prompt
 * contains: a job left over from another case can never take this case's answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from './support/testServer';
import { guest, json, type Caller } from './support/clients';
import { MESSAGES } from '../../src/domain/messages';
import type { Step, Template } from '../../src/domain/schemas';
import { aiContentRequests } from '../../server/db/schema';
import { eq } from 'drizzle-orm';

// ---------------------------------------------------------------------------------------------
// The fake model

/** How the fake model answers one call. */
type Behaviour =
  | { kind: 'content'; content: string }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'delay'; ms: number; content: string };

interface RecordedRequest {
  headers: IncomingMessage['headers'];
  url: string;
  method: string;
  body: ChatRequest;
}

interface ChatMessage {
  role: string;
  content: string;
}

interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  response_format?: { type: string; json_schema?: { schema?: unknown; name?: string } };
  [key: string]: unknown;
}

interface Script {
  queue: Behaviour[];
  requests: RecordedRequest[];
}

const scripts = new Map<string, Script>();
const unmatched: RecordedRequest[] = [];

/** Provider text that must never reach an organiser. */
const PROVIDER_SECRET = 'provider-internal-detail-7f3a';

function completion(content: string) {
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function scriptFor(body: ChatRequest): Script | undefined {
  const prompts = (body.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) => String(message.content))
    .join('\n');
  for (const [key, script] of scripts) if (prompts.includes(key)) return script;
  return undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
    sendJson(res, 404, { error: { message: `no ${req.method} ${req.url}` } });
    return;
  }
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
  const recorded: RecordedRequest = {
    headers: req.headers,
    url: req.url,
    method: req.method,
    body,
  };
  const script = scriptFor(body);
  if (!script) {
    unmatched.push(recorded);
    sendJson(res, 500, { error: { message: 'no script for this prompt' } });
    return;
  }
  script.requests.push(recorded);
  const behaviour = script.queue.shift();
  if (!behaviour) {
    sendJson(res, 500, { error: { message: 'the script has no more answers' } });
    return;
  }
  switch (behaviour.kind) {
    case 'content':
      sendJson(res, 200, completion(behaviour.content));
      return;
    case 'status':
      sendJson(res, behaviour.status, behaviour.body, behaviour.headers);
      return;
    case 'delay': {
      const timer = setTimeout(() => {
        if (!res.destroyed) sendJson(res, 200, completion(behaviour.content));
      }, behaviour.ms);
      // The client gave up (its timeout): nothing to answer.
      res.on('close', () => clearTimeout(timer));
      return;
    }
  }
}

let fakeModel: Server;
let port: number;

/** The case's topics (a unique key) and the fake model's answers, in order. */
function script(...queue: Behaviour[]): { topics: string; script: Script } {
  const topics = `Team onboarding ${randomUUID()}`;
  const entry: Script = { queue, requests: [] };
  scripts.set(topics, entry);
  return { topics, script: entry };
}

/**
 * The fire-safety topics of docs/ai.md, with the case's key in the heading: it states three
 * facts (the assembly point, the wardens' vests, the alarm test), the key none.
 */
function factsScript(...queue: Behaviour[]): { topics: string; script: Script } {
  const topics =
    `Fire safety at our Manchester office (case ${randomUUID()}): the assembly point is in the ` +
    'car park behind building B, fire wardens wear yellow vests, the alarm is tested every ' +
    'Tuesday at 10am.';
  const entry: Script = { queue, requests: [] };
  scripts.set(topics, entry);
  return { topics, script: entry };
}

/** The fire-safety facts as the prompt lists them. */
const FIRE_FACTS = [
  'The assembly point is in the car park behind building B.',
  'Fire wardens wear yellow vests.',
  'The alarm is tested every Tuesday at 10am.',
];
const FACTS_HEADING =
  'Facts the organiser stated (true for their organisation; ask about each, one task per fact where the count allows):';

const answer = (content: unknown): Behaviour => ({
  kind: 'content',
  content: typeof content === 'string' ? content : JSON.stringify(content),
});

// ---------------------------------------------------------------------------------------------
// Tasks as the model writes them

interface ModelTask {
  name: string;
  type: Step['type'];
  text: string;
  answers: { value: string; correct: boolean }[];
  points: number;
}

const mc = (n: number, correct = [0]): ModelTask => ({
  name: `Question ${n}`,
  type: 'multipleChoice',
  text: `Which answer is right for question ${n}?`,
  answers: ['A', 'B', 'C', 'D'].map((value, i) => ({
    value: `${value}${n}`,
    correct: correct.includes(i),
  })),
  points: 20,
});
const freeText = (n: number): ModelTask => ({
  name: `Capital ${n}`,
  type: 'freeText',
  text: `Name the capital city number ${n}.`,
  answers: [{ value: `Paris ${n}`, correct: true }],
  points: 30,
});
const photo = (n: number): ModelTask => ({
  name: `Team photo ${n}`,
  type: 'photoChallenge',
  text: `Take a photo of your team with object number ${n}.`,
  answers: [],
  points: 50,
});

/** Four valid tasks that ask about the three fire-safety facts; `alarmDays` are the day options. */
const fireTasks = (alarmDays = ['Tuesday', 'Monday', 'Thursday', 'Friday']): ModelTask[] => [
  {
    name: 'Assembly point',
    type: 'multipleChoice',
    text: 'Where is the assembly point?',
    answers: [
      'The car park behind building B',
      'The staff canteen',
      'The main reception',
      'The loading bay',
    ].map((value, i) => ({ value, correct: i === 0 })),
    points: 20,
  },
  {
    name: 'Warden vests',
    type: 'freeText',
    text: 'What colour vests do our fire wardens wear?',
    answers: [{ value: 'Yellow', correct: true }],
    points: 30,
  },
  {
    name: 'Alarm day',
    type: 'multipleChoice',
    text: 'On which day is the fire alarm tested?',
    answers: alarmDays.map((value, i) => ({ value, correct: i === 0 })),
    points: 20,
  },
  photo(300),
];

/** Four valid, different tasks; `from` keeps two answers of one case apart. */
const fourTasks = (from = 1): ModelTask[] => [
  mc(from),
  freeText(from + 1),
  photo(from + 2),
  mc(from + 3),
];

// ---------------------------------------------------------------------------------------------
// The app

const AI_TIMEOUT_MS = 1500;
const aiEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
  AI_MODEL: 'test-model',
  AI_API_KEY: 'test-key',
  AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
  ...extra,
});

let server: TestServer;

beforeAll(async () => {
  fakeModel = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => fakeModel.listen(0, '127.0.0.1', resolve));
  port = (fakeModel.address() as AddressInfo).port;
  server = await startTestServer({ env: aiEnv() });
});

afterAll(async () => {
  await server?.close();
  fakeModel?.closeAllConnections();
  await new Promise<void>((resolve) => fakeModel?.close(() => resolve()));
});

afterEach(() => {
  // Every call reached the script it was meant for.
  expect(unmatched).toEqual([]);
});

const newActivity = (caller: Caller, topics: string, stepsCount = 4) => ({
  requestorId: caller.anonId!,
  topics,
  name: 'Onboarding quiz',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 30,
  stepsCount,
});

/** POST /v1/ai_content_requests; the request's id from the status URL. */
async function ask(app: TestServer, caller: Caller, payload: Record<string, unknown>) {
  const response = await app.request({
    method: 'POST',
    url: '/v1/ai_content_requests',
    headers: caller.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { aiContentRequestStatusUrl } = json<{ aiContentRequestStatusUrl: string }>(response);
  const id = aiContentRequestStatusUrl.split('/v1/ai_content_requests/')[1];
  expect(id).toBeTruthy();
  return id!;
}

/** Polls the status every 50 ms until completedAt is set or an error comes back (10 s at most). */
async function poll(app: TestServer, caller: Caller, id: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await app.request({
      method: 'GET',
      url: `/v1/ai_content_requests/${id}`,
      headers: caller.headers,
    });
    if (response.statusCode !== 200) return response;
    const body = json<{ completedAt: string | null }>(response);
    if (body.completedAt) return response;
    if (Date.now() > deadline) throw new Error(`AI request ${id} still waiting after 10 s`);
    // The API is polled, as the organiser's app polls it: this is the pause between two GETs.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function completed(app: TestServer, caller: Caller, id: string): Promise<Template> {
  const response = await poll(app, caller, id);
  expect(response.statusCode, response.body).toBe(200);
  const body = json<{ completedAt: string; template: Template }>(response);
  expect(new Date(body.completedAt).toString()).not.toBe('Invalid Date');
  return body.template;
}

/** The steps as the organiser gets them from the model's tasks. */
function expectStepsFromTasks(steps: Step[], tasks: ModelTask[]): void {
  expect(steps).toHaveLength(tasks.length);
  steps.forEach((step, i) => {
    const task = tasks[i]!;
    expect(step).toEqual({
      id: expect.any(String),
      name: task.name,
      type: task.type,
      text: task.text,
      answers: task.answers.map((a) => ({ id: expect.any(String), ...a })),
      media: null,
      points: task.points,
      locked: false,
    });
    expect(step.id.length).toBeGreaterThan(0);
    for (const a of step.answers) expect(a.id.length).toBeGreaterThan(0);
  });
  expect(new Set(steps.map((s) => s.id)).size).toBe(steps.length);
}

const userMessages = (request: RecordedRequest) =>
  request.body.messages.filter((m) => m.role === 'user').map((m) => m.content);

/** A template of 10 steps whose steps 0 and 2 are locked: the model is asked for 8. */
async function existingTemplate(me: Caller): Promise<{ existing: Step[]; before: Template }> {
  const existing: Step[] = Array.from({ length: 10 }, (_, i) => ({
    id: randomUUID(),
    name: `Old task ${i}`,
    type: 'freeText',
    text: `Old question number ${i}?`,
    answers: [{ id: randomUUID(), value: `Old answer ${i}`, correct: true }],
    media: null,
    points: 10 + i,
    locked: i === 0 || i === 2,
  }));
  const created = await server.request({
    method: 'POST',
    url: '/v1/templates',
    headers: me.headers,
    payload: { name: 'Existing quiz', steps: existing },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { existing, before: json<Template>(created) };
}

// ---------------------------------------------------------------------------------------------

describe('AI content requests with an OpenAI-compatible model', () => {
  it('turns a valid answer into a new template whose steps are the model’s tasks', async () => {
    const tasks = fourTasks();
    const { topics, script: s } = script(answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    const template = await completed(server, me, id);

    expect(template).toMatchObject({
      name: 'Onboarding quiz',
      gameType: 'quiz',
      deliveryType: 'inPerson',
      duration: 30,
      stepValidationErrors: [],
    });
    expectStepsFromTasks(template.steps, tasks);

    const stored = await server.request({
      method: 'GET',
      url: `/v1/templates/${template.id}`,
      headers: me.headers,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(json<Template>(stored).steps).toEqual(template.steps);

    // What the model was sent: one call, to the configured model, with the key, the schema.
    expect(s.requests).toHaveLength(1);
    const [call] = s.requests;
    expect(call!.headers.authorization).toBe('Bearer test-key');
    expect(call!.body.model).toBe('test-model');
    expect(call!.body.response_format?.type).toBe('json_schema');
    expect(JSON.stringify(call!.body.response_format?.json_schema?.schema)).toContain('tasks');
    expect(call!.body.messages[0]!.role).toBe('system');
    expect(userMessages(call!)).toHaveLength(1);
    expect(userMessages(call!)[0]).toContain('exactly 4 tasks');
    expect(userMessages(call!)[0]).toContain(topics);
  });

  it('sends an answer that breaks the task rules back once with its problems, then uses the repaired one', async () => {
    const broken = [mc(1, [0, 1]), freeText(2), photo(3), mc(4)];
    const brokenContent = JSON.stringify({ tasks: broken });
    const tasks = fourTasks(11);
    const { topics, script: s } = script(answer(brokenContent), answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    const template = await completed(server, me, id);
    expectStepsFromTasks(template.steps, tasks);

    expect(s.requests).toHaveLength(2);
    const repair = s.requests[1]!.body.messages;
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[1]!.content).toBe(s.requests[0]!.body.messages[1]!.content);
    expect(repair[2]!.content).toBe(brokenContent);
    expect(repair[3]!.content).toContain(
      `Task 1 ("Question 1"): ${MESSAGES.step.multipleChoiceOneCorrect}`,
    );
  });

  it('reports too few tasks to the model in the repair round', async () => {
    const tasks = fourTasks(21);
    const { topics, script: s } = script(answer({ tasks: tasks.slice(0, 3) }), answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);
    expect(s.requests).toHaveLength(2);
    expect(userMessages(s.requests[1]!)[1]).toContain(
      'There must be exactly 4 tasks; there were 3.',
    );
  });

  it('answers 422 incompleteData when the answer is still invalid after the repair round', async () => {
    const { topics, script: s } = script(
      answer({ tasks: fourTasks(31).slice(0, 3) }),
      answer({ tasks: [mc(41, [0, 1]), freeText(42), photo(43), mc(44)] }),
      answer({ tasks: fourTasks(51) }), // never asked for: one repair round only
    );
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    const response = await poll(server, me, id);
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response)).toEqual({ errorMessage: MESSAGES.ai.incompleteData });
    expect(MESSAGES.ai.incompleteData).toBe(
      'The generated content or template contains incomplete data.',
    );
    expect(s.requests).toHaveLength(2);
  });

  it('repairs an answer that is not JSON at all', async () => {
    const notJson = 'Sure! Here are four great tasks for your team: 1. A quiz about…';
    const tasks = fourTasks(61);
    const { topics, script: s } = script(answer(notJson), answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);

    expect(s.requests).toHaveLength(2);
    const repair = s.requests[1]!.body.messages;
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[2]!.content).toBe(notJson);
    expect(repair[3]!.content).toContain('The answer did not match the JSON shape');
  });

  it('repairs JSON that does not match the task shape', async () => {
    const wrongShape = JSON.stringify({ questions: [{ q: 'What?' }] });
    const tasks = fourTasks(71);
    const { topics, script: s } = script(answer(wrongShape), answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);
    expect(s.requests).toHaveLength(2);
    expect(s.requests[1]!.body.messages[2]!.content).toBe(wrongShape);
    expect(userMessages(s.requests[1]!)[1]).toContain('The answer did not match the JSON shape');
  });

  it('answers 503 requestFailed, without provider details, when the provider fails with HTTP 500', async () => {
    const failure: Behaviour = {
      kind: 'status',
      status: 500,
      body: { error: { message: `${PROVIDER_SECRET}: the GPU caught fire`, type: 'server_error' } },
      // The AI SDK retries a 500 after this, instead of its 2 s back-off (longer than the
      // timeout here): the job fails on the provider's error, not on the timeout.
      headers: { 'retry-after-ms': '10' },
    };
    const { topics, script: s } = script(failure, failure, failure, failure);
    const me = guest();
    const started = Date.now();
    const id = await ask(server, me, newActivity(me, topics));
    const response = await poll(server, me, id);
    expect(response.statusCode, response.body).toBe(503);
    expect(json(response)).toEqual({ errorMessage: MESSAGES.ai.requestFailed });
    expect(response.body).not.toContain(PROVIDER_SECRET);
    expect(response.body).not.toMatch(/stack|\bat .+:\d+|Error:/);
    // The first call and the SDK's one retry (maxRetries 1); no repair round for an HTTP error.
    expect(s.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(AI_TIMEOUT_MS + 1000);
  });

  it('answers 503 requestFailed when HTTP 500 keeps coming with the default back-off', async () => {
    const failure: Behaviour = {
      kind: 'status',
      status: 500,
      body: { error: { message: `${PROVIDER_SECRET}: overloaded` } },
    };
    const { topics, script: s } = script(failure, failure, failure);
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    const response = await poll(server, me, id);
    expect(response.statusCode, response.body).toBe(503);
    expect(json(response)).toEqual({ errorMessage: MESSAGES.ai.requestFailed });
    expect(response.body).not.toContain(PROVIDER_SECRET);
    expect(s.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 requestFailed when the model does not answer within AI_TIMEOUT_MS', async () => {
    const slow: Behaviour = { kind: 'delay', ms: AI_TIMEOUT_MS * 4, content: '{"tasks":[]}' };
    const { topics, script: s } = script(slow, slow, slow);
    const me = guest();
    const started = Date.now();
    const id = await ask(server, me, newActivity(me, topics));
    const response = await poll(server, me, id);
    expect(response.statusCode, response.body).toBe(503);
    expect(json(response)).toEqual({ errorMessage: MESSAGES.ai.requestFailed });
    // It gave up at the timeout, well before the slow answer would have come.
    expect(Date.now() - started).toBeLessThan(AI_TIMEOUT_MS * 4);
    expect(s.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 requestFailed when the provider refuses the key (HTTP 401)', async () => {
    const refused: Behaviour = {
      kind: 'status',
      status: 401,
      body: { error: { message: `${PROVIDER_SECRET}: invalid api key`, type: 'invalid_request' } },
    };
    const { topics, script: s } = script(refused, refused);
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    const response = await poll(server, me, id);
    expect(response.statusCode, response.body).toBe(503);
    expect(json(response)).toEqual({ errorMessage: MESSAGES.ai.requestFailed });
    expect(response.body).not.toContain(PROVIDER_SECRET);
    // A 401 is not worth retrying.
    expect(s.requests).toHaveLength(1);
  });

  it('fills only the unlocked places of an existing template, keeping locked steps and the stored template', async () => {
    const me = guest();
    const { existing, before } = await existingTemplate(me);

    // 10 places, 2 locked: the model writes 8.
    const tasks = [
      mc(81),
      freeText(82),
      photo(83),
      mc(84),
      mc(85),
      freeText(86),
      photo(87),
      mc(88),
    ];
    const { topics, script: s } = script(answer({ tasks }));
    const id = await ask(server, me, { templateId: before.id, topics });
    const result = await completed(server, me, id);

    expect(s.requests).toHaveLength(1);
    const [prompt] = userMessages(s.requests[0]!);
    expect(prompt).toContain('Write exactly 8 tasks');
    // The locked tasks are named so that the model does not repeat them.
    expect(prompt).toContain(existing[0]!.text);
    expect(prompt).toContain(existing[2]!.text);
    expect(prompt).not.toContain(existing[1]!.text);

    expect(result.id).toBe(before.id);
    expect(result.steps).toHaveLength(10);
    expect(result.steps[0]).toEqual(existing[0]);
    expect(result.steps[2]).toEqual(existing[2]);
    const generated = result.steps.filter((_, i) => i !== 0 && i !== 2);
    expectStepsFromTasks(generated, tasks);
    expect(result.stepValidationErrors).toEqual([]);

    // The result is for the builder to apply: the stored template has not changed.
    const stored = await server.request({
      method: 'GET',
      url: `/v1/templates/${before.id}`,
      headers: me.headers,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const after = json<Template>(stored);
    expect(after.revision).toBe(before.revision);
    expect(after.steps).toEqual(existing);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('sends a task that repeats a locked task back in the repair round', async () => {
    const me = guest();
    const { existing, before } = await existingTemplate(me);
    const repeat: ModelTask = {
      name: 'Repeated',
      type: 'freeText',
      text: existing[2]!.text,
      answers: [{ value: 'Again', correct: true }],
      points: 10,
    };
    const tasks = [mc(101), freeText(102), photo(103), mc(104), mc(105), freeText(106)];
    const { topics, script: s } = script(
      answer({ tasks: [...tasks, mc(107), repeat] }),
      answer({ tasks: [...tasks, mc(107), photo(108)] }),
    );
    const id = await ask(server, me, { templateId: before.id, topics });
    const result = await completed(server, me, id);

    expect(s.requests).toHaveLength(2);
    expect(userMessages(s.requests[1]!)[1]).toContain('Task 8 ("Repeated")');
    expect(result.steps[0]).toEqual(existing[0]);
    expect(result.steps[2]).toEqual(existing[2]);
    expectStepsFromTasks(
      result.steps.filter((_, i) => i !== 0 && i !== 2),
      [...tasks, mc(107), photo(108)],
    );
  });
});

describe('AI content requests with the facts the organiser stated', () => {
  it('prompt: the user message lists the facts stated in the topics, after the topics', async () => {
    const tasks = fireTasks();
    const { topics, script: s } = factsScript(answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);

    // Every fact asked about: no repair round.
    expect(s.requests).toHaveLength(1);
    const [prompt] = userMessages(s.requests[0]!);
    expect(prompt).toContain(
      `${topics}\n\n${FACTS_HEADING}\n${FIRE_FACTS.map((f) => `- ${f}`).join('\n')}`,
    );
  });

  it('prompt: topics that state no facts get no facts list', async () => {
    const { topics, script: s } = script(answer({ tasks: fourTasks(201) }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    await completed(server, me, id);
    expect(userMessages(s.requests[0]!)[0]).not.toContain('Facts the organiser stated');
  });

  it('coverage: an answer that asks about none of the facts is repaired, naming the missed facts', async () => {
    const missing = fourTasks(211);
    const tasks = fireTasks();
    const { topics, script: s } = factsScript(answer({ tasks: missing }), answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);

    expect(s.requests).toHaveLength(2);
    const repair = userMessages(s.requests[1]!)[1]!;
    expect(repair).toContain('These facts from the organiser are not asked about:');
    for (const fact of FIRE_FACTS) expect(repair).toContain(`"${fact}"`);
  });

  it('coverage: an answer that still misses facts after the repair round but breaks no rule is accepted', async () => {
    const stillMissing = fourTasks(231);
    const { topics, script: s } = factsScript(
      answer({ tasks: fourTasks(221) }),
      answer({ tasks: stillMissing }),
    );
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, stillMissing);
    expect(s.requests).toHaveLength(2);
  });

  it('coverage: no task per fact is asked for when there are more facts than tasks', async () => {
    const tasks = [mc(241), photo(242)];
    const { topics, script: s } = factsScript(answer({ tasks }));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics, 2));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);
    expect(s.requests).toHaveLength(1);
  });

  it('coverage: a fact a locked task already asks about is neither listed nor asked for again', async () => {
    const me = guest();
    const locked: Step = {
      id: randomUUID(),
      name: 'Assembly point',
      type: 'freeText',
      text: 'Where is the assembly point?',
      answers: [{ id: randomUUID(), value: 'The car park behind building B', correct: true }],
      media: null,
      points: 20,
      locked: true,
    };
    const others: Step[] = Array.from({ length: 9 }, (_, i) => ({
      id: randomUUID(),
      name: `Old task ${i}`,
      type: 'freeText',
      text: `Old question number ${i}?`,
      answers: [{ id: randomUUID(), value: `Old answer ${i}`, correct: true }],
      media: null,
      points: 10,
      locked: false,
    }));
    const created = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: me.headers,
      payload: { name: 'Fire quiz', steps: [locked, ...others] },
    });
    expect(created.statusCode, created.body).toBe(201);
    // 9 places: the vests and the alarm asked, the rest on other things.
    const tasks = [...fireTasks().slice(1), mc(251), mc(252), mc(253), mc(254), mc(255), mc(256)];
    const { topics, script: s } = factsScript(answer({ tasks }));
    const id = await ask(server, me, { templateId: json<Template>(created).id, topics });
    const result = await completed(server, me, id);

    expect(s.requests).toHaveLength(1);
    const [prompt] = userMessages(s.requests[0]!);
    expect(prompt).toContain(`${FACTS_HEADING}\n- ${FIRE_FACTS[1]}\n- ${FIRE_FACTS[2]}\n`);
    expect(prompt).not.toContain(`- ${FIRE_FACTS[0]}`);
    expect(result.steps[0]).toEqual(locked);
    expectStepsFromTasks(result.steps.slice(1), tasks);
  });

  it('language: options that are the same answer ("Tuesday", "Tuesdays") are sent back naming the task, and fail with 422 when they come again', async () => {
    const twice = fireTasks(['Tuesday', 'Tuesdays', 'Monday', 'Friday']);
    const { topics, script: s } = factsScript(
      answer({ tasks: twice }),
      answer({ tasks: twice }),
      answer({ tasks: fireTasks() }), // never asked for: one repair round only
    );
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    const response = await poll(server, me, id);
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response)).toEqual({ errorMessage: MESSAGES.ai.incompleteData });

    expect(s.requests).toHaveLength(2);
    const repair = userMessages(s.requests[1]!)[1]!;
    expect(repair).toContain(
      'Task 3 ("Alarm day"): the options "Tuesday" and "Tuesdays" are the same answer written twice',
    );
    // Every fact was asked: the language rule alone sent it back.
    expect(repair).not.toContain('not asked about');
  });

  it('language: a typed answer too long to type is sent back, and the repaired answer is used', async () => {
    const [assembly, vests, alarm, challenge] = fireTasks();
    const longTyped: ModelTask = {
      ...vests!,
      answers: [
        { value: 'Bright yellow high visibility vests with a fire warden badge', correct: true },
      ],
    };
    const tasks = fireTasks();
    const { topics, script: s } = factsScript(
      answer({ tasks: [assembly!, longTyped, alarm!, challenge!] }),
      answer({ tasks }),
    );
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);
    expect(s.requests).toHaveLength(2);
    expect(userMessages(s.requests[1]!)[1]).toContain(
      'Task 2 ("Warden vests"): teams must type this answer',
    );
  });
});

describe('AI content requests with AI_STRUCTURED_OUTPUTS=false', () => {
  let jsonMode: TestServer;
  beforeAll(async () => {
    jsonMode = await startTestServer({ env: aiEnv({ AI_STRUCTURED_OUTPUTS: 'false' }) });
  });
  afterAll(async () => {
    await jsonMode?.close();
  });

  it('asks for JSON mode (response_format json_object) and still builds the template', async () => {
    const tasks = fourTasks(91);
    const { topics, script: s } = script(answer({ tasks }));
    const me = guest();
    const id = await ask(jsonMode, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(jsonMode, me, id)).steps, tasks);

    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(s.requests[0]!.headers.authorization).toBe('Bearer test-key');
    expect(s.requests[0]!.body.model).toBe('test-model');
  });
});

describe('AI content requests from models that wrap JSON in markdown', () => {
  it('accepts JSON inside ```json fences without a repair round', async () => {
    const tasks = fourTasks(101);
    const fenced = `Here you go:\n\`\`\`json\n${JSON.stringify({ tasks })}\n\`\`\``;
    const { topics, script: s } = script(answer(fenced));
    const me = guest();
    const id = await ask(server, me, newActivity(me, topics));
    expectStepsFromTasks((await completed(server, me, id)).steps, tasks);
    expect(s.requests).toHaveLength(1);
  });
});

describe('AI content requests when the server shuts down', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ env: aiEnv({ AI_TIMEOUT_MS: '20000' }) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('puts a request whose model call was cut short back in the queue instead of failing it', async () => {
    const { topics, script: s } = script({ kind: 'delay', ms: 15_000, content: '{"tasks":[]}' });
    const me = guest();
    const id = await ask(app, me, newActivity(me, topics));
    await vi.waitFor(() => expect(s.requests, 'the model was never called').not.toHaveLength(0), {
      timeout: 10_000,
    });

    // What app.close() does first: stop the runner, aborting the running model call.
    await app.app.aiJobs.stop();

    const [row] = await app.database.db
      .select()
      .from(aiContentRequests)
      .where(eq(aiContentRequests.id, id));
    expect(row).toMatchObject({ status: 'queued', errorStatus: null, errorMessage: null });
    // The organiser still sees it waiting, not an error: the next runner takes it up.
    const status = await app.request({
      method: 'GET',
      url: `/v1/ai_content_requests/${id}`,
      headers: me.headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(json(status)).toEqual({ completedAt: null, template: null, notice: null });
  });
});
