/**
 * Wrong answers of the same kind as the right one, for questions made from the organiser's text:
 * other weekdays and times, nearby numbers and percentages in the same format, other colours,
 * other people and places, the same location with another gate or building. A wrong answer is
 * never also true: never a value the text gives for the same thing (the caller passes those as
 * `forbidden`) and never the right answer in another spelling ("Tuesdays", "10:00am", "navy
 * blue" for "navy").
 */
import type { AnswerKind, AnswerSpan } from './answerSpans';
import { COLOURS, MONTHS, WEEKDAYS, numberValue } from './answerSpans';
import {
  ALLERGENS,
  CITY_GROUPS,
  COMMON_VALUES,
  COUNTRIES,
  FIRST_NAMES,
  LAST_NAMES,
  PLACE_NAME_WORDS,
  WEARABLES,
  WORKPLACE_LOCATIONS,
} from './factPools';
import type { Random } from './random';
import { capitalise } from './words';

export type Three = [string, string, string];

const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

const NUMBER_WORD_RE = new RegExp(`\\b(?:${NUMBER_WORDS.join('|')})\\b`, 'g');

/** Minutes after midnight of a time as organisers write it, or null. */
export function timeMinutes(value: string): number | null {
  const v = value.trim().toLowerCase();
  if (v === 'noon' || v === 'midday') return 12 * 60;
  if (v === 'midnight') return 0;
  const m = /^(\d{1,2})(?:[:.](\d\d))?\s?(am|pm)?$/.exec(v);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (m[3] === 'pm' && h < 12) h += 12;
  if (m[3] === 'am' && h === 12) h = 0;
  return h * 60 + min;
}

/** The form two answers share when they say the same thing: "Tuesdays" = "tuesday", "10:00am" = "10am". */
export function canonical(kind: AnswerKind, value: string): string {
  let v = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’'"“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:the|a|an|our|every|each|within|on|at|in)\s+/, '');
  if (kind === 'time') {
    const minutes = timeMinutes(v);
    if (minutes !== null) return `t${minutes}`;
  }
  v = v
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/\bper ?cent\b|\bpercent\b/g, '%')
    .replace(/\s+%/g, '%');
  v = v.replace(/\b(\w+day)s\b/g, '$1').replace(/\bgray\b/g, 'grey');
  v = v.replace(NUMBER_WORD_RE, (word) => String(NUMBER_WORDS.indexOf(word) + 1));
  return v.replace(/(?<=[a-z]{3})s\b/g, '');
}

export function sameAnswer(kind: AnswerKind, a: string, b: string): boolean {
  return canonical(kind, a) === canonical(kind, b);
}

/** Colours that could each describe the same thing: "navy" is also "blue". */
const COLOUR_FAMILIES: readonly (readonly string[])[] = [
  ['blue', 'navy', 'navy blue', 'royal blue', 'light blue', 'dark blue', 'turquoise', 'teal'],
  ['green', 'dark green', 'teal', 'turquoise'],
  ['red', 'maroon', 'pink'],
  ['purple', 'lilac', 'pink'],
  ['yellow', 'gold'],
  ['grey', 'gray', 'silver'],
  ['orange'],
  ['black'],
  ['white'],
  ['brown'],
];
/** One-word colours, each spelt one way: wrong answers for a colour. */
const PLAIN_COLOURS = COLOURS.filter((colour) => !colour.includes(' ') && colour !== 'gray');

function colourFamily(colour: string): Set<string> {
  const c = colour.toLowerCase();
  const family = new Set<string>([c]);
  for (const group of COLOUR_FAMILIES) if (group.includes(c)) group.forEach((g) => family.add(g));
  return family;
}

