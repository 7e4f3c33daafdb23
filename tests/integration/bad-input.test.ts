/**
 * Bad input on every route of /v1: malformed JSON, wrong types, unknown fields, broken
 * structure, oversized bodies, wrong content types, malformed headers, and other owners' ids.
 * Each is answered with the right 4xx and a readable {errorMessage}, and none of them changes
 * anything: the database (and the uploads folder) is compared before and after every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, guest, json, signUp, type Caller } from './support/clients';
import { filePart } from './support/multipart';
import { makePng } from '../unit/uploads/fixtures';
import { authSession, authUser, templates, uploads, users } from '../../server/db/schema';
import { serverMessages } from '../../server/messages';
import type { Step, Template } from '../../src/domain/schemas';

let server: TestServer;
/** A guest and a signed-in user, each with a template; a stranger; a library template. */
let owner: Caller;
let user: Caller & { email: string; password: string };
let stranger: Caller;
let ownTemplate: Template;
let userTemplate: Template;
let masterId: string;

const step = (overrides: Record<string, unknown> = {}): Step =>
  ({
    id: randomUUID(),
    name: 'Capital of France',
    type: 'multipleChoice',
    text: 'What is the capital of France?',
    answers: [
      { id: randomUUID(), value: 'Paris', correct: true },
      { id: randomUUID(), value: 'Lyon', correct: false },
    ],
    media: null,
    points: 10,
    locked: false,
    ...overrides,
  }) as Step;

beforeAll(async () => {
  server = await startTestServer();
  owner = guest();
  stranger = guest();
  user = await signUp(server);
  const create = async (caller: Caller) => {
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: caller.headers,
      payload: { name: 'Original', steps: [step()] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return json<Template>(response);
  };
  ownTemplate = await create(owner);
  userTemplate = await create(user);
  const library = json<{ id: string; comingSoon: boolean }[]>(
    await server.request({ url: '/v1/templates/library', headers: owner.headers }),
  );
  masterId = library.find((t) => !t.comingSoon)!.id;
});
afterAll(async () => {
  await server.close();
});

// ---------------------------------------------------------------------------------------------
// "Nothing changed": the rows of every table a bad request could touch, and the stored files.

function storedFiles(): string[] {
  const root = server.config.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`)
    .sort();
}

async function snapshot() {
  const db = server.database.db;
  return {
    templates: await db.select().from(templates).orderBy(asc(templates.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    uploads: await db.select().from(uploads).orderBy(asc(uploads.key)),
    authUsers: await db.select().from(authUser).orderBy(asc(authUser.id)),
    authSessions: await db.select().from(authSession).orderBy(asc(authSession.id)),
    files: storedFiles(),
  };
}

/** Sends the request; expects the status and an {errorMessage}; expects no change anywhere. */
async function expectRefusedWithoutChange(
  options: InjectOptions,
  status: number,
  message?: RegExp | string,
): Promise<LightMyRequestResponse> {
  const before = await snapshot();
  const response = await server.request(options);
  expect(response.statusCode, response.body).toBe(status);
  const errorMessage = expectErrorMessage(response);
  if (message !== undefined) {
    if (typeof message === 'string') expect(errorMessage).toBe(message);
    else expect(errorMessage).toMatch(message);
  }
  expect(await snapshot()).toEqual(before);
  return response;
}

// ---------------------------------------------------------------------------------------------
// The routes that take a body, as (label, request) pairs.

type Route = [label: string, request: () => InjectOptions];

const templateUrl = () => `/v1/templates/${ownTemplate.id}`;
const logoUrl = () => `/v1/templates/${ownTemplate.id}/branding/logo`;
const mediaUrl = () => `/v1/templates/${ownTemplate.id}/steps/${ownTemplate.steps[0]!.id}/media`;

const BODY_ROUTES: Route[] = [
  ['POST /templates', () => ({ method: 'POST', url: '/v1/templates', headers: owner.headers })],
  [
    'PATCH /templates/{id}',
    () => ({ method: 'PATCH', url: templateUrl(), headers: owner.headers }),
  ],
  [
    'DELETE /templates/{id}',
    () => ({ method: 'DELETE', url: templateUrl(), headers: owner.headers }),
  ],
  [
    'POST /templates/{id}/copy',
    () => ({ method: 'POST', url: `${templateUrl()}/copy`, headers: owner.headers }),
  ],
  [
    'POST /templates/copy_blank',
    () => ({ method: 'POST', url: '/v1/templates/copy_blank', headers: owner.headers }),
  ],
  [
    'POST /users/identify',
    () => ({ method: 'POST', url: '/v1/users/identify', headers: user.headers }),
  ],
  ['POST /auth/sign-up', () => ({ method: 'POST', url: '/v1/auth/sign-up' })],
  ['POST /auth/sign-in', () => ({ method: 'POST', url: '/v1/auth/sign-in' })],
  [
    'POST /auth/sign-out',
    () => ({ method: 'POST', url: '/v1/auth/sign-out', headers: user.headers }),
  ],
  [
    'POST /templates/{id}/branding/logo',
    () => ({ method: 'POST', url: logoUrl(), headers: owner.headers }),
  ],
  [
    'POST /templates/{id}/steps/{stepId}/media',
    () => ({ method: 'POST', url: mediaUrl(), headers: owner.headers }),
  ],
  ['POST /uploads', () => ({ method: 'POST', url: '/v1/uploads', headers: owner.headers })],
];

/** A valid body for each JSON route, so that only the one thing under test is wrong. */
const VALID_BODY: Record<string, () => Record<string, unknown>> = {
  'POST /templates': () => ({ name: 'Fine' }),
  'PATCH /templates/{id}': () => ({ name: 'Fine' }),
  'POST /users/identify': () => ({ anonId: randomUUID(), clerkId: user.userId }),
  'POST /auth/sign-up': () => ({
    email: `new-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery staple',
    name: 'New',
  }),
  'POST /auth/sign-in': () => ({ email: user.email, password: user.password }),
  'POST /uploads': () => ({
    templateId: ownTemplate.id,
    target: 'logo',
    filename: 'logo.png',
    mimeType: 'image/png',
    size: 100,
  }),
};

