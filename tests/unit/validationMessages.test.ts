/**
 * Validation failures in words: each zod issue kind and path shape the API meets,
 * told as a sentence that names the field as people know it. The issues come from the real
 * schemas through fastify-type-provider-zod's validator, exactly as the error handler gets them.
 */
import { describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiContentRequestBodySchema,
  identifyRequestSchema,
  publishRequestSchema,
  signUpRequestSchema,
  templateWriteSchema,
} from '../../src/domain/schemas';
import { judgeRequestSchema } from '../../src/domain/games';
import {
  camelCaseToWords,
  describeValidationFailure,
  type ValidationIssue,
} from '../../server/validationMessages';

/** Validates as Fastify does and answers the message the API would send. */
function messageFor(
  schema: z.ZodType,
  input: unknown,
  { route = '/v1/templates', context = 'body' }: { route?: string; context?: string } = {},
): string {
  const validate = validatorCompiler({
    schema,
    method: 'POST',
    url: route,
    httpPart: context,
  } as unknown as Parameters<typeof validatorCompiler>[0]) as (data: unknown) => {
    error?: ValidationIssue[];
  };
  const result = validate(input);
  if (!result.error) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return describeValidationFailure({ issues: result.error, context, route, input });
}

const step = (overrides: Record<string, unknown> = {}) => ({
  id: 's1',
  name: 'Capital of France',
  type: 'multipleChoice',
  text: 'What is the capital of France?',
  answers: [
    { id: 'a1', value: 'Paris', correct: true },
    { id: 'a2', value: 'Lyon', correct: false },
  ],
  media: null,
  points: 10,
  locked: false,
  ...overrides,
});

describe('a missing field is "missing", not a type', () => {
  it('a root field: "The activity name is missing."', () => {
    const schema = z.strictObject({ name: z.string() });
    expect(messageFor(schema, {})).toBe('The activity name is missing.');
  });

  it('a task field is placed in its task, counted from 1', () => {
    const { name: _none, ...nameless } = step();
    expect(messageFor(templateWriteSchema, { steps: [step(), nameless] })).toBe(
      'Task 2: the name is missing.',
    );
  });

  it('a plural field is "are missing"', () => {
    expect(messageFor(templateWriteSchema, { steps: [step({ answers: undefined })] })).toBe(
      'Task 1: the answers are missing.',
    );
  });

  it('without the input, zod’s "received undefined" still tells a missing field', () => {
    const issues: ValidationIssue[] = [
      {
        keyword: 'invalid_type',
        instancePath: '/steps/0/name',
        message: 'Invalid input: expected string, received undefined',
        params: { expected: 'string' },
      },
    ];
    expect(describeValidationFailure({ issues, context: 'body' })).toBe(
      'Task 1: the name is missing.',
    );
  });

  it('no body at all: "The request body is missing: send a JSON object."', () => {
    expect(messageFor(templateWriteSchema, undefined)).toBe(
      'The request body is missing: send a JSON object.',
    );
  });
});

describe('a wrong type says what the field must be', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['text', { name: 42 }, 'The activity name must be text.'],
    ['a list', { steps: 'x' }, 'The tasks must be a list.'],
    ['a number', { steps: [step({ points: '10' })] }, 'Task 1: the points must be a number.'],
    [
      'a whole number',
      { steps: [step({ points: 1.5 })] },
      'Task 1: the points must be a whole number.',
    ],
    [
      'true or false',
      { steps: [step({ locked: 'yes' })] },
      'Task 1: the locked setting must be true or false.',
    ],
    ['an object (a list item)', { steps: ['x'] }, 'Task 1 must be an object.'],
  ])('must be %s', (_kind, body, message) => {
    expect(messageFor(templateWriteSchema, body)).toBe(message);
  });

  it('null is named: "must be text, not null"', () => {
    expect(messageFor(templateWriteSchema, { name: null })).toBe(
      'The activity name must be text, not null.',
    );
  });

  it('a body that is not an object: "The request body must be a JSON object."', () => {
    expect(messageFor(templateWriteSchema, [])).toBe('The request body must be a JSON object.');
    expect(messageFor(templateWriteSchema, 'just text')).toBe(
      'The request body must be a JSON object.',
    );
  });
});