function pick3(
  candidates: readonly string[],
  answer: string,
  kind: AnswerKind,
  forbidden: readonly string[],
  random: Random,
  keepOrder = false,
): Three | null {
  const chosen: string[] = [];
  const blocked = [answer, ...forbidden];
  for (const candidate of keepOrder ? candidates : random.shuffle(candidates)) {
    if (candidate.trim() === '') continue;
    if (blocked.some((b) => sameAnswer(kind, b, candidate))) continue;
    if (chosen.some((c) => sameAnswer(kind, c, candidate))) continue;
    chosen.push(candidate);
    if (chosen.length === 3) return [chosen[0]!, chosen[1]!, chosen[2]!];
  }
  return null;
}

function formatTime(minutes: number, like: string): string {
  const ampm = /(am|pm)$/i.test(like) || /^(?:noon|midday|midnight)$/i.test(like);
  const sep = like.includes('.') ? '.' : ':';
  const h24 = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  if (!ampm)
    return `${String(h24).padStart(like.indexOf(sep) === 2 ? 2 : 1, '0')}${sep}${String(m).padStart(2, '0')}`;
  const suffix = h24 >= 12 ? 'pm' : 'am';
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  const showMinutes = m !== 0 || /[:.]/.test(like);
  return `${h12}${showMinutes ? `${sep}${String(m).padStart(2, '0')}` : ''}${suffix}`;
}

function timeDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const minutes = timeMinutes(answer);
  if (minutes === null) return null;
  const whole = minutes % 60 === 0;
  const offsets = whole ? [-120, -60, 60, 120, 180, -30, 30] : [-60, -30, 30, 60, 90, -90, 15, -15];
  const candidates = random
    .shuffle(offsets)
    .map((o) => minutes + o)
    .filter((m) => m >= 5 * 60 && m <= 23 * 60 + 30)
    .map((m) => formatTime(m, answer));
  return pick3(candidates, answer, 'time', forbidden, random, true);
}

function weekdayDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const plural = /days\b/.test(answer);
  const form = (d: string) => (plural ? `${d}s` : d);
  const days = WEEKDAYS.filter((d) => answer.toLowerCase().includes(d.toLowerCase()));
  if (/^the\s/i.test(answer)) {
    // "The last Friday of the month": another week and day of the month.
    const ordinals = ['first', 'second', 'last'];
    const candidates = ordinals.flatMap((o) =>
      WEEKDAYS.slice(0, 5).map((d) =>
        answer.replace(/\b(first|second|third|fourth|last)\s+\w+day/i, `${o} ${d}`),
      ),
    );
    return pick3(candidates, answer, 'weekday', forbidden, random);
  }
  if (/ to /.test(answer) && days.length === 2) {
    // "Monday to Friday" → "Monday to Thursday", "Tuesday to Saturday"…
    const a = WEEKDAYS.indexOf(days[0] as (typeof WEEKDAYS)[number]);
    const b = WEEKDAYS.indexOf(days[1] as (typeof WEEKDAYS)[number]);
    const candidates: string[] = [];
    for (const [da, db] of [
      [0, -1],
      [1, 1],
      [0, 1],
      [-1, -1],
      [1, 0],
      [-1, 0],
    ] as const) {
      const x = a + da;
      const y = b + db;
      if (x >= 0 && y < 7 && x < y) candidates.push(`${WEEKDAYS[x]} to ${WEEKDAYS[y]}`);
    }
    return pick3(candidates, answer, 'weekday', forbidden, random);
  }
  if (days.length === 2) {
    const pairs: string[] = [];
    for (let i = 0; i < 7; i++)
      for (let j = i + 1; j < 7; j++) pairs.push(`${form(WEEKDAYS[i]!)} and ${form(WEEKDAYS[j]!)}`);
    const shape = (s: string) => s.toLowerCase().split(' and ').sort().join('+');
    return pick3(
      pairs.filter((p) => shape(p) !== shape(answer)),
      answer,
      'weekday',
      forbidden,
      random,
    );
  }
  const working = WEEKDAYS.indexOf(days[0] as (typeof WEEKDAYS)[number]) < 5;
  const preferred = WEEKDAYS.filter((d, i) => (working ? i < 5 : i >= 4));
  const candidates = [...random.shuffle(preferred), ...random.shuffle(WEEKDAYS)].map(form);
  return pick3(candidates, answer, 'weekday', forbidden, random, true);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function dateDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const range = /^(\d{1,2})\s+to\s+(\d{1,2})\s+(\w+)$/.exec(answer);
  if (range) {
    // "26 to 30 July" → the same length a week or a few days earlier or later.
    const [a, b] = [Number(range[1]), Number(range[2])];
    const candidates = random
      .shuffle([-14, -7, -3, 3, 7, 14])
      .filter((d) => a + d >= 1 && b + d <= 31)
      .map((d) => `${a + d} to ${b + d} ${range[3]}`);
    return pick3(candidates, answer, 'date', forbidden, random, true);
  }
  const m = /^(?:(\w+day)\s+)?(\d{1,2})(st|nd|rd|th)?\s+(\w+)(?:\s+(\d{4}))?$/.exec(answer);
  if (!m) return null;
  const monthIndex = MONTHS.findIndex((name) =>
    name.toLowerCase().startsWith(m[4]!.toLowerCase().slice(0, 3)),
  );
  if (monthIndex < 0) return null;
  const day = Number(m[2]);
  const weekday = m[1] ? WEEKDAYS.findIndex((d) => d.toLowerCase() === m[1]!.toLowerCase()) : -1;
  const candidates: string[] = [];
  for (const delta of random.shuffle([-7, -3, -2, -1, 1, 2, 3, 7, 14])) {
    const d = day + delta;
    if (d < 1 || d > MONTH_DAYS[monthIndex]!) continue;
    const wd = weekday >= 0 ? `${WEEKDAYS[(((weekday + delta) % 7) + 7) % 7]} ` : '';
    candidates.push(`${wd}${d}${m[3] ? suffixOf(d) : ''} ${m[4]}${m[5] ? ` ${m[5]}` : ''}`);
  }
  return pick3(candidates, answer, 'date', forbidden, random);
}

