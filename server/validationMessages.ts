/**
 * A request that fails its zod schema, told in words. The builder shows errorMessage
 * as it is and other tools pass it on, so "steps.0.name: Invalid input: expected string,
 * received undefined" reached organisers. This turns each zod issue into a sentence that names
 * the field as people know it ("Task 1: the name is missing.") and says what would be right.
 *
 * One job: issues in, one message out. The error handler (server/plugins/errors.ts) keeps the
 * status and the `{errorMessage}` shape; this file only decides the words.
 */

/**
 * One issue as fastify-type-provider-zod hands it over: the zod issue's code is `keyword`, its
 * path is `instancePath` (/steps/0/name), and its other fields (values, maximum, keys, and a
 * union's `errors`) are in `params`.
 */
export interface ValidationIssue {
  message: string;
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

export interface ValidationFailure {
  issues: readonly ValidationIssue[];
  /** What failed: 'body', 'querystring', 'params' or 'headers' (Fastify's validationContext). */
  context?: string;
  /** The route as registered (/v1/templates/:id): some root fields mean different things per route. */
  route?: string;
  /**
   * What was validated (request.body, request.query…). JSON cannot carry `undefined`, so a
   * field whose value is undefined here was not sent: "is missing" rather than "must be text".
   * Without it, zod's own "received undefined" is read instead.
   */
  input?: unknown;
}

/** At most this many problems are spelt out; the rest are counted (one message must stay short). */
export const MAX_PROBLEMS_SHOWN = 3;

// ---------------------------------------------------------------------------------------------
// Field names

/** A field's name in words, with its article; plural names take "are" ("the answers are…"). */
interface FieldName {
  words: string;
  plural?: boolean;
}
const one = (words: string): FieldName => ({ words });
const many = (words: string): FieldName => ({ words, plural: true });
type FieldNames = Readonly<Record<string, FieldName>>;

// Names of the API's fields (src/domain/schemas.ts, src/domain/games.ts, server/routes/*.ts), by
// the object they belong to. Fields only programs send (anonId, clerkId, requestorId, clientId,
// restoredFrom) keep their wire name: nobody knows them by another, and the sync client looks
// for "restoredFrom" in the message to send a create again without it (sync/templateSync.ts).

/** A task (Step). */
const STEP_FIELDS: FieldNames = {
  id: one('the task id'),
  name: one('the name'),
  type: one('the task type'),
  text: one('the text'),
  answers: many('the answers'),
  media: one('the media'),
  points: many('the points'),
  locked: one('the locked setting'),
};

/** An answer of a multiple-choice task. */
const ANSWER_FIELDS: FieldNames = {
  id: one('the answer id'),
  value: one('the text'),
  correct: one('the correct setting'),
};

/** An uploaded file as a task's media or the branding's logo (Asset, Logo). */
const FILE_FIELDS: FieldNames = {
  url: one('the link'),
  filename: one('the file name'),
  mimeType: one('the file type'),
  brandingId: one('the branding id'),
  default: one('the default setting'),
};

const BRANDING_FIELDS: FieldNames = {
  id: one('the branding id'),
  logo: one('the logo'),
  headerColour: one('the header colour'),
  questionBackgroundColour: one('the question background colour'),
  selfieBackgroundColour: one('the selfie background colour'),
};

/** Any other object, the root of a body included, when its route names nothing else. */
const COMMON_FIELDS: FieldNames = {
  id: one('the id'),
  name: one('the name'),
  description: one('the description'),
  shortDescription: one('the short description'),
  gameType: one('the game type'),
  deliveryType: one('the delivery type'),
  duration: one('the duration'),
  steps: many('the tasks'),
  selectedThemeId: one('the theme'),
  branding: one('the branding'),
  fieldStamps: many('the field stamps'),
  restoredFrom: one('the restoredFrom id'),
  email: one('the e-mail address'),
  password: one('the password'),
  topics: many('the topics'),
  requestorId: one('the requestorId'),
  templateId: one('the activity id'),
  stepsCount: one('the number of tasks'),
  anonId: one('the anonId'),
  clerkId: one('the clerkId'),
  startsAt: one('the start time'),
  endsAt: one('the end time'),
  text: one('the text'),
  points: many('the points'),
  reason: one('the reason'),
  rejected: one('the rejected setting'),
  hidden: one('the hidden setting'),
  rejoinCode: one('the rejoin code'),
  stepId: one('the task id'),
  clientId: one('the clientId'),
  answerId: one('the chosen answer'),
  pass: one('the pass setting'),
  done: one('the done setting'),
  answeredAt: one('the answer time'),
  target: one('the upload target'),
  filename: one('the file name'),
  mimeType: one('the file type'),
  size: one('the file size'),
  url: one('the link'),
};

/** Root fields whose meaning depends on the route, by the route as registered. */
const ROUTE_FIELDS: ReadonlyArray<[RegExp, FieldNames]> = [
  [/^\/v1\/templates(\/:id)?$/, { id: one('the activity id'), name: one('the activity name') }],
  [/^\/v1\/templates\/(:id\/copy|copy_blank)$/, { id: one('the new activity’s id') }],
  [/^\/v1\/ai_content_requests$/, { name: one('the activity name') }],
  [/^\/v1\/auth\/sign-up$/, { name: one('your name') }],
  [/^\/v1\/play\/:code\/teams$/, { name: one('the team name') }],
  [/^\/v1\/games\/:gameId\/teams\/:teamId$/, { name: one('the team name') }],
  [/^\/v1\/games\/:gameId\/announcements$/, { text: one('the announcement') }],
  [/^\/v1\/play\/:code\/answers$/, { text: one('the answer text') }],
];

/** Route parameters, as "the … in the address" (people see them in the URL, not as fields). */
const PARAM_WORDS: Readonly<Record<string, string>> = {
  id: 'id',
  gameId: 'game id',
  teamId: 'team id',
  templateId: 'activity id',
  stepId: 'task id',
  submissionId: 'submission id',
  uploadId: 'upload id',
  code: 'game code',
  file: 'file name',
};

/** Objects that hold named fields: the place words and the names of their fields. */
const OBJECTS: Readonly<Record<string, { place: string; fields: FieldNames }>> = {
  branding: { place: 'Branding', fields: BRANDING_FIELDS },
  logo: { place: 'logo', fields: FILE_FIELDS },
  media: { place: 'media', fields: FILE_FIELDS },
};

/** Lists whose items people count: "Task 3", "answer 2" (1-based), and their nouns. */
const LISTS: Readonly<
  Record<string, { item: string; fields: FieldNames; singular: string; plural: string }>
> = {
  steps: { item: 'Task', fields: STEP_FIELDS, singular: 'task', plural: 'tasks' },
  answers: { item: 'answer', fields: ANSWER_FIELDS, singular: 'answer', plural: 'answers' },
  options: { item: 'answer', fields: ANSWER_FIELDS, singular: 'answer', plural: 'answers' },
};

/** "shortDescription" → "short description", for fields the tables above do not name. */
export function camelCaseToWords(name: string): string {
  return name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Where an issue is

/** An issue with its path as a list (zod's own issues inside a union come that way). */
interface Issue {
  code: string;
  path: string[];
  message: string;
  params: Record<string, unknown>;
}

/** Where the issue is, in words: the places around it and the field itself. */
interface Place {
  /** "Task 1", "answer 2", "Branding", outermost first. */
  around: string[];
  /** The field named by the last step of the path; null when the path ends at a list item. */
  field: FieldName | null;
  /** The last step of the path as sent (the key of the field, or of the list). */
  key: string | undefined;
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

function pathOf(instancePath: string | undefined): string[] {
  if (!instancePath || instancePath === '/') return [];
  return instancePath.replace(/^\//, '').split('/');
}

function rootFields(route: string | undefined): FieldNames {
  const special = route ? ROUTE_FIELDS.find(([pattern]) => pattern.test(route))?.[1] : undefined;
  return special ? { ...COMMON_FIELDS, ...special } : COMMON_FIELDS;
}

/** The name of a field at the root of what failed: body fields, query or route parameters. */
function rootFieldName(key: string, context: string | undefined, route?: string): FieldName {
  if (context === 'querystring') return one(`the ${key} parameter`);
  if (context === 'params')
    return one(`the ${PARAM_WORDS[key] ?? camelCaseToWords(key)} in the address`);
  if (context === 'headers') return one(`the ${key} header`);
  return rootFields(route)[key] ?? one(`the ${camelCaseToWords(key)}`);
}

/** Walks the path: list items become "Task N"/"answer N", known objects their place words. */
function placeOf(path: string[], context: string | undefined, route?: string): Place {
  const around: string[] = [];
  let fields: FieldNames | null = null; // null: the root, named by rootFieldName
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i]!;
    const last = i === path.length - 1;
    if (isIndex(segment) && i > 0) {
      const list = LISTS[path[i - 1]!];
      // A list without a name of its own for its items: "Tags, item 2".
      if (!list) around.push(camelCaseToWords(path[i - 1]!));
      around.push(`${list?.item ?? 'item'} ${Number(segment) + 1}`);
      fields = list?.fields ?? COMMON_FIELDS;
      if (last) return { around, field: null, key: segment };
      continue;
    }
    if (last) {
      const field = fields
        ? (fields[segment] ?? COMMON_FIELDS[segment] ?? one(`the ${camelCaseToWords(segment)}`))
        : rootFieldName(segment, context, route);
      return { around, field, key: segment };
    }
    // A list's own name is said by its items ("Task 1"), not as a place of its own.
    if (isIndex(path[i + 1]!)) continue;
    const known = OBJECTS[segment];
    around.push(known?.place ?? camelCaseToWords(segment));
    fields = known?.fields ?? COMMON_FIELDS;
  }
  return { around, field: null, key: undefined };
}

/** What the path names when it names no field: the list item, or the whole body/query/address. */
function subjectOf(
  place: Place,
  context: string | undefined,
): { where: string; subject: FieldName } {
  const around = [...place.around];
  const subject = place.field ?? one(around.pop() ?? wholeOf(context));
  return { where: placed(around), subject };
}

function wholeOf(context: string | undefined): string {
  if (context === 'querystring') return 'the query string';
  if (context === 'params') return 'the address';
  if (context === 'headers') return 'the headers';
  return 'the request body';
}

const isBody = (context: string | undefined) => context === undefined || context === 'body';
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const withoutArticle = (words: string) => words.replace(/^the /, '');
const be = (name: FieldName) => (name.plural ? 'are' : 'is');

function valueAt(input: unknown, path: string[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// What is wrong

/** zod's own English texts (its en locale): anything else is a message the schema chose. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid\b|Too (big|small)\b|Unrecognized keys?\b)/;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  date: 'a date',
  null: 'null',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  uuid: 'a UUID, e.g. 123e4567-e89b-42d3-a456-426614174000',
  guid: 'a UUID, e.g. 123e4567-e89b-42d3-a456-426614174000',
  datetime: 'a date and time, e.g. 2026-12-01T09:00:00Z',
  date: 'a date, e.g. 2026-12-01',
  time: 'a time, e.g. 09:00:00',
  email: 'an e-mail address, e.g. name@example.com',
  url: 'a web address, e.g. https://example.com/',
};

/** A value as the message shows it: text as it is, anything else as JSON (true, 30, null). */
const shown = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : JSON.stringify(value);

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const count = (n: number, singular: string, plural = `${singular}s`) =>
  `${n} ${n === 1 ? singular : plural}`;

/** The bound zod reports, as an inclusive one ("< 5" is "at most 4" for whole things). */
function bound(params: Record<string, unknown>, key: 'maximum' | 'minimum'): number {
  const value = Number(params[key]);
  if (params.inclusive !== false) return value;
  return key === 'maximum' ? value - 1 : value + 1;
}

/** "must be …", "is missing", "can be at most …": what follows the field's name. */
function predicate(issue: Issue, subject: FieldName, value: unknown, missing: boolean): string {
  const { params } = issue;
  switch (issue.code) {
    case 'invalid_type': {
      if (missing) return `${be(subject)} missing`;
      const expected = TYPE_WORDS[String(params.expected)] ?? `a ${String(params.expected)}`;
      return value === null ? `must be ${expected}, not null` : `must be ${expected}`;
    }
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values.map(shown) : [];
      return values.length === 1 ? `must be ${values[0]}` : `must be one of: ${values.join(', ')}`;
    }
    case 'invalid_format': {
      const format = String(params.format);
      if (FORMAT_WORDS[format]) return `must be ${FORMAT_WORDS[format]}`;
      if (format === 'starts_with') return `must start with "${String(params.prefix)}"`;
      if (format === 'ends_with') return `must end with "${String(params.suffix)}"`;
      if (format === 'includes') return `must contain "${String(params.includes)}"`;
      return `${be(subject)} not in the right form`;
    }
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const limit = params.exact
        ? Number(params[big ? 'maximum' : 'minimum'])
        : bound(params, big ? 'maximum' : 'minimum');
      const origin = String(params.origin);
      if (origin === 'string') {
        const characters = count(limit, 'character');
        if (params.exact) return `must be exactly ${characters}`;
        if (!big && limit <= 1) return `can't be empty`;
        return big ? `can be at most ${characters}` : `must be at least ${characters}`;
      }
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        const exclusive = params.inclusive === false;
        const raw = Number(params[big ? 'maximum' : 'minimum']);
        if (big) return exclusive ? `must be less than ${raw}` : `must be at most ${raw}`;
        return exclusive ? `must be more than ${raw}` : `must be at least ${raw}`;
      }
      if (origin === 'date') {
        const raw = new Date(Number(params[big ? 'maximum' : 'minimum'])).toISOString();
        return big ? `must be ${raw} or earlier` : `must be ${raw} or later`;
      }
      const things = count(limit, 'item');
      if (params.exact) return `must hold exactly ${things}`;
      return big ? `can hold at most ${things}` : `must hold at least ${things}`;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(params.divisor)}`;
    default:
      return `${be(subject)} not valid`;
  }
}

/** A list that is too long or too short, with its own noun: "there can be at most 4 answers". */
function listSize(issue: Issue, place: Place): string | null {
  const list = place.key ? LISTS[place.key] : undefined;
  const origin = issue.params.origin;
  if (!list || (origin !== 'array' && origin !== 'set')) return null;
  const big = issue.code === 'too_big';
  const limit = bound(issue.params, big ? 'maximum' : 'minimum');
  const things = count(limit, list.singular, list.plural);
  if (issue.params.exact) return `there must be exactly ${things}`;
  return big ? `there can be at most ${things}` : `there must be at least ${things}`;
}

/** One problem: where it is ("Task 1, answer 2: ", or nothing at the root) and what it is. */
interface Problem {
  where: string;
  what: string;
}

const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const sentence = (where: string, what: string): Problem => ({
  where,
  what: withStop(where ? what.trim() : capitalise(what.trim())),
});
const placed = (around: string[]) => (around.length ? `${capitalise(around.join(', '))}: ` : '');

/** One issue as one problem. */
function describeIssue(issue: Issue, failure: ValidationFailure): Problem {
  const place = placeOf(issue.path, failure.context, failure.route);
  const { where, subject } = subjectOf(place, failure.context);
  const value = valueAt(failure.input, issue.path);
  const missing =
    'input' in failure ? value === undefined : /received undefined$/.test(issue.message);
  // The object the path names, as a place: unknown keys sit in it, and a message the schema
  // chose is about it ("Branding, header colour: Colours are…").
  const inside = placed([
    ...place.around,
    ...(place.field ? [withoutArticle(place.field.words)] : []),
  ]);

  if (issue.code === 'unrecognized_keys') {
    const keys = (Array.isArray(issue.params.keys) ? issue.params.keys : []).map(
      (key) => `"${String(key)}"`,
    );
    const kind = failure.context === 'querystring' ? 'query parameter' : 'field';
    const verdict = keys.length === 1 ? `is not a ${kind} we know` : `are not ${kind}s we know`;
    return sentence(inside, `${listInWords(keys)} ${verdict}`);
  }

  if (issue.code === 'invalid_key') {
    const key = issue.path[issue.path.length - 1] ?? '';
    const parent = subjectOf(
      placeOf(issue.path.slice(0, -1), failure.context, failure.route),
      failure.context,
    );
    const has = parent.subject.plural ? 'have' : 'has';
    return sentence(
      parent.where,
      `${parent.subject.words} ${has} a key that is not valid: "${key}"`,
    );
  }

  // A message the schema chose is already in words (refinements, "Topics are required"): it is
  // kept, placed in its task or answer. One that starts in lower case continues the field's
  // name ("…must be the id (a UUID) of the deleted activity…").
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) {
    if (/^[a-z]/.test(issue.message)) return sentence(where, `${subject.words} ${issue.message}`);
    return sentence(place.around.length ? inside : '', issue.message);
  }

  // The whole body: it can only be an object (none of the API's bodies is a list or a value).
  if (issue.code === 'invalid_type' && issue.path.length === 0 && isBody(failure.context)) {
    return sentence(
      '',
      missing
        ? 'the request body is missing: send a JSON object'
        : 'the request body must be a JSON object',
    );
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const size = listSize(issue, place);
    if (size) return sentence(where, size);
  }
  return sentence(where, `${subject.words} ${predicate(issue, subject, value, missing)}`);
}

// ---------------------------------------------------------------------------------------------
// Unions

/** zod's issues inside a union come with a path relative to the union's. */
function fromZod(raw: unknown, base: string[]): Issue {
  const { code, path, message, ...params } = raw as {
    code?: unknown;
    path?: unknown;
    message?: unknown;
  } & Record<string, unknown>;
  return {
    code: String(code),
    path: [...base, ...(Array.isArray(path) ? path.map(String) : [])],
    message: String(message ?? ''),
    params,
  };
}

/** How far a union's option is from what was sent: each unknown key counts as one problem. */
const distance = (issues: Issue[]) =>
  issues.reduce(
    (sum, issue) =>
      sum +
      (issue.code === 'unrecognized_keys' && Array.isArray(issue.params.keys)
        ? issue.params.keys.length
        : 1),
    0,
  );

/**
 * A union that matched none of its options. Options that are each one value (the durations,
 * 30 | 60 | …) become one "must be one of"; otherwise the option closest to what was sent is the
 * one the sender meant, and its issues are told (zod's own "Invalid input" says nothing).
 */
function resolveUnions(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || !Array.isArray(issue.params.errors)) return [issue];
  const options = (issue.params.errors as unknown[]).map((list) =>
    (Array.isArray(list) ? list : []).map((raw) => fromZod(raw, issue.path)),
  );
  if (options.length === 0) return [issue];
  const sameField = (other: Issue) => other.path.join('/') === issue.path.join('/');
  if (options.every((o) => o.length === 1 && o[0]!.code === 'invalid_value' && sameField(o[0]!))) {
    const values = options.flatMap((o) => (o[0]!.params.values as unknown[] | undefined) ?? []);
    return [
      { code: 'invalid_value', path: issue.path, message: 'Invalid input', params: { values } },
    ];
  }
  const closest = options.reduce((best, option) =>
    distance(option) < distance(best) ? option : best,
  );
  return closest.flatMap(resolveUnions);
}

// ---------------------------------------------------------------------------------------------

/**
 * The failure as one message: the first few problems, each in words, and how many more. Problems
 * in the same place follow one another under it ("Task 1: the name is missing; the points must
 * be at least 1.") rather than repeating it.
 */
export function describeValidationFailure(failure: ValidationFailure): string {
  const issues = failure.issues
    .map((issue) => ({
      code: issue.keyword ?? 'custom',
      path: pathOf(issue.instancePath),
      message: issue.message ?? '',
      params: issue.params ?? {},
    }))
    .flatMap(resolveUnions);
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const problem of issues.map((issue) => describeIssue(issue, failure))) {
    const key = problem.where + problem.what;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  if (problems.length === 0) return 'The request is not valid.';

  const told = problems.slice(0, MAX_PROBLEMS_SHOWN);
  const sentences: string[] = [];
  told.forEach((problem, i) => {
    const previous = told[i - 1];
    if (previous && problem.where && problem.where === previous.where) {
      // Same place: continue its sentence.
      sentences[sentences.length - 1] =
        `${sentences[sentences.length - 1]!.replace(/\.$/, '')}; ${problem.what}`;
    } else {
      sentences.push(`${problem.where}${problem.what}`);
    }
  });
  const more = problems.length - told.length;
  if (more === 1) sentences.push('There is 1 more problem.');
  if (more > 1) sentences.push(`There are ${more} more problems.`);
  return sentences.join(' ');
}