describe('sizes: too long, too short, too many', () => {
  it('text too long, in an answer of a task: "Task 3, answer 2: the text can be at most 500 characters."', () => {
    const long = step({
      answers: [
        { id: 'a1', value: 'Paris', correct: true },
        { id: 'a2', value: 'x'.repeat(501), correct: false },
      ],
    });
    expect(messageFor(templateWriteSchema, { steps: [step(), step(), long] })).toBe(
      'Task 3, answer 2: the text can be at most 500 characters.',
    );
  });

  it('text too short: "can\'t be empty" for a minimum of 1, "at least N characters" above', () => {
    const schema = z.strictObject({ name: z.string().min(1), code: z.string().min(6) });
    expect(messageFor(schema, { name: '', code: 'abc' })).toBe(
      "The activity name can't be empty. The code must be at least 6 characters.",
    );
  });

  it('text of an exact length: "must be exactly N characters"', () => {
    expect(messageFor(z.strictObject({ code: z.string().length(6) }), { code: 'abc' })).toBe(
      'The code must be exactly 6 characters.',
    );
  });

  it('too many tasks and answers are counted in their own nouns', () => {
    expect(
      messageFor(templateWriteSchema, { steps: Array.from({ length: 101 }, () => step()) }),
    ).toBe('There can be at most 100 tasks.');
    const answers = Array.from({ length: 5 }, (_, i) => ({
      id: `a${i}`,
      value: 'v',
      correct: false,
    }));
    expect(messageFor(templateWriteSchema, { steps: [step({ answers })] })).toBe(
      'Task 1: there can be at most 4 answers.',
    );
  });

  it('another list counts items: "must hold at least 2 items"', () => {
    expect(messageFor(z.strictObject({ tags: z.array(z.string()).min(2) }), { tags: ['a'] })).toBe(
      'The tags must hold at least 2 items.',
    );
  });

  it('numbers out of range: at least / at most, and more than / less than when exclusive', () => {
    expect(messageFor(templateWriteSchema, { steps: [step({ points: 0 })] })).toBe(
      'Task 1: the points must be at least 1.',
    );
    expect(messageFor(templateWriteSchema, { steps: [step({ points: 1001 })] })).toBe(
      'Task 1: the points must be at most 1000.',
    );
    const schema = z.strictObject({ stepsCount: z.number().positive().lt(10) });
    expect(messageFor(schema, { stepsCount: 0 })).toBe('The number of tasks must be more than 0.');
    expect(messageFor(schema, { stepsCount: 10 })).toBe(
      'The number of tasks must be less than 10.',
    );
  });

  it('a date out of range: "must be … or earlier"', () => {
    const schema = z.strictObject({ endsAt: z.date().max(new Date('2026-12-31T00:00:00Z')) });
    expect(messageFor(schema, { endsAt: new Date('2027-01-01T00:00:00Z') })).toBe(
      'The end time must be 2026-12-31T00:00:00.000Z or earlier.',
    );
  });

  it('a multiple: "must be a multiple of N"', () => {
    expect(messageFor(z.strictObject({ size: z.number().multipleOf(5) }), { size: 6 })).toBe(
      'The file size must be a multiple of 5.',
    );
  });
});

describe('allowed values are listed', () => {
  it('an enum: "The game type must be one of: quiz, location."', () => {
    expect(messageFor(templateWriteSchema, { gameType: 'space' })).toBe(
      'The game type must be one of: quiz, location.',
    );
  });

  it('a task type inside its task', () => {
    expect(messageFor(templateWriteSchema, { steps: [step({ type: 'dance' })] })).toBe(
      'Task 1: the task type must be one of: freeText, multipleChoice, standardChallenge, photoChallenge, videoChallenge.',
    );
  });

  it('a union of values (the durations) is one list, not "Invalid input"', () => {
    expect(messageFor(templateWriteSchema, { duration: 45 })).toBe(
      'The duration must be one of: 30, 60, 90, 120, 720, 1440.',
    );
  });

  it('a single literal: "must be true"', () => {
    expect(messageFor(z.strictObject({ pass: z.literal(true) }), { pass: false })).toBe(
      'The pass setting must be true.',
    );
  });
});