function suffixOf(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

function monthDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const i = MONTHS.findIndex((mo) => mo.toLowerCase() === answer.toLowerCase());
  if (i < 0) return null;
  const candidates = random
    .shuffle([-3, -2, -1, 1, 2, 3, 6])
    .map((d) => MONTHS[(((i + d) % 12) + 12) % 12]!);
  return pick3(candidates, answer, 'month', forbidden, random, true);
}

function yearDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const year = Number(answer);
  const latest = new Date().getUTCFullYear() + 2;
  const candidates = random
    .shuffle([-10, -6, -5, -3, -2, -1, 1, 2, 3, 5])
    .map((d) => year + d)
    .filter((y) => y <= latest)
    .map(String);
  return pick3(candidates, answer, 'year', forbidden, random, true);
}

/** Numbers near n, rounded like it: 40,000 → 30,000, 50,000, 60,000; 14 → 12, 15, 16. */
function nearbyNumbers(n: number, random: Random, cap?: number): number[] {
  const decimals = String(n).includes('.') ? String(n).split('.')[1]!.length : 0;
  const out = new Set<number>();
  const add = (v: number) => {
    const r = Number(v.toFixed(decimals));
    if (r > 0 && r !== n && (cap === undefined || r <= cap)) out.add(r);
  };
  if (decimals > 0) {
    const step =
      n >= 90 && (cap ?? Infinity) <= 100
        ? 0.5
        : Math.max(0.1, Number((n * 0.1).toFixed(decimals)) || 0.5);
    for (const k of [-3, -2, -1, 1, 2, 3]) add(n + k * step);
  } else if (n <= 12) {
    for (const k of [-2, -1, 1, 2, 3, 4]) add(n + k);
  } else if (n <= 100) {
    const step = n % 5 === 0 ? 5 : n % 2 === 0 ? 2 : 1;
    for (const k of [-3, -2, -1, 1, 2, 3]) add(n + k * step);
  } else {
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
    for (const f of [0.5, 0.75, 1.25, 1.5, 2]) add(Math.round((n * f) / magnitude) * magnitude);
  }
  return random.shuffle([...out]);
}