describe('malformed JSON', () => {
  it.each(BODY_ROUTES)(
    '%s answers 400 {errorMessage} and changes nothing',
    async (_label, route) => {
      await expectRefusedWithoutChange(
        {
          ...route(),
          headers: { ...route().headers, 'content-type': 'application/json' },
          payload: '{"name": "unterminated',
        },
        400,
        serverMessages.invalidJson,
      );
    },
  );

  it('a malformed sign-out leaves the session working', async () => {
    const response = await server.request({ url: '/v1/auth/me', headers: user.headers });
    expect(response.statusCode).toBe(200);
  });
});

/** The route's valid body, or an empty object for the routes that take none. */
const bodyFor = (label: string) => VALID_BODY[label]?.() ?? {};

describe('wrong Content-Type (text/plain)', () => {
  it.each(BODY_ROUTES)('%s answers 415 and changes nothing', async (label, route) => {
    await expectRefusedWithoutChange(
      {
        ...route(),
        headers: { ...route().headers, 'content-type': 'text/plain' },
        payload: JSON.stringify(bodyFor(label)),
      },
      415,
    );
  });
});

describe('bodies over 1 MB', () => {
  it.each(BODY_ROUTES)('%s answers 413 and changes nothing', async (label, route) => {
    await expectRefusedWithoutChange(
      { ...route(), payload: { ...bodyFor(label), padding: 'x'.repeat(1024 * 1024 + 1) } },
      413,
      serverMessages.bodyTooLarge,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Template bodies

const manyAnswers = Array.from({ length: 5 }, (_, i) => ({
  id: randomUUID(),
  value: `Answer ${i}`,
  correct: i === 0,
}));
const sameId = randomUUID();
const stepWithMedia = (url: string) =>
  step({ media: { filename: 'x.png', mimeType: 'image/png', url } });
const brandingLogo = (url: string) => ({
  branding: {
    logo: { url, filename: 'x.png', mimeType: 'image/png', brandingId: 'b', default: false },
  },
});

/** [what is wrong, body, a word the message must contain]. */
const BAD_TEMPLATE_BODIES: Array<[string, () => Record<string, unknown>, RegExp]> = [
  ['name is a number', () => ({ name: 42 }), /^The activity name must be text\.$/],
  [
    'name is too long',
    () => ({ name: 'x'.repeat(201) }),
    /^The activity name can be at most 200 characters\.$/,
  ],
  ['steps is a string', () => ({ steps: 'x' }), /^The tasks must be a list\.$/],
  [
    'points is 0',
    () => ({ steps: [step({ points: 0 })] }),
    /^Task 1: the points must be at least 1\.$/,
  ],
  [
    'points is 1001',
    () => ({ steps: [step({ points: 1001 })] }),
    /^Task 1: the points must be at most 1000\.$/,
  ],
  [
    'points is 1.5',
    () => ({ steps: [step({ points: 1.5 })] }),
    /^Task 1: the points must be a whole number\.$/,
  ],
  [
    'points is a string',
    () => ({ steps: [step({ points: '10' })] }),
    /^Task 1: the points must be a number\.$/,
  ],
  [
    'gameType is "space"',
    () => ({ gameType: 'space' }),
    /^The game type must be one of: quiz, location\.$/,
  ],
  [
    'deliveryType is "mars"',
    () => ({ deliveryType: 'mars' }),
    /^The delivery type must be one of: inPerson, hybrid, virtual\.$/,
  ],
  [
    'duration is 45',
    () => ({ duration: 45 }),
    /^The duration must be one of: 30, 60, 90, 120, 720, 1440\.$/,
  ],
  [
    'a step type is "dance"',
    () => ({ steps: [step({ type: 'dance' })] }),
    /^Task 1: the task type must be one of: freeText, multipleChoice, standardChallenge, photoChallenge, videoChallenge\.$/,
  ],
  [
    'a step lacks its answers',
    () => ({ steps: [step({ answers: undefined })] }),
    /^Task 1: the answers are missing\.$/,
  ],
  [
    'a colour is "red"',
    () => ({ branding: { headerColour: 'red' } }),
    /^Branding, header colour: Colours are six-digit hex values such as #FF6800\.$/,
  ],
  [
    'a colour has opacity (#FF000080)',
    () => ({ branding: { questionBackgroundColour: '#FF000080' } }),
    /^Branding, question background colour: Colours are six-digit hex values such as #FF6800\.$/,
  ],
  [
    'an unknown top-level field',
    () => ({ name: 'x', colour: 'blue' }),
    /^"colour" is not a field we know\.$/,
  ],
  [
    'an unknown field inside a step',
    () => ({ steps: [{ ...step(), bonus: 5 }] }),
    /^Task 1: "bonus" is not a field we know\.$/,
  ],
  [
    'an unknown field inside an answer',
    () => ({
      steps: [step({ answers: [{ id: randomUUID(), value: 'a', correct: true, cheat: 1 }] })],
    }),
    /^Task 1, answer 1: "cheat" is not a field we know\.$/,
  ],
  [
    'an unknown field inside branding',
    () => ({ branding: { headerColour: '#FFFFFF', font: 'Comic Sans' } }),
    /^Branding: "font" is not a field we know\.$/,
  ],
  [
    'more than 4 answers',
    () => ({ steps: [step({ answers: manyAnswers })] }),
    /^Task 1: there can be at most 4 answers\.$/,
  ],
  [
    'more than 100 steps',
    () => ({ steps: Array.from({ length: 101 }, () => step()) }),
    /^There can be at most 100 tasks\.$/,
  ],
  [
    'two steps with the same id',
    () => ({ steps: [step({ id: sameId }), step({ id: sameId })] }),
    /same id/,
  ],
  [
    'two answers of a step with the same id',
    () => ({
      steps: [
        step({
          answers: [
            { id: sameId, value: 'a', correct: true },
            { id: sameId, value: 'b', correct: false },
          ],
        }),
      ],
    }),
    /same id/,
  ],
  [
    'step media on another host',
    () => ({ steps: [stepWithMedia('https://evil.example/x.png')] }),
    /uploaded to Teamtrail/,
  ],
  [
    'step media as a protocol-relative link',
    () => ({ steps: [stepWithMedia('//evil.example/x.png')] }),
    /uploaded to Teamtrail/,
  ],
  [
    'step media as a javascript: URL',
    () => ({ steps: [stepWithMedia('javascript:alert(1)')] }),
    /uploaded to Teamtrail/,
  ],
  [
    'step media that climbs out of /uploads',
    () => ({ steps: [stepWithMedia('/uploads/../v1/auth/me')] }),
    /uploaded to Teamtrail/,
  ],
  [
    'a logo on another host',
    () => brandingLogo('https://evil.example/x.png'),
    /uploaded to Teamtrail/,
  ],
  ['a theme that does not exist', () => ({ selectedThemeId: 'no-such-theme' }), /theme/],
  [
    'the body is an array',
    () => [] as unknown as Record<string, unknown>,
    /^The request body must be a JSON object\.$/,
  ],
  [
    'the body is a string',
    () => 'just text' as unknown as Record<string, unknown>,
    /^The request body must be a JSON object\.$/,
  ],
];

describe.each([
  ['POST /templates', () => ({ method: 'POST' as const, url: '/v1/templates' })],
  ['PATCH /templates/{id}', () => ({ method: 'PATCH' as const, url: templateUrl() })],
])('%s with a bad body', (_label, route) => {
  it.each(BAD_TEMPLATE_BODIES)(
    'refuses %s with 400 naming the problem, and changes nothing',
    async (_what, body, message) => {
      await expectRefusedWithoutChange(
        {
          ...route(),
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body()),
        },
        400,
        message,
      );
    },
  );
});

describe('other bad template requests', () => {
  it.each<[string, () => InjectOptions, RegExp]>([
    [
      'POST /templates with a non-UUID id',
      () => ({
        method: 'POST',
        url: '/v1/templates',
        headers: owner.headers,
        payload: { id: 'mine' },
      }),
      /UUID/,
    ],
    [
      'PATCH /templates/{id} with another id in the body',
      () => ({
        method: 'PATCH',
        url: templateUrl(),
        headers: owner.headers,
        payload: { id: randomUUID() },
      }),
      /does not match/,
    ],
    [
      'POST /templates/{id}/copy with a non-UUID id',
      () => ({
        method: 'POST',
        url: `${templateUrl()}/copy`,
        headers: owner.headers,
        payload: { id: 'x' },
      }),
      /^The new activity’s id must be a UUID, e\.g\. [0-9a-f-]{36}\.$/,
    ],
    [
      'POST /templates/{id}/copy with an unknown field',
      () => ({
        method: 'POST',
        url: `${templateUrl()}/copy`,
        headers: owner.headers,
        payload: { name: 'x' },
      }),
      /^"name" is not a field we know\.$/,
    ],
    [
      'POST /templates/copy_blank with an unknown field',
      () => ({
        method: 'POST',
        url: '/v1/templates/copy_blank',
        headers: owner.headers,
        payload: { x: 1 },
      }),
      /^"x" is not a field we know\.$/,
    ],
    [
      'GET /templates/{id} with an id of 65 characters',
      () => ({ url: `/v1/templates/${'a'.repeat(65)}`, headers: owner.headers }),
      /^The id in the address can be at most 64 characters\.$/,
    ],
    [
      'GET /templates?limit=0',
      () => ({ url: '/v1/templates?limit=0', headers: owner.headers }),
      /^The limit parameter must be at least 1\.$/,
    ],
    [
      'GET /templates?limit=abc',
      () => ({ url: '/v1/templates?limit=abc', headers: owner.headers }),
      /^The limit parameter must be a number\.$/,
    ],
    [
      'GET /templates?since=yesterday',
      () => ({ url: '/v1/templates?since=yesterday', headers: owner.headers }),
      /^The since parameter must be a date and time, e\.g\. 2026-12-01T09:00:00Z\.$/,
    ],
    [
      'GET /templates?sinceId=… without since',
      () => ({ url: `/v1/templates?sinceId=${randomUUID()}`, headers: owner.headers }),
      /since/,
    ],
    [
      'GET /templates with an unknown query parameter',
      () => ({ url: '/v1/templates?owner=everyone', headers: owner.headers }),
      /^"owner" is not a query parameter we know\.$/,
    ],
  ])('%s answers 400 and changes nothing', async (_label, request, message) => {
    await expectRefusedWithoutChange(request(), 400, message);
  });
});

describe('validation messages name the field in words', () => {
  const post = (payload: unknown): InjectOptions => ({
    method: 'POST',
    url: '/v1/templates',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

  it('a task without its name: "Task 1: the name is missing." (no zod path, no zod text)', async () => {
    const { name: _none, ...nameless } = step();
    const response = await expectRefusedWithoutChange(
      post({ id: randomUUID(), name: 'Quiz', steps: [nameless] }),
      400,
      'Task 1: the name is missing.',
    );
    expect(response.body).not.toMatch(/steps\.0|Invalid input|expected/);
  });

  it('an answer too long is placed in its task and answer, counted from 1', async () => {
    const long = step({
      answers: [
        { id: randomUUID(), value: 'Paris', correct: true },
        { id: randomUUID(), value: 'x'.repeat(501), correct: false },
      ],
    });
    await expectRefusedWithoutChange(
      post({ name: 'Quiz', steps: [step(), step(), long] }),
      400,
      'Task 3, answer 2: the text can be at most 500 characters.',
    );
  });

  it('several problems: the first three in one message, problems of one task together, the rest counted', async () => {
    await expectRefusedWithoutChange(
      {
        ...post({ name: 42, steps: [step({ points: 0, locked: 'no', type: 'dance' })], x: 1 }),
        method: 'PATCH',
        url: templateUrl(),
      },
      400,
      'The activity name must be text. Task 1: the task type must be one of: freeText, multipleChoice, standardChallenge, photoChallenge, videoChallenge; the points must be at least 1. There are 2 more problems.',
    );
  });

  it('a schedule with a start that is not a date and time names the start time, with an example', async () => {
    await expectRefusedWithoutChange(
      {
        method: 'POST',
        url: `${templateUrl()}/publish`,
        headers: owner.headers,
        payload: { startsAt: 'tomorrow at nine' },
      },
      400,
      'The start time must be a date and time, e.g. 2026-12-01T09:00:00Z.',
    );
  });

  it('POST with no body at all asks for a JSON object', async () => {
    await expectRefusedWithoutChange(
      { method: 'POST', url: '/v1/templates', headers: owner.headers },
      400,
      'The request body is missing: send a JSON object.',
    );
  });
});

describe('input that used to be answered 500', () => {
  it('GET /templates?since=… without sinceId answers the changes from that moment on', async () => {
    const since = new Date(Date.parse(ownTemplate.updatedAt) - 1).toISOString();
    const response = await server.request({
      url: `/v1/templates?since=${encodeURIComponent(since)}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = json<{ templates: { id: string }[] }>(response).templates.map((t) => t.id);
    expect(ids).toContain(ownTemplate.id);
  });

  it('a name holding the NUL character answers 400 in words and writes nothing', async () => {
    await expectRefusedWithoutChange(
      {
        method: 'POST',
        url: '/v1/templates',
        headers: owner.headers,
        payload: { id: randomUUID(), name: 'Quiz\u0000night' },
      },
      400,
      /NUL character/,
    );
    await expectRefusedWithoutChange(
      {
        method: 'PATCH',
        url: templateUrl(),
        headers: owner.headers,
        payload: { description: 'a\u0000b' },
      },
      400,
      /NUL character/,
    );
  });

  it('a NUL in a query string answers 400, and the letters \\u0000 in a name are just text', async () => {
    await expectRefusedWithoutChange(
      {
        url: `/v1/templates?since=${encodeURIComponent(new Date().toISOString())}&sinceId=a%00b`,
        headers: owner.headers,
      },
      400,
      /NUL character/,
    );
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: owner.headers,
      payload: { id: randomUUID(), name: 'C:\\u0000 drive' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Template>(response).name).toBe('C:\\u0000 drive');
  });

  it('a task sent without media is a task without media (SPEC: most tasks have none)', async () => {
    const { media: _none, ...withoutMedia } = step();
    const response = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: owner.headers,
      payload: { id: randomUUID(), name: 'No pictures', steps: [withoutMedia] },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Template>(response).steps[0]!.media).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Users and accounts

describe('bad user and account bodies', () => {
  const signUpWith = (fields: Record<string, unknown>) => () => ({
    ...VALID_BODY['POST /auth/sign-up']!(),
    ...fields,
  });
  const identifyWith = (fields: Record<string, unknown>) => () => ({
    anonId: owner.anonId,
    clerkId: user.userId,
    ...fields,
  });
  /** Identify is called signed in; sign-up and sign-in without a token. */
  const headersFor = (route: string) => (route === 'identify' ? user.headers : {});

  it.each<[string, 'identify' | 'sign-up' | 'sign-in', () => Record<string, unknown>, RegExp]>([
    ['anonId is a number', 'identify', identifyWith({ anonId: 42 }), /^The anonId must be text\.$/],
    [
      'anonId is not a UUID',
      'identify',
      identifyWith({ anonId: 'abc' }),
      /^The anonId must be a UUID, e\.g\. [0-9a-f-]{36}\.$/,
    ],
    ['clerkId is missing', 'identify', () => ({ anonId: owner.anonId }), /clerkId/],
    [
      'clerkId is a number',
      'identify',
      identifyWith({ clerkId: 7 }),
      /^The clerkId must be text\.$/,
    ],
    [
      'an unknown field',
      'identify',
      identifyWith({ force: true }),
      /^"force" is not a field we know\.$/,
    ],
    ['email is a number', 'sign-up', signUpWith({ email: 42 }), /^Enter a valid e-mail address\.$/],
    [
      'password is a number',
      'sign-up',
      signUpWith({ password: 12345678 }),
      /^The password must be text\.$/,
    ],
    ['name is a number', 'sign-up', signUpWith({ name: 42 }), /^Your name must be text\.$/],
    [
      'an unknown field',
      'sign-up',
      signUpWith({ plan: 'PRO' }),
      /^"plan" is not a field we know\.$/,
    ],
    [
      'an e-mail address of 262 characters',
      'sign-up',
      signUpWith({ email: `${'a'.repeat(250)}@example.com` }),
      /^Enter a valid e-mail address\.$/,
    ],
    [
      'a password of 132 characters',
      'sign-up',
      signUpWith({ password: 'Ab1-'.repeat(33) }),
      /^The password can be at most 128 characters\.$/,
    ],
    [
      'password is missing',
      'sign-in',
      () => ({ email: user.email }),
      /^The password is missing\.$/,
    ],
    [
      'an unknown field',
      'sign-in',
      () => ({ email: user.email, password: user.password, remember: true }),
      /^"remember" is not a field we know\.$/,
    ],
  ])('%s (%s) answers 400 and changes nothing', async (_label, route, body, message) => {
    const url = route === 'identify' ? '/v1/users/identify' : `/v1/auth/${route}`;
    await expectRefusedWithoutChange(
      { method: 'POST', url, headers: headersFor(route), payload: body() },
      400,
      message,
    );
  });

  it('GET /users/{id} with an id of 65 characters answers 400', async () => {
    await expectRefusedWithoutChange(
      { url: `/v1/users/${'u'.repeat(65)}`, headers: user.headers },
      400,
      /^The id in the address can be at most 64 characters\.$/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Headers

describe('malformed AnonId header', () => {
  const ROUTES: Array<[string, () => InjectOptions]> = [
    ['GET /templates', () => ({ url: '/v1/templates' })],
    ['GET /templates/library', () => ({ url: '/v1/templates/library' })],
    ['GET /templates/{id}', () => ({ url: templateUrl() })],
    ['GET /templates/{id}/themes', () => ({ url: `${templateUrl()}/themes` })],
    ['POST /templates', () => ({ method: 'POST', url: '/v1/templates', payload: { name: 'x' } })],
    [
      'PATCH /templates/{id}',
      () => ({ method: 'PATCH', url: templateUrl(), payload: { name: 'x' } }),
    ],
    ['DELETE /templates/{id}', () => ({ method: 'DELETE', url: templateUrl() })],
    ['POST /templates/{id}/copy', () => ({ method: 'POST', url: `${templateUrl()}/copy` })],
    ['POST /templates/copy_blank', () => ({ method: 'POST', url: '/v1/templates/copy_blank' })],
    [
      'POST /users/identify',
      () => ({
        method: 'POST',
        url: '/v1/users/identify',
        payload: { anonId: randomUUID(), clerkId: 'x' },
      }),
    ],
    ['GET /users/me', () => ({ url: '/v1/users/me' })],
    ['GET /auth/me', () => ({ url: '/v1/auth/me' })],
    ['GET /events', () => ({ url: '/v1/events' })],
  ];

  it.each(
    ROUTES.flatMap(([label, request]) =>
      ['not-a-uuid', "' OR 1=1 --", `${randomUUID()}x`].map(
        (anonId) => [label, anonId, request] as [string, string, () => InjectOptions],
      ),
    ),
  )('%s with AnonId %j answers 400 and changes nothing', async (_label, anonId, request) => {
    const options = request();
    await expectRefusedWithoutChange(
      { ...options, headers: { ...options.headers, anonid: anonId } },
      400,
      serverMessages.malformedAnonId,
    );
  });

  it.each([
    ['logo', logoUrl, 'logo'],
    ['media', mediaUrl, 'media'],
  ])(
    'an upload (%s) with a malformed AnonId answers 400 and stores nothing',
    async (_l, url, field) => {
      const form = filePart(field, 'a.png', 'image/png', await makePng(10, 10));
      await expectRefusedWithoutChange(
        {
          method: 'POST',
          url: url(),
          headers: { ...form.headers, anonid: 'nope' },
          payload: form.payload,
        },
        400,
        serverMessages.malformedAnonId,
      );
    },
  );
});

describe('malformed If-Match header', () => {
  it.each(['abc', '"x"', '7', '"1", "2"', 'W/1', '"-1"'])(
    'PATCH with If-Match %j answers 400 and changes nothing',
    async (ifMatch) => {
      await expectRefusedWithoutChange(
        {
          method: 'PATCH',
          url: templateUrl(),
          headers: { ...owner.headers, 'if-match': ifMatch },
          payload: { name: 'Changed' },
        },
        400,
        /If-Match/,
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Other owners' ids

describe("another owner's ids answer 404 on every template route", () => {
  const ROUTES: Array<[string, (id: string) => InjectOptions]> = [
    ['GET /templates/{id}', (id) => ({ url: `/v1/templates/${id}` })],
    [
      'PATCH /templates/{id}',
      (id) => ({ method: 'PATCH', url: `/v1/templates/${id}`, payload: { name: 'Mine now' } }),
    ],
    ['DELETE /templates/{id}', (id) => ({ method: 'DELETE', url: `/v1/templates/${id}` })],
    ['POST /templates/{id}/copy', (id) => ({ method: 'POST', url: `/v1/templates/${id}/copy` })],
    ['GET /templates/{id}/themes', (id) => ({ url: `/v1/templates/${id}/themes` })],
  ];
  const CALLERS: Array<[string, () => Caller, () => Template]> = [
    ["a stranger guest, a guest's template", () => stranger, () => ownTemplate],
    ["a signed-in user, a guest's template", () => user, () => ownTemplate],
    ["a guest, a user's template", () => stranger, () => userTemplate],
    [
      "the guest whose AnonId the user's browser also sends, a user's template",
      () => owner,
      () => userTemplate,
    ],
  ];

  it.each(
    ROUTES.flatMap(([label, request]) =>
      CALLERS.map(([who, caller, template]) => [label, who, request, caller, template] as const),
    ),
  )(
    '%s by %s: 404, the same answer as an id that does not exist, and nothing changes',
    async (_label, _who, request, caller, template) => {
      const theirs = await expectRefusedWithoutChange(
        { ...request(template().id), headers: caller().headers },
        404,
      );
      const missing = await server.request({ ...request(randomUUID()), headers: caller().headers });
      expect(missing.statusCode).toBe(404);
      expect(json(theirs)).toEqual(json(missing));
    },
  );

  it.each([
    ['logo', (id: string) => `/v1/templates/${id}/branding/logo`, 'logo'],
    ['media', (id: string) => `/v1/templates/${id}/steps/${randomUUID()}/media`, 'media'],
  ])(
    "an upload (%s) to another owner's template answers 404 and stores nothing",
    async (_l, url, field) => {
      const form = filePart(field, 'a.png', 'image/png', await makePng(10, 10));
      await expectRefusedWithoutChange(
        {
          method: 'POST',
          url: url(ownTemplate.id),
          headers: { ...stranger.headers, ...form.headers },
          payload: form.payload,
        },
        404,
      );
    },
  );

  it('the owner still reads the unchanged template afterwards', async () => {
    const response = await server.request({ url: templateUrl(), headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(json<Template>(response)).toMatchObject({ name: 'Original', revision: 1 });
  });
});

describe('library templates are read-only on every write route', () => {
  it.each<[string, (id: string) => InjectOptions]>([
    [
      'PATCH /templates/{id}',
      (id) => ({ method: 'PATCH', url: `/v1/templates/${id}`, payload: { name: 'Defaced' } }),
    ],
    ['DELETE /templates/{id}', (id) => ({ method: 'DELETE', url: `/v1/templates/${id}` })],
  ])('%s answers 403 and changes nothing', async (_label, request) => {
    await expectRefusedWithoutChange(
      { ...request(masterId), headers: owner.headers },
      403,
      /Library templates/,
    );
  });

  it('POST /templates with the id of a library template answers 409 and changes nothing', async () => {
    await expectRefusedWithoutChange(
      {
        method: 'POST',
        url: '/v1/templates',
        headers: owner.headers,
        payload: { id: masterId, name: 'Mine' },
      },
      409,
    );
  });
});