describe('unknown keys are "not a field we know", in the object that holds them', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['at the root', { name: 'x', colour: 'blue' }, '"colour" is not a field we know.'],
    ['in a task', { steps: [{ ...step(), bonus: 5 }] }, 'Task 1: "bonus" is not a field we know.'],
    [
      'in an answer',
      { steps: [step({ answers: [{ id: 'a', value: 'a', correct: true, cheat: 1 }] })] },
      'Task 1, answer 1: "cheat" is not a field we know.',
    ],
    [
      'in the branding',
      { branding: { headerColour: '#FFFFFF', font: 'Comic Sans' } },
      'Branding: "font" is not a field we know.',
    ],
    [
      'several at once',
      { name: 'x', colour: 'blue', size: 3, font: 'x' },
      '"colour", "size" and "font" are not fields we know.',
    ],
  ])('%s', (_where, body, message) => {
    expect(messageFor(templateWriteSchema, body)).toBe(message);
  });
});

describe('formats say what is expected, with an example', () => {
  it('a date and time: "The start time must be a date and time, e.g. 2026-12-01T09:00:00Z."', () => {
    expect(
      messageFor(
        publishRequestSchema,
        { startsAt: 'tomorrow' },
        { route: '/v1/templates/:id/publish' },
      ),
    ).toBe('The start time must be a date and time, e.g. 2026-12-01T09:00:00Z.');
  });

  it('a UUID (a field only programs send keeps its wire name)', () => {
    expect(
      messageFor(identifyRequestSchema, { anonId: 'abc' }, { route: '/v1/users/identify' }),
    ).toBe('The anonId must be a UUID, e.g. 123e4567-e89b-42d3-a456-426614174000.');
  });

  it('an e-mail address and a web address', () => {
    const schema = z.strictObject({ email: z.email(), url: z.url() });
    expect(messageFor(schema, { email: 'nope', url: 'nope' })).toBe(
      'The e-mail address must be an e-mail address, e.g. name@example.com. The link must be a web address, e.g. https://example.com/.',
    );
  });

  it('a pattern without a message of its own: "is not in the right form"', () => {
    expect(messageFor(z.strictObject({ code: z.string().regex(/^[A-Z]+$/) }), { code: 'a' })).toBe(
      'The code is not in the right form.',
    );
  });

  it('a record key that is not valid names the key', () => {
    expect(messageFor(templateWriteSchema, { fieldStamps: { colour: 'x' } })).toBe(
      'The field stamps have a key that is not valid: "colour".',
    );
  });
});

describe('messages the schemas chose are kept', () => {
  it('a full sentence is kept, and placed in its object: "Branding, header colour: Colours are…"', () => {
    expect(messageFor(templateWriteSchema, { branding: { headerColour: 'red' } })).toBe(
      'Branding, header colour: Colours are six-digit hex values such as #FF6800.',
    );
  });

  it('at the root it is said as it is (with a full stop)', () => {
    expect(
      messageFor(
        signUpRequestSchema,
        { email: 'x', password: 'p', name: ' ' },
        { route: '/v1/auth/sign-up' },
      ),
    ).toBe('Enter a valid e-mail address. Your name is required.');
  });

  it('one that starts in lower case continues the field’s name, which keeps "restoredFrom"', () => {
    expect(messageFor(templateWriteSchema, { restoredFrom: 'nope' })).toBe(
      'The restoredFrom id must be the id (a UUID) of the deleted activity whose edits this one keeps.',
    );
  });

  it('a refinement of the whole body is kept as it is', () => {
    expect(
      messageFor(judgeRequestSchema, {}, { route: '/v1/games/:gameId/submissions/:submissionId' }),
    ).toBe('Send rejected, points, hidden, or any of them together.');
  });

  it('a refinement without a message of its own: "is not valid"', () => {
    const schema = z.strictObject({ name: z.string().refine((name) => name !== 'x') });
    expect(messageFor(schema, { name: 'x' })).toBe('The activity name is not valid.');
  });
});

describe('unions: the option closest to what was sent is told', () => {
  const newActivity = {
    requestorId: 'r1',
    topics: 'space',
    name: 'Space quiz',
    gameType: 'quiz',
    deliveryType: 'hybrid',
    duration: 60,
    stepsCount: 5,
  };
  const route = { route: '/v1/ai_content_requests' };

  it('a field of the new-activity form, not "Invalid input"', () => {
    expect(messageFor(aiContentRequestBodySchema, { ...newActivity, topics: '' }, route)).toBe(
      'Topics are required.',
    );
  });

  it('an unknown field beside a whole form', () => {
    expect(messageFor(aiContentRequestBodySchema, { ...newActivity, extra: true }, route)).toBe(
      '"extra" is not a field we know.',
    );
  });
});