/** Replaces the number in an answer ("40,000", "£4.50", "18 months", "8oz", "At least 20 seconds"). */
function numericDistractors(
  answer: string,
  kind: AnswerKind,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const m =
    /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i.exec(
      answer,
    );
  if (!m) {
    if (kind === 'frequency')
      return pick3(
        [
          'Every day',
          'Every week',
          'Every month',
          'Every year',
          'Every two weeks',
          'Every six months',
          'Twice a day',
          'Once a week',
        ],
        answer,
        kind,
        forbidden,
        random,
      );
    return null;
  }
  const range = /(\d+)\s+to\s+(\d+)/.exec(answer);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    const step = Math.max(1, Math.round(b - a || a / 5));
    const candidates = random
      .shuffle([-2, -1, 1, 2, 3])
      .map((k) => [a + k * step, b + k * step] as const)
      .filter(([x]) => x > 0)
      .map(([x, y]) => answer.replace(range[0], `${x} to ${y}`));
    return pick3(candidates, answer, kind, forbidden, random, true);
  }
  const raw = m[0];
  const n = numberValue(raw);
  if (n === null) return null;
  const grouped = raw.includes(',');
  const isWord = m[2] !== undefined;
  const cap = kind === 'percent' ? 100 : undefined;
  const values = nearbyNumbers(n, random, cap);
  const decimals = raw.includes('.') ? raw.split('.')[1]!.length : 0;
  const format = (v: number) => {
    if (isWord && v <= 12 && Number.isInteger(v)) return NUMBER_WORDS[v - 1]!;
    if (grouped) return v.toLocaleString('en-GB');
    // Money keeps its pence ("£3.50", "£4.00"); other numbers drop a trailing ".0".
    if (decimals > 0 && (kind === 'money' || !Number.isInteger(v))) return v.toFixed(decimals);
    return String(v);
  };
  const candidates = values.map((v) => {
    const text = `${answer.slice(0, m.index)}${format(v)}${answer.slice(m.index + raw.length)}`;
    // "1 hour" → "2 hours"; "Every 1 week" stays readable.
    return v !== 1
      ? text.replace(/\b(second|minute|hour|day|week|month|year)\b(?!s)/i, '$1s')
      : text;
  });
  return pick3(candidates, answer, kind, forbidden, random, true);
}

function colourDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const parts = answer.toLowerCase().split(/\s+and\s+|,\s*/);
  const blocked = new Set<string>();
  for (const part of [...parts, ...forbidden.map((f) => f.toLowerCase())])
    colourFamily(part).forEach((c) => blocked.add(c));
  const free = PLAIN_COLOURS.filter((c) => !blocked.has(c));
  if (parts.length >= 2) {
    // As many colours as the answer has, written the same way; one changed or all new.
    const join = (cs: readonly string[]) =>
      capitalise(
        cs.length > 2 ? `${cs.slice(0, -1).join(', ')} and ${cs.at(-1)}` : cs.join(' and '),
      );
    const candidates: string[] = [];
    for (let k = 0; k < 12; k++) candidates.push(join(random.shuffle(free).slice(0, parts.length)));
    for (const c of free) candidates.push(join([...parts.slice(0, -1), c]));
    const shape = (s: string) =>
      s
        .toLowerCase()
        .split(/,\s*|\s+and\s+/)
        .sort()
        .join('+');
    return pick3(
      candidates.filter(
        (c) => shape(c) !== shape(answer) && c.split(/,\s*|\s+and\s+/).length === parts.length,
      ),
      answer,
      'colour',
      [],
      random,
    );
  }
  const rest = answer.toLowerCase().replace(parts[0]!, '').trim();
  return pick3(
    free.map((c) => capitalise(`${c}${rest ? ` ${rest}` : ''}`)),
    answer,
    'colour',
    [],
    random,
  );
}

const TITLE = /^(Mr|Mrs|Ms|Miss|Dr|Nurse|Lady|Sir|Prof|Coach|Chef)\.?\s+/;
const REGNAL = /^([A-Z][a-z]+)\s+(I{1,3}|IV|V|VI{1,3})$/;

function personDistractors(
  answer: string,
  fromText: readonly string[],
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const regnal = REGNAL.exec(answer);
  if (regnal) {
    const names = ['Henry', 'Edward', 'Richard', 'William', 'John', 'Stephen'];
    const numerals = ['I', 'II', 'III', 'IV'];
    const candidates = names.flatMap((n) => numerals.map((x) => `${n} ${x}`));
    return pick3(candidates, answer, 'person', forbidden, random);
  }
  const title = TITLE.exec(answer)?.[1];
  const bare = answer.replace(TITLE, '');
  const parts = bare.split(/\s+/).length;
  const shaped = (first: string, last: string) => {
    const name = parts === 1 ? (title ? last : first) : `${first} ${last}`;
    return title ? `${title} ${name}` : name;
  };
  const surname = bare.split(/\s+/).at(-1)!;
  const sameShape = fromText.filter(
    (p) => TITLE.test(p) === Boolean(title) && p.replace(TITLE, '').split(/\s+/).length === parts,
  );
  const pool = random
    .shuffle(FIRST_NAMES)
    .map((first, i) => shaped(first, LAST_NAMES[(i * 7) % LAST_NAMES.length]!));
  const candidates = [...random.shuffle(sameShape), ...pool].filter(
    (c) => !c.endsWith(surname) || parts === 1,
  );
  return pick3(candidates, answer, 'person', forbidden, random, true);
}

function placeDistractors(
  answer: string,
  fromText: readonly string[],
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const group = CITY_GROUPS.find((cities) =>
    cities.some((c) => c.toLowerCase() === answer.toLowerCase()),
  );
  if (group) return pick3(group, answer, 'place', forbidden, random);
  if (COUNTRIES.some((c) => c.toLowerCase() === answer.toLowerCase()))
    return pick3(COUNTRIES, answer, 'place', forbidden, random);
  // "Red Lion" → other pub names; "Hollins Park" → "Victoria Park": the same kind of place.
  const ws = answer.split(/\s+/);
  if (PUB_HEADS.test(ws.at(-1) ?? '')) return pick3(PUB_NAMES, answer, 'place', forbidden, random);
  if (ws.length >= 2) {
    const head = ws.at(-1)!;
    const sameHead = fromText.filter((p) => p.split(/\s+/).at(-1) === head);
    const generated = PLACE_NAME_WORDS.filter((w) => !ws.includes(w)).map((w) => `${w} ${head}`);
    return pick3(
      [...random.shuffle(sameHead), ...random.shuffle(generated)],
      answer,
      'place',
      forbidden,
      random,
      true,
    );
  }
  return null;
}

const PUB_HEADS =
  /^(?:Lion|Arms|Inn|Head|Crown|Swan|Bell|Oak|Horse|Hart|Anchor|Plough|George|Tavern|Bull|Star)$/;
const PUB_NAMES = [
  'Red Lion',
  'White Hart',
  'Royal Oak',
  "King's Arms",
  'Crown',
  'Swan',
  'Black Horse',
  'George',
  'Plough',
  'Rose and Crown',
];

const ID_IN_LOCATION =
  /\b(gate|door|building|room|floor|level|bay|block|wing|platform|zone|aisle|unit)\s+([A-Z]|\d+)\b|\b(\d+)(st|nd|rd|th)\s+floor\b|\b(\d+)K\b/i;