describe('query and route parameters are named as parameters', () => {
  const query = z.strictObject({
    since: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  });
  const asQuery = { context: 'querystring' };

  it('a query parameter: "The limit parameter must be at least 1."', () => {
    expect(messageFor(query, { limit: '0' }, asQuery)).toBe(
      'The limit parameter must be at least 1.',
    );
    expect(messageFor(query, { limit: 'abc' }, asQuery)).toBe(
      'The limit parameter must be a number.',
    );
  });

  it('an unknown query parameter: "is not a query parameter we know"', () => {
    expect(messageFor(query, { owner: 'everyone' }, asQuery)).toBe(
      '"owner" is not a query parameter we know.',
    );
  });

  it('a route parameter: "The id in the address can be at most 64 characters."', () => {
    const params = z.strictObject({ id: z.string().min(1).max(64) });
    expect(
      messageFor(params, { id: 'a'.repeat(65) }, { route: '/v1/templates/:id', context: 'params' }),
    ).toBe('The id in the address can be at most 64 characters.');
    const teamParams = z.object({ gameId: z.string().max(64), teamId: z.string().max(64) });
    expect(
      messageFor(teamParams, { gameId: 'g', teamId: 't'.repeat(65) }, { context: 'params' }),
    ).toBe('The team id in the address can be at most 64 characters.');
  });
});

describe('field names', () => {
  it('the same key means what its route means: the activity, your, or the team name', () => {
    const schema = z.strictObject({ name: z.string() });
    expect(messageFor(schema, { name: 1 }, { route: '/v1/templates/:id' })).toBe(
      'The activity name must be text.',
    );
    expect(messageFor(schema, { name: 1 }, { route: '/v1/auth/sign-up' })).toBe(
      'Your name must be text.',
    );
    expect(messageFor(schema, { name: 1 }, { route: '/v1/play/:code/teams' })).toBe(
      'The team name must be text.',
    );
  });

  it('a field the tables do not name falls back to its camelCase in words', () => {
    expect(camelCaseToWords('shortDescription')).toBe('short description');
    expect(camelCaseToWords('questionBackgroundColour')).toBe('question background colour');
    expect(camelCaseToWords('maxURLLength')).toBe('max url length');
    expect(messageFor(z.strictObject({ favouriteColour: z.string() }), {})).toBe(
      'The favourite colour is missing.',
    );
  });

  it('a nested object without a name of its own is a place in words', () => {
    const schema = z.strictObject({ extraSettings: z.strictObject({ maxTeams: z.number() }) });
    expect(messageFor(schema, { extraSettings: { maxTeams: 'x' } })).toBe(
      'Extra settings: the max teams must be a number.',
    );
  });

  it('an item of a list without a name for its items is "item N" of the list', () => {
    const schema = z.strictObject({ tags: z.array(z.strictObject({ label: z.string() })) });
    expect(messageFor(schema, { tags: [{ label: 'a' }, {}] })).toBe(
      'Tags, item 2: the label is missing.',
    );
  });

  it('media and logo fields are named inside their task or the branding', () => {
    expect(
      messageFor(templateWriteSchema, {
        steps: [step({ media: { filename: 'x.png', mimeType: 'image/png' } })],
      }),
    ).toBe('Task 1, media: the link is missing.');
  });
});

describe('several problems become one message', () => {
  it('problems in one place share it; at most 3 are told, and the rest are counted', () => {
    expect(messageFor(templateWriteSchema, { steps: [{ bonus: 1 }] })).toBe(
      'Task 1: the task id is missing; the name is missing; the task type must be one of: freeText, multipleChoice, standardChallenge, photoChallenge, videoChallenge. There are 5 more problems.',
    );
  });

  it('problems in different places are separate sentences; one more is "There is 1 more problem."', () => {
    expect(
      messageFor(templateWriteSchema, {
        name: 42,
        gameType: 'space',
        duration: 45,
        steps: [step({ points: 0 })],
      }),
    ).toBe(
      'The activity name must be text. The game type must be one of: quiz, location. The duration must be one of: 30, 60, 90, 120, 720, 1440. There is 1 more problem.',
    );
  });

  it('no issues at all still answers a sentence', () => {
    expect(describeValidationFailure({ issues: [] })).toBe('The request is not valid.');
  });
});