function locationDistractors(
  answer: string,
  fromText: readonly string[],
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const id = ID_IN_LOCATION.exec(answer);
  if (id) {
    // "The car park behind building B" → building A, C, D; "Next to gate 3" → gate 1, 2, 4.
    const candidates: string[] = [];
    const all = [...answer.matchAll(new RegExp(ID_IN_LOCATION.source, 'gi'))];
    const vary = (value: string): string[] => {
      if (/^[A-Z]$/.test(value)) return 'ABCDEF'.split('').filter((c) => c !== value);
      const n = Number(value);
      return [n - 2, n - 1, n + 1, n + 2, n + 3].filter((v) => v > 0).map(String);
    };
    for (const k of random.shuffle([0, 1, 2, 3, 4])) {
      let text = answer;
      for (const match of all) {
        const value = match[2] ?? match[3] ?? match[5]!;
        const options = vary(value);
        const replacement = options[(k + candidates.length) % options.length]!;
        const full = match[0];
        const replaced = match[3]
          ? `${replacement}${suffixOf(Number(replacement))} floor`
          : full.replace(value, replacement);
        text = text.replace(full, replaced);
      }
      candidates.push(text);
    }
    return pick3(candidates, answer, 'location', forbidden, random);
  }
  const prep = /^(Next to|Behind|By|Near|Beside|Opposite|Outside|Inside|Under)\s/i.exec(
    answer,
  )?.[1];
  const shape = (place: string) => {
    const bareText = place.replace(
      /^(?:next to|behind|by|near|beside|opposite|outside|inside|under|in|at|on)\s+/i,
      '',
    );
    return capitalise(
      prep
        ? `${prep.toLowerCase()} ${bareText.charAt(0).toLowerCase()}${bareText.slice(1)}`
        : bareText,
    );
  };
  const candidates = [
    ...random.shuffle(fromText.map(shape)),
    ...random.shuffle(WORKPLACE_LOCATIONS.map(shape)),
  ];
  const mentioned = (c: string) =>
    forbidden.some((f) =>
      f
        .toLowerCase()
        .includes(c.toLowerCase().replace(/^(?:the|next to the|by the|behind the)\s+/, '')),
    );
  return pick3(
    candidates.filter((c) => !mentioned(c)),
    answer,
    'location',
    forbidden,
    random,
    true,
  );
}

function identifierDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const m = /(\d+)(?!.*\d)/.exec(answer);
  if (!m) return null;
  const digits = m[1]!;
  const n = Number(digits);
  const width = digits.length;
  const steps = width >= 3 ? [100, 200, -100, 10, -10, 1, 300] : [1, 2, -1, 3, -2];
  const decimal = /\d\.\d+$/.test(answer);
  const candidates = random
    .shuffle(steps)
    .map((s) => n + s)
    .filter((v) => v >= 0 && String(v).length <= width + (decimal ? 0 : 0))
    .map((v) => String(v).padStart(width, '0'))
    .map((v) => `${answer.slice(0, m.index)}${v}${answer.slice(m.index + digits.length)}`);
  if (decimal) {
    // "4.2" → "4.1", "4.3", "5.0"
    const [major, minor] = answer.split('.').map(Number);
    candidates.push(
      `${major}.${(minor ?? 0) + 1}`,
      `${major}.${Math.max(0, (minor ?? 0) - 1)}`,
      `${(major ?? 0) + 1}.0`,
      `${Math.max(1, (major ?? 1) - 1)}.${minor}`,
    );
  }
  return pick3(candidates, answer, 'identifier', forbidden, random);
}

function ordinalDistractors(
  answer: string,
  forbidden: readonly string[],
  random: Random,
): Three | null {
  const n = Number(/\d+/.exec(answer)?.[0]);
  if (!Number.isFinite(n)) return null;
  const candidates = nearbyNumbers(n, random)
    .filter((v) => Number.isInteger(v))
    .map((v) => answer.replace(/\d+(st|nd|rd|th)/, `${v}${suffixOf(v)}`));
  return pick3(candidates, answer, 'ordinal', forbidden, random);
}

/** Items of a pool that the organiser's text does not mention at all. */
function unmentioned(pool: readonly string[], text: string): string[] {
  const folded = text.toLowerCase();
  return pool.filter(
    (item) =>
      !item
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.length > 3 && folded.includes(w.replace(/s$/, ''))),
  );
}

export interface DistractorInput {
  kind: AnswerKind;
  answer: string;
  /** Values the text gives for the same thing, and the statement's other values of this kind. */
  forbidden: readonly string[];
  /** Values of the same kind from elsewhere in the text: plausible and, for this thing, wrong. */
  fromText: readonly string[];
  pool?: AnswerSpan['pool'];
  /** The whole organiser text, so that pooled wrong answers never name something it mentions. */
  topics: string;
}

/** Three wrong answers of the same kind, or null when none can be found that are surely wrong. */
export function distractorsFor(input: DistractorInput, random: Random): Three | null {
  const { kind, answer, forbidden, fromText } = input;
  switch (kind) {
    case 'time':
      return timeDistractors(answer, forbidden, random);
    case 'weekday':
      return weekdayDistractors(answer, forbidden, random);
    case 'date':
      return dateDistractors(answer, forbidden, random);
    case 'month':
      return monthDistractors(answer, forbidden, random);
    case 'year':
      return yearDistractors(answer, forbidden, random);
    case 'percent':
    case 'money':
    case 'temperature':
    case 'count':
    case 'measure':
    case 'frequency':
    case 'deadline':
      return numericDistractors(answer, kind, forbidden, random);
    case 'ordinal':
      return ordinalDistractors(answer, forbidden, random);
    case 'colour':
      return colourDistractors(answer, forbidden, random);
    case 'person':
      return personDistractors(answer, fromText, forbidden, random);
    case 'place':
      return placeDistractors(answer, fromText, forbidden, random);
    case 'location':
      return locationDistractors(answer, fromText, forbidden, random);
    case 'identifier':
      // "call 999": the other numbers people mix it up with.
      if (input.pool === 'emergency')
        return pick3(['999', '111', '101', '112'], answer, kind, forbidden, random);
      return identifierDistractors(answer, forbidden, random);
    case 'listItem':
      return pick3(
        unmentioned(COMMON_VALUES, input.topics).map(capitalise),
        answer,
        kind,
        forbidden,
        random,
      );
    case 'thing': {
      const pool =
        input.pool === 'wearables' ? WEARABLES : input.pool === 'allergens' ? ALLERGENS : null;
      if (!pool) return null;
      const parts = answer.split(/\s+and\s+|,\s*/).length;
      const free = unmentioned(pool, input.topics);
      if (parts >= 2) {
        const pairs = random
          .shuffle(free)
          .flatMap((a, i, all) => (all[i + 1] ? [`${a} and ${all[i + 1]!.toLowerCase()}`] : []));
        return pick3(pairs, answer, kind, forbidden, random);
      }
      return pick3(free, answer, kind, forbidden, random);
    }
    default:
      return null;
  }
}

/** Replaces the asked value inside a longer answer: "The chipotle chicken taco at £4.50" → "… at £3.50". */
export function variedAnswers(whole: string, value: string, wrong: Three): Three | null {
  const at = whole.toLowerCase().indexOf(value.toLowerCase());
  if (at < 0) return null;
  const replace = (w: string) => {
    const adjusted =
      at === 0 ? capitalise(w) : /^[A-Z]/.test(value) ? w : w.charAt(0).toLowerCase() + w.slice(1);
    return `${whole.slice(0, at)}${adjusted}${whole.slice(at + value.length)}`;
  };
  return [replace(wrong[0]), replace(wrong[1]), replace(wrong[2])];
}
