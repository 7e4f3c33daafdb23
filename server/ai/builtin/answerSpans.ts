/**
 * The answerable parts of one statement: times ("10am", "14:30"), weekdays, dates, months,
 * years, percentages, money, temperatures, numbers with what they count ("40,000 loaves", "every
 * 90 days"), colours, people, named places, locations ("in the car park behind building B"),
 * identifiers ("extension 4400", "version 4.2") and a few statement shapes ("Our values are …",
 * "Hair nets must be worn …", "X contains Y"). Each span says where it sits in the statement's
 * words, so that questionForm.ts can ask for it, and which other values of the same kind the
 * statement gives, so that distractors.ts never offers one of them as a wrong answer.
 */
import nlp from 'compromise';
import { PREPOSITIONS, tokens } from './clause';
import { FIRST_NAMES } from './factPools';
import { memo } from './memo';
import { words, strip, capitalise, isCapitalised } from './words';

const FIRST_NAME_SET = new Set(FIRST_NAMES);

export type AnswerKind =
  | 'time'
  | 'weekday'
  | 'date'
  | 'month'
  | 'year'
  | 'percent'
  | 'money'
  | 'temperature'
  | 'count'
  | 'measure'
  | 'frequency'
  | 'deadline'
  | 'ordinal'
  | 'colour'
  | 'person'
  | 'place'
  | 'location'
  | 'identifier'
  | 'listItem'
  | 'thing';

export interface AnswerSpan {
  kind: AnswerKind;
  /** The answer as a task shows it: "Tuesday", "10am", "Yellow", "Gemma Clarke". */
  answer: string;
  /** Words of the statement the answer takes (half-open range). */
  from: number;
  to: number;
  /** Words the question replaces: the answer with its preposition, article or noun. */
  phraseFrom: number;
  phraseTo: number;
  /** The preposition in front ("at", "on", "every", "by"), lower case, or ''. */
  preposition: string;
  /** What a number counts or measures ("loaves", "minutes", "mph"), or a colour's noun. */
  noun: string;
  /** A modifier kept with the answer: "at least", "up to". */
  modifier: string;
  /** Other values of the same kind in this statement: never wrong answers. */
  others: string[];
  /** For list items and pooled things: the pool to draw wrong answers from. */
  pool?: 'values' | 'wearables' | 'allergens' | 'emergency';
  /** A question made for the statement's shape ("What is the chocolate brownie free of?"). */
  question?: string;
  /** The first or second end of a range ("from 7am to 10:30am", "26 to 30 July"). */
  rangeEnd?: 'start' | 'end';
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const COLOURS = [
  'royal blue',
  'navy blue',
  'light blue',
  'dark blue',
  'dark green',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'black',
  'white',
  'grey',
  'gray',
  'brown',
  'navy',
  'teal',
  'gold',
  'silver',
  'maroon',
  'turquoise',
  'lilac',
] as const;

const MONTH_PATTERN =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)';
const DAY_PATTERN = '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day';
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
};
export const TIME_UNITS = /^(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)$/i;
const MEASURE_UNITS =
  /^(?:mph|km\/h|kph|km|kilometres?|kilometers?|miles?|metres?|meters?|m|cm|mm|grams?|g|kg|kilos?|kilograms?|litres?|liters?|ml|l|oz|ounces?|feet|ft|inches?)$/i;
const ID_NOUNS =
  /^(?:extension|ext|gate|door|room|platform|floor|level|version|building|bay|zone|unit|table|aisle|stand|locker|block|wing|lane|pitch|court|studio|channel)$/i;
const TITLES = /^(?:Mr|Mrs|Ms|Miss|Dr|Nurse|Lady|Sir|Prof|Professor|Coach|Chef|Captain)\.?$/;
const PLACE_HEADS =
  /^(?:Park|Street|St|Road|Rd|Lane|Square|Market|Hall|House|Centre|Center|Warren|Marina|Bridge|Way|Avenue|Place|Court|Building|Tower|Arena|Stadium|Museum|Library|Church|Hotel|Castle|Gardens?|Station|Quay|Wharf|Yard|Common|Fields?|Orangery|Atrium|Pavilion|Campus)$/;
const LOCATION_PREPOSITIONS = new Set([
  'in',
  'at',
  'on',
  'behind',
  'next',
  'near',
  'by',
  'beside',
  'opposite',
  'outside',
  'inside',
  'under',
  'above',
  'beyond',
]);
const LOCATION_NOUNS =
  /^(?:point|park|car|room|office|gate|door|reception|canteen|kitchen|hall|square|floor|entrance|exit|station|desk|atrium|marina|gazebo|cupboard|cabinet|area|yard|bay|corridor|lobby|sink|wall|lockers?|caddy|bin|playground|lift|stairs|stairwell|foyer|garden|car park|store|building|site|shed|basement|roof|corner|wing|block|cafe|café|bar|counter|till|lab|laboratory|bakehouse|warehouse|classroom|library|chapel|gatehouse|tent|stand|stall)s?$/i;
const WEARABLES =
  /^(?:hi-vis|vests?|boots|helmets?|hats?|goggles|gloves|nets|hairnets|aprons?|coats?|pads|masks?|ear|defenders|jackets?|overalls|shoes|glasses|lanyards?|badges?|uniform|jumpers?|shirts?|trousers)$/i;

export const numberValue = (s: string): number | null => {
  const word = NUMBER_WORDS[s.toLowerCase()];
  if (word !== undefined) return word;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
};

interface Found {
  kind: AnswerKind;
  answer: string;
  start: number;
  end: number;
}

/** Character offsets → word indices of the statement. */
function wordIndexer(text: string): (offset: number) => number {
  const starts: number[] = [];
  const re = /\S+/g;
  for (const m of text.matchAll(re)) starts.push(m.index);
  return (offset: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= offset) i++;
    return i;
  };
}

function scan(
  text: string,
  re: RegExp,
  kind: AnswerKind,
  answerOf?: (m: RegExpExecArray) => string,
): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(re)) {
    const match = m as unknown as RegExpExecArray;
    out.push({
      kind,
      answer: answerOf ? answerOf(match) : match[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

const TIME =
  /(?<![£$€\d.:])\b((?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?\s?(?:am|pm)|(?:[01]?\d|2[0-3]):[0-5]\d|noon|midday|midnight)\b(?!\s?%)/gi;

const DATE_RE = new RegExp(
  `\\b(?:(?:${DAY_PATTERN})\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_PATTERN}\\b(?:\\s+\\d{4})?|\\b${MONTH_PATTERN}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
  'g',
);
const WEEKDAY_RE = new RegExp(
  `\\b(?:(?:first|second|third|fourth|last)\\s+)?${DAY_PATTERN}s?(?:\\s+(?:and|to|until|–|-)\\s+${DAY_PATTERN}s?)?(?:\\s+of\\s+(?:the|each|every)\\s+month)?`,
  'g',
);
const DATE_RANGE_RE = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th)?\\s*(?:to|–|-)\\s*\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_PATTERN}\\b`,
  'g',
);
const MONTH_RE = new RegExp(
  `\\b${MONTH_PATTERN.replace('May|', '')}\\b|(?<=\\b(?:in|every|each|by|until|from|during|since)\\s)May\\b`,
  'g',
);
const COLOUR_WORD = `(?:${COLOURS.join('|')})`;
const COLOUR_LIST_RE = new RegExp(
  `\\b${COLOUR_WORD}(?:,\\s+${COLOUR_WORD})*,?\\s+(?:and|or)\\s+${COLOUR_WORD}\\b`,
  'gi',
);
/** One pattern per colour. */
const COLOUR_RES: readonly (readonly [string, RegExp])[] = COLOURS.map((colour) => [
  colour,
  new RegExp(`\\b${colour}\\b(?:-(?:lidded|handled|coloured|colored|topped))?`, 'gi'),
]);

/** Every value the statement holds, by kind, before they become spans. */
function findValues(text: string): Found[] {
  const found: Found[] = [];
  const lowerText = text.toLowerCase();
  found.push(...scan(text, TIME, 'time'));
  found.push(
    ...scan(text, DATE_RE, 'date').filter(
      (f) =>
        !/(?:[–-]|\bto)\s*$/.test(text.slice(0, f.start)) &&
        !/^\s*(?:to|–|-)\s*\d/.test(text.slice(f.end)),
    ),
  );
  found.push(...scan(text, WEEKDAY_RE, 'weekday'));
  // "from 26 to 30 July": a date range, one answer.
  found.push(...scan(text, DATE_RANGE_RE, 'date'));
  found.push(...scan(text, MONTH_RE, 'month'));
  found.push(
    ...scan(text, /(?<![\d,.£$€#/])\b(1[5-9]\d\d|20\d\d)\b(?![\d,.%]|\s?(?:am|pm))/g, 'year'),
  );
  found.push(...scan(text, /(?<![\d.])\d+(?:\.\d+)?\s?(?:%|per ?cent\b|percent\b)/gi, 'percent'));
  found.push(
    ...scan(
      text,
      /[£$€]\s?\d[\d,]*(?:\.\d{1,2})?(?:\s?(?:million|bn|billion|k)\b)?|\b\d+p\b/gi,
      'money',
    ),
  );
  // "between 2°C and 8°C": one answer; otherwise each temperature on its own.
  const between = scan(
    text,
    /\bbetween\s+-?\d+(?:\.\d+)?\s?°\s?[CF]\s+and\s+-?\d+(?:\.\d+)?\s?°\s?[CF]/g,
    'temperature',
  ).map((f) => ({
    ...f,
    answer: text.slice(f.start, f.end).replace(/^between\s+/, ''),
  }));
  found.push(...between);
  found.push(
    ...scan(text, /-?\d+(?:\.\d+)?\s?°\s?[CF]\b|\b\d+\s+degrees\b/g, 'temperature').filter(
      (f) => !between.some((b) => overlaps(b, f)),
    ),
  );
  found.push(...scan(text, /\b0\d{3,4}\s\d{3}\s\d{3,4}\b/g, 'identifier'));
  found.push(...scan(text, /#\w+/g, 'identifier'));
  for (const f of scan(text, COLOUR_LIST_RE, 'colour')) {
    const word = text.slice(f.start, f.end);
    if (/^[A-Z]/.test(word) && f.start > 0) continue;
    found.push({ ...f, answer: word.toLowerCase() });
  }
  for (const [colour, re] of COLOUR_RES) {
    if (!lowerText.includes(colour)) continue;
    for (const f of scan(text, re, 'colour')) {
      const next = words(text.slice(f.end))[0] ?? '';
      const word = text.slice(f.start, f.end);
      // "Red Lion", "Green Office": a name; "blue whale": a species.
      if (/^[A-Z]/.test(word) && f.start > 0 && /^[A-Z]/.test(next)) continue;
      if (/^(?:whale|tape|tea|wine|cross|light|belt|card)\b/i.test(next)) continue;
      if (found.some((g) => g.kind === 'colour' && g.start <= f.start && g.end >= f.end)) continue;
      found.push({ ...f, answer: colour });
    }
  }
  return found;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start < b.end && b.start < a.end;

/** The words after a number that say what it counts: "40,000 loaves", "12 trained … first aiders". */
function countedNoun(ws: readonly string[], from: number): { noun: string; to: number } | null {
  const taken: string[] = [];
  let i = from;
  while (i < ws.length && taken.length < 5) {
    const w = strip(ws[i]!);
    const lower = w.toLowerCase();
    if (
      w === '' ||
      PREPOSITIONS.has(lower) ||
      /^(?:and|or|a|an|the|is|are|was|were|per|each|every|we|you|they|that|which|who)$/.test(lower)
    )
      break;
    if (/^\d/.test(w)) break;
    taken.push(w);
    i++;
    if (/[,.;:]$/.test(ws[i - 1]!)) break;
  }
  if (taken.length === 0) return null;
  return { noun: taken.join(' '), to: i };
}

const RANGE_WORD = /^(?:to|until|till|–|-|and)$/i;
const DAY_PARTS = /^(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?)$/i;

function spanFor(
  ws: readonly string[],
  found: Found,
  at: (offset: number) => number,
): Omit<AnswerSpan, 'others'> | null {
  const from = at(found.start);
  const to = at(found.end - 1) + 1;
  const lower = (k: number) => strip(ws[k] ?? '').toLowerCase();
  const before = (k: number) => lower(from - k);
  const base = {
    kind: found.kind,
    answer: found.answer,
    from,
    to,
    phraseFrom: from,
    phraseTo: to,
    preposition: '',
    noun: '',
    modifier: '',
  };
  const withPreposition = (allowed: RegExp) => {
    let p = from;
    let modifier = '';
    if (/^(?:least|most)$/.test(before(1)) && before(2) === 'at') {
      modifier = `at ${before(1)}`;
      p -= 2;
    } else if (before(1) === 'to' && before(2) === 'up') {
      modifier = 'up to';
      p -= 2;
    }
    const prep = lower(p - 1);
    if (allowed.test(prep)) return { ...base, phraseFrom: p - 1, preposition: prep, modifier };
    return { ...base, phraseFrom: p, modifier };
  };

  switch (found.kind) {
    case 'time': {
      const answer = found.answer.replace(/\s+(am|pm)$/i, '$1').toLowerCase();
      // "from 7am to 10:30am", "8am to 6pm": both ends share one phrase.
      const nextTime =
        RANGE_WORD.test(lower(to)) &&
        /^\d{1,2}(?:[:.]\d\d)?(?:am|pm)?$|^\d{1,2}$/i.test(lower(to + 1)) &&
        /\d/.test(lower(to + 1));
      const prevTime =
        RANGE_WORD.test(before(1)) && /\d(?:am|pm)?$/i.test(before(2)) && /^\d/.test(before(2));
      if (nextTime || prevTime) {
        const start = nextTime ? from : from - 2;
        const end = nextTime ? to + 2 : to;
        const withFrom = /^(?:from|between)$/.test(lower(start - 1)) ? start - 1 : start;
        return {
          ...base,
          answer,
          phraseFrom: withFrom,
          phraseTo: /^(?:sharp|prompt)$/.test(lower(end)) ? end + 1 : end,
          preposition: nextTime ? 'from' : 'until',
          rangeEnd: nextTime ? 'start' : 'end',
        };
      }
      const span = withPreposition(/^(?:at|by|from|until|till|before|after|around|to)$/);
      return { ...span, answer, phraseTo: /^(?:sharp|prompt)$/.test(lower(to)) ? to + 1 : to };
    }
    case 'weekday': {
      const span = withPreposition(/^(?:on|every|each|by|until|from|before|after)$/);
      const answer = found.answer
        .replace(/\b(\w+day)s\b/g, '$1')
        .replace(/\s+(?:until|till|–|-)\s+/, ' to ');
      const hasThe =
        before(1) === 'the' && /^(?:first|second|third|fourth|last)\b/i.test(found.answer);
      return {
        ...span,
        phraseFrom: hasThe ? from - 1 : span.phraseFrom,
        phraseTo: DAY_PARTS.test(lower(to)) ? to + 1 : to,
        answer: hasThe ? `The ${answer}` : capitalise(answer),
      };
    }
    case 'date':
      if (/\bto\b|[–-]/.test(found.answer)) {
        const span = withPreposition(/^(?:from|between)$/);
        return {
          ...span,
          preposition: 'range',
          answer: found.answer.replace(/\s*[–-]\s*/, ' to '),
        };
      }
      return withPreposition(/^(?:on|from|by|until|till|before|after|since)$/);
    case 'month':
      return withPreposition(/^(?:in|every|each|by|until|from|during|since)$/);
    case 'year':
      return withPreposition(/^(?:in|since|from|until|by|before|after)$/);
    case 'percent': {
      const span = withPreposition(/^(?:by|at|to)$/);
      const next = lower(to);
      if (next === 'of') {
        const counted = countedNoun(ws, to + 1);
        if (counted) return { ...span, phraseTo: counted.to, noun: `of ${counted.noun}` };
      }
      if (/^(?:up|down|more|less|higher|lower|above|below)$/.test(next))
        return { ...span, noun: 'change' };
      const article = before(1);
      if ((article === 'a' || article === 'an') && /^[a-z]/.test(next) && !PREPOSITIONS.has(next)) {
        // "a 20% discount" → "What discount"
        return { ...span, phraseFrom: from - 1, phraseTo: to + 1, noun: next };
      }
      return span;
    }
    case 'money': {
      const next = lower(to);
      const article = before(1);
      if ((article === 'a' || article === 'an') && /^[a-z]/.test(next) && !PREPOSITIONS.has(next)) {
        // "a £50 bar tab": asked as a whole ("What does the winning team get?").
        const counted = countedNoun(ws, to);
        if (counted) {
          return {
            ...base,
            phraseFrom: from - 1,
            phraseTo: counted.to,
            noun: counted.noun,
            preposition: 'article',
          };
        }
      }
      return withPreposition(/^(?:at|to|by|for|of|from|under|over)$/);
    }
    case 'temperature':
      if (before(1) === 'between' || /\band\b/.test(found.answer)) {
        return {
          ...base,
          phraseFrom: before(1) === 'between' ? from - 1 : from,
          preposition: 'between',
        };
      }
      return withPreposition(/^(?:at|to|by|for|of|from|under|over)$/);
    case 'colour': {
      const word = strip(ws[to - 1] ?? '');
      const list = /,|\s(?:and|or)\s/.test(found.answer);
      // The noun the colour describes: "yellow vests", "yellow-lidded bins", "red school jumpers".
      const next = strip(ws[to] ?? '');
      const described = /,$/.test(ws[to - 1] ?? '') ? null : countedNoun(ws, to);
      const isNoun =
        described !== null &&
        !/^(?:for|and|or|is|are)$/i.test(next) &&
        !/^(?:mild|hot|free|spicy)$/i.test(next);
      let phraseFrom = from;
      // Back over adjectives to the article: "the locked grey cabinet".
      for (let k = 1; k <= 3; k++) {
        const w = before(k);
        if (/^(?:the|a|an|their|our|your|its|all)$/.test(w)) {
          phraseFrom = from - k;
          break;
        }
        if (
          w === '' ||
          PREPOSITIONS.has(w) ||
          /[,.;:]$/.test(ws[from - k] ?? '') ||
          !/^[a-z-]+$/.test(w)
        )
          break;
      }
      const noun = isNoun
        ? described.noun
            .split(/\s+/)
            .filter((w) => !/^(?:we|you|they)$/i.test(w))
            .slice(0, 3)
            .join(' ')
        : '';
      return {
        ...base,
        answer: capitalise(found.answer.replace(/,?\s+or\s+/, ' or ')),
        phraseFrom,
        phraseTo: isNoun ? described.to : to,
        noun,
        modifier: word.includes('-') ? word.slice(word.indexOf('-')) : list ? 'list' : '',
      };
    }
    default:
      return base;
  }
}

/** "every month", "twice a day", "once a week": how often, without a number. */
function frequencySpans(text: string, at: (o: number) => number): Omit<AnswerSpan, 'others'>[] {
  const out: Omit<AnswerSpan, 'others'>[] = [];
  for (const m of text.matchAll(
    /\b(?:every|each)\s+(day|week|fortnight|month|year|term|quarter)\b|\b(once|twice|three times)\s+a\s+(day|week|month|year)\b/gi,
  )) {
    const from = at(m.index);
    const to = at(m.index + m[0].length - 1) + 1;
    out.push({
      kind: 'frequency',
      answer: capitalise(m[0].toLowerCase()),
      from,
      to,
      phraseFrom: from,
      phraseTo: to,
      preposition: '',
      noun: '',
      modifier: '',
    });
  }
  return out;
}

/** Numbers with what they count or measure, frequencies, deadlines, ordinals and identifiers. */
function numberSpans(
  text: string,
  ws: readonly string[],
  taken: readonly Found[],
  at: (o: number) => number,
): Omit<AnswerSpan, 'others'>[] {
  const out: Omit<AnswerSpan, 'others'>[] = [];
  const re =
    /(?<![\w£$€.,#:/-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)(?:\s?(million|thousand|k)\b)?(?:(?<=\d)(st|nd|rd|th)\b)?(?![\w.,:%°]*\d)/gi;
  for (const m of text.matchAll(re)) {
    const f = { start: m.index, end: m.index + m[0].length };
    if (taken.some((t) => overlaps(t, f))) continue;
    const from = at(f.start);
    let to = at(f.end - 1) + 1;
    const word = strip(ws[from] ?? '');
    const isWord = /^[a-z]/i.test(m[1]!);
    const prev = strip(ws[from - 1] ?? '').toLowerCase();
    const prev2 = strip(ws[from - 2] ?? '').toLowerCase();
    const base = {
      from,
      to,
      phraseFrom: from,
      phraseTo: to,
      preposition: '',
      noun: '',
      modifier: '',
    };
    // "10K", "8oz", "3K": a number with its unit in one word.
    const glued = /^(\d+(?:\.\d+)?)([a-z/]+)$/i.exec(word);
    if (m[3]) {
      // An ordinal: "the 10th coffee", "the 5th floor".
      if (prev !== 'the') continue;
      const noun = countedNoun(ws, to);
      if (!noun) continue;
      out.push({
        ...base,
        kind: 'ordinal',
        answer: `${m[1]}${m[3]}`,
        phraseFrom: from - 1,
        noun: noun.noun.split(/\s+/)[0]!,
        preposition: '',
      });
      continue;
    }
    if (/^(?:call|dial|ring)$/.test(prev) && !isWord) {
      // "call 999": the number to call.
      out.push({
        ...base,
        kind: 'identifier',
        answer: word,
        noun: 'number',
        ...(/^(?:999|911|112|111|101)$/.test(word) ? { pool: 'emergency' as const } : {}),
      });
      continue;
    }
    if (ID_NOUNS.test(prev) || (prev === 'year' && !isWord)) {
      out.push({
        ...base,
        kind: 'identifier',
        answer: word,
        phraseFrom: from - 1,
        noun: prev === 'ext' ? 'extension' : prev,
      });
      continue;
    }
    if (
      isWord &&
      !/^(?:every|within|for|last|after|in)$/.test(prev) &&
      !TIME_UNITS.test(strip(ws[to] ?? ''))
    )
      continue;
    const unitWord = glued ? glued[2]! : strip(ws[to] ?? '');
    const answerNumber = glued ? glued[1]! : `${m[1]}${m[2] ? ` ${m[2]}` : ''}`;
    if (glued && !MEASURE_UNITS.test(unitWord) && !/^k$/i.test(unitWord)) continue;
    if (glued && /^k$/i.test(unitWord)) continue; // "3K": a distance marker, asked as a location
    if (TIME_UNITS.test(unitWord) || (MEASURE_UNITS.test(unitWord) && !glued)) {
      if (!glued) to += 1;
      const unit = unitWord.toLowerCase();
      const amount = `${answerNumber} ${unit}`;
      if (prev === 'every' || prev === 'each') {
        out.push({
          ...base,
          to,
          phraseFrom: from - 1,
          phraseTo: to,
          kind: 'frequency',
          answer: `Every ${amount}`,
          noun: unit,
        });
        continue;
      }
      if (prev === 'within') {
        // "within 1 hour of spotting it", "within 10 seconds of them reaching the desk".
        let end = to;
        if (strip(ws[to] ?? '').toLowerCase() === 'of') {
          end = to + 1;
          while (end < ws.length && !/[,;]$/.test(ws[end - 1]!)) end++;
        }
        out.push({
          ...base,
          to,
          phraseFrom: from - 1,
          phraseTo: end,
          kind: 'deadline',
          answer: `Within ${amount}`,
          noun: unit,
          preposition: 'within',
        });
        continue;
      }
      let phraseFrom = from;
      let modifier = '';
      let answer = glued ? word : amount;
      if (/^(?:least|most)$/.test(prev) && prev2 === 'at') {
        modifier = `at ${prev}`;
        phraseFrom -= 2;
      } else if (prev === 'to' && prev2 === 'up') {
        modifier = 'up to';
        phraseFrom -= 2;
      } else if (/^(?:to|–|-)$/.test(prev) && /^\d+(?:\.\d+)?$/.test(prev2)) {
        // "25 to 30 seconds": one answer.
        answer = `${prev2} to ${amount}`;
        phraseFrom -= 2;
      }
      const prep = strip(ws[phraseFrom - 1] ?? '').toLowerCase();
      const hasPrep = /^(?:for|after|in|to|at|of|by|under|over)$/.test(prep);
      // "32 metres tall" → "How tall"; "48 hours later" → "How many hours later".
      const after = strip(ws[to] ?? '').toLowerCase();
      const adjective = /^(?:tall|high|long|wide|deep|old|later|earlier|early|late|ahead)$/.test(
        after,
      )
        ? after
        : '';
      out.push({
        ...base,
        to,
        phraseFrom: hasPrep ? phraseFrom - 1 : phraseFrom,
        phraseTo: adjective ? to + 1 : to,
        kind: 'measure',
        answer: modifier ? `${capitalise(modifier)} ${answer}` : answer,
        noun: adjective ? `${unit} ${adjective}` : unit,
        preposition: hasPrep ? prep : '',
        modifier,
      });
      continue;
    }
    const value = numberValue(m[1]!);
    if (value === null || isWord) continue;
    const noun = countedNoun(ws, to);
    if (!noun || !/(?:s|people|children|staff|men|women)$/i.test(noun.noun) || value < 2) continue;
    let phraseFrom = from;
    let modifier = '';
    if (/^(?:least|most)$/.test(prev) && prev2 === 'at') {
      modifier = `at ${prev}`;
      phraseFrom -= 2;
    } else if (prev === 'to' && prev2 === 'up') {
      modifier = 'up to';
      phraseFrom -= 2;
    }
    const prep = strip(ws[phraseFrom - 1] ?? '').toLowerCase();
    const hasPrep = /^(?:across|after|at|in|for|of|with|from|to|by|over|under)$/.test(prep);
    out.push({
      ...base,
      to: noun.to,
      kind: 'count',
      answer: answerNumber,
      phraseFrom: hasPrep ? phraseFrom - 1 : phraseFrom,
      phraseTo: noun.to,
      noun: noun.noun,
      preposition: hasPrep ? prep : '',
      modifier,
    });
  }
  return out;
}

const ROLE_NOUNS =
  /^(?:manager|captain|coach|leader|lead|officer|director|warden|aider|technician|teacher|sponsor|ceo|head|headteacher|chef|trainer|instructor|owner|founder|supervisor|contact|chair|president|secretary|treasurer|nurse|doctor|guide|host|speaker|dpo)$/i;

const knownFirstName = memo((word: string): boolean => nlp(word).has('#FirstName'));
const isFirstName = (w: string): boolean => {
  const word = strip(w);
  return FIRST_NAME_SET.has(word) || knownFirstName(word);
};
export interface TextNames {
  people: readonly { text: string }[];
  places: ReadonlySet<string>;
}

/** One compromise parse of the whole text for its people and places (each statement reuses it). */
export const namesInText = memo((text: string): TextNames => {
  const doc = nlp(text);
  return {
    people: doc.people().json() as { text: string }[],
    places: new Set((doc.places().out('array') as string[]).map((p) => strip(p))),
  };
}, 200);

/** People: titles ("Mrs Patel", "Dr Anna Kowalski"), names after a role, agents ("by Edward I"). */
function personSpans(ws: readonly string[], names: TextNames): Omit<AnswerSpan, 'others'>[] {
  const out: Omit<AnswerSpan, 'others'>[] = [];
  const ranges: { from: number; to: number }[] = [];
  const add = (from: number, to: number) => {
    if (ranges.some((r) => r.from < to && from < r.to)) return;
    // "Bradford training centre", "St Mary's church hall": a name that names something else.
    const next = strip(ws[to] ?? '');
    if (
      /^[a-z]/.test(next) &&
      !PREPOSITIONS.has(next) &&
      !/^(?:and|or|is|are|was|were|who|will|to|has|runs|leads|gives)$/.test(next) &&
      !/[,.;:]$/.test(ws[to - 1]!)
    ) {
      if (!/^(?:must|should|can|may)$/.test(next)) return;
    }
    if (PLACE_HEADS.test(strip(ws[to - 1]!)) || /['’]s$/.test(strip(ws[to - 1]!))) return;
    ranges.push({ from, to });
    const answer = ws.slice(from, to).map(strip).join(' ');
    out.push({
      kind: 'person',
      answer,
      from,
      to,
      phraseFrom: from,
      phraseTo: to,
      preposition: '',
      noun: '',
      modifier: '',
    });
  };
  const nameEnd = (start: number, max: number) => {
    let j = start;
    while (
      j < ws.length &&
      j < start + max &&
      isCapitalised(ws[j]!) &&
      !PLACE_HEADS.test(strip(ws[j]!))
    ) {
      j++;
      if (/[,.;:]$/.test(ws[j - 1]!)) break;
    }
    return j;
  };
  for (let i = 0; i < ws.length; i++) {
    if (!TITLES.test(strip(ws[i]!)) || !isCapitalised(ws[i + 1] ?? '')) continue;
    add(i, nameEnd(i + 1, 3));
  }
  // A name after a role: "Our lead fire warden is Gemma Clarke", "the duty manager, Luis Romero".
  for (let i = 1; i < ws.length; i++) {
    const prev = strip(ws[i - 1]!).toLowerCase();
    if (!isCapitalised(ws[i]!) || /^(?:The|Our|A|An)$/.test(strip(ws[i]!))) continue;
    const roleBefore = ws.slice(Math.max(0, i - 5), i).some((w) => ROLE_NOUNS.test(strip(w)));
    const afterRole =
      (/^(?:is|was)$/.test(prev) || /,$/.test(ws[i - 1]!)) && (roleBefore || isFirstName(ws[i]!));
    const end = nameEnd(i, 3);
    if (
      afterRole &&
      (end - i >= 2 || isFirstName(ws[i]!)) &&
      !ROLE_NOUNS.test(strip(ws[i]!)) &&
      !/^(?:Director|Head|Manager|Chief|Lead)$/.test(strip(ws[i]!))
    ) {
      add(i, end);
    }
  }
  // A name followed by a role: "Mrs Patel is the trip leader", "Sarah Jones runs the first aid team".
  const people = names.people;
  for (const person of people) {
    const parts = words(strip(person.text.trim()));
    if (parts.length === 0 || !parts.every((p) => isCapitalised(p)) || !isFirstName(parts[0]!))
      continue;
    for (let i = 0; i + parts.length <= ws.length; i++) {
      if (parts.every((p, k) => strip(ws[i + k]!) === strip(p))) {
        const to = nameEnd(i, 3);
        if (to - i >= 2) add(i, to);
        break;
      }
    }
  }
  // A passive's agent: "built in 1283 by Edward I", "founded … by Margaret Holt".
  for (let i = 0; i < ws.length - 1; i++) {
    if (strip(ws[i]!).toLowerCase() !== 'by' || !isCapitalised(ws[i + 1]!)) continue;
    let j = i + 1;
    while (
      j < ws.length &&
      j < i + 4 &&
      (isCapitalised(ws[j]!) || /^(?:I|II|III|IV|V|VI|VII|VIII)$/.test(strip(ws[j]!)))
    ) {
      j++;
      if (/[,.;:]$/.test(ws[j - 1]!)) break;
    }
    if (
      j - i >= 2 &&
      !PLACE_HEADS.test(strip(ws[j - 1]!)) &&
      (isFirstName(ws[i + 1]!) || j - i === 3)
    )
      add(i + 1, j);
  }
  return out;
}

/** Named places: cities compromise knows, and "Hollins Park", "Poland Street", "the Orangery". */
function placeSpans(ws: readonly string[], names: TextNames): Omit<AnswerSpan, 'others'>[] {
  const out: Omit<AnswerSpan, 'others'>[] = [];
  const places = names.places;
  for (let i = 1; i < ws.length; i++) {
    const prep = strip(ws[i - 1]!).toLowerCase();
    if (!/^(?:in|at|on|from|near|to)$/.test(prep)) continue;
    let start = i;
    if (strip(ws[i]!).toLowerCase() === 'the') start = i + 1;
    if (!isCapitalised(ws[start] ?? '')) continue;
    let j = start;
    while (j < ws.length && j < start + 4 && isCapitalised(ws[j]!)) {
      j++;
      if (/[,.;:]$/.test(ws[j - 1]!)) break;
    }
    const name = ws.slice(start, j).map(strip).join(' ');
    const head = strip(ws[j - 1] ?? '');
    // "at the Red Lion", "at the Hilton Birmingham Metropole": a named venue.
    const venue = prep === 'at' && start === i + 1 && j - start >= 1 && j === ws.length;
    if (PLACE_HEADS.test(head) || places.has(name) || venue) {
      out.push({
        kind: 'place',
        answer: name,
        from: start,
        to: j,
        phraseFrom: i - 1,
        phraseTo: j,
        preposition: prep,
        noun: head,
        modifier: '',
      });
    }
  }
  return out;
}

/** A location phrase: "in the car park behind building B", "next to gate 3", "at reception". */
function locationSpans(ws: readonly string[]): Omit<AnswerSpan, 'others'>[] {
  const out: Omit<AnswerSpan, 'others'>[] = [];
  const lower = ws.map((w) => strip(w).toLowerCase());
  for (let i = 0; i < ws.length - 1; i++) {
    let prep = lower[i]!;
    let start = i + 1;
    if (prep === 'next' && lower[i + 1] === 'to') {
      prep = 'next to';
      start = i + 2;
    }
    if (!LOCATION_PREPOSITIONS.has(prep.split(' ')[0]!)) continue;
    if (/^(?:all|every|least|most|the\s+same)$/.test(lower[start] ?? '')) continue;
    if (LOCATION_PREPOSITIONS.has(lower[start] ?? '') || PREPOSITIONS.has(lower[start] ?? ''))
      continue; // "sign in at reception"
    // "on Wednesdays at Hollins Park", "at 7am in the canteen": a when, not a where.
    if (
      /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|\d.*|noon|midday|midnight|january|february|march|april|may|june|july|august|september|october|november|december)$/.test(
        lower[start] ?? '',
      )
    )
      continue;
    let j = start;
    let sawNoun = false;
    while (j < ws.length && j < start + 9) {
      const w = lower[j]!;
      const nextWord = strip(ws[j + 1] ?? '');
      const calendar =
        /^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|January|February|March|April|May|June|July|August|September|October|November|December)$/.test(
          nextWord,
        );
      const continues =
        /^(?:on|in|at)$/.test(w) &&
        !calendar &&
        ((isCapitalised(ws[j + 1] ?? '') && !/^\d/.test(nextWord)) ||
          (w === 'in' && lower[j + 1] === 'the' && LOCATION_NOUNS.test(lower[j + 2] ?? '')) ||
          (lower[j + 1] === 'the' &&
            (isCapitalised(ws[j + 2] ?? '') ||
              /^(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|ground|top)$/.test(
                lower[j + 2] ?? '',
              ))));
      if (/^(?:at|from|until|so|and|with|when|if|every|on|in)$/.test(w) && j > start && !continues)
        break;
      if (TIME.test(w) || /^\d{1,2}(?:am|pm)$/.test(w)) break;
      TIME.lastIndex = 0;
      if (LOCATION_NOUNS.test(w)) sawNoun = true;
      j++;
      if (/[,.;:]$/.test(ws[j - 1]!)) break;
    }
    TIME.lastIndex = 0;
    if (!sawNoun || j === start) continue;
    const np = ws.slice(start, j).map(strip).join(' ');
    const keepPreposition = !/^(?:in|at|on)$/.test(prep);
    const answer = capitalise(keepPreposition ? `${prep} ${np}` : np);
    if (answer.length > 40) continue;
    out.push({
      kind: 'location',
      answer,
      from: keepPreposition ? i : start,
      to: j,
      phraseFrom: i,
      phraseTo: j,
      preposition: prep,
      noun: '',
      modifier: '',
    });
  }
  return out;
}

/** Statement shapes whose answer is a thing, with a pool of wrong answers or none (typed). */
function shapeSpans(
  ws: readonly string[],
  verbAt: number,
  verbEnd: number,
): Omit<AnswerSpan, 'others'>[] {
  const out: Omit<AnswerSpan, 'others'>[] = [];
  const lower = ws.map((w) => strip(w).toLowerCase());
  const subject = ws.slice(0, verbAt).map(strip).join(' ');
  const verbGroup = lower.slice(verbAt, verbEnd).join(' ');
  const rest = ws.slice(verbEnd);
  const restText = rest.map(strip).join(' ');
  const rawRest = rest.join(' ').replace(/[.!]+$/, '');
  // "Our values are craft, kindness and community".
  if (
    /\b(?:values|behaviours|behaviors|principles|promise|motto|pillars)$/i.test(subject) &&
    /^(?:is|are|include)$/.test(verbGroup)
  ) {
    const items = rawRest
      .replace(/^["'“‘]|["'”’]$/g, '')
      .split(/,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/)
      .map((v) => strip(v.trim()))
      .filter(Boolean);
    if (items.length >= 2 && items.every((v) => words(v).length <= 3)) {
      for (const item of items) {
        const k = ws.findIndex(
          (w, idx) =>
            idx >= verbEnd && strip(w).toLowerCase() === item.split(' ')[0]!.toLowerCase(),
        );
        if (k < 0) continue;
        out.push({
          kind: 'listItem',
          answer: capitalise(item),
          from: k,
          to: k + words(item).length,
          phraseFrom: verbEnd,
          phraseTo: ws.length,
          preposition: '',
          noun: subject,
          modifier: '',
          pool: 'values',
        });
      }
    }
    return out;
  }
  const subjectWords = lower.slice(0, verbAt);
  const wearable = subjectWords.some((w) => WEARABLES.test(w));
  // "Hair nets must be worn in the bakehouse", "Helmets are compulsory on every club ride".
  if (
    verbAt > 0 &&
    verbAt <= 6 &&
    wearable &&
    (/\b(?:worn|used)$/.test(verbGroup) ||
      /^(?:compulsory|mandatory|required|essential)\b/.test(lower[verbEnd] ?? ''))
  ) {
    out.push({
      kind: 'thing',
      answer: capitalise(subject),
      from: 0,
      to: verbAt,
      phraseFrom: 0,
      phraseTo: verbAt,
      preposition: '',
      noun: '',
      modifier: '',
      pool: 'wearables',
    });
  }
  const never = /\bnever\b/.test(verbGroup) || lower.slice(0, verbAt).includes('never');
  const subjectIsThing =
    verbAt > 0 &&
    verbAt <= 3 &&
    !/^(?:we|you|they|i|everyone|it)$/i.test(subject) &&
    !/^(?:the|a|an)$/i.test(subject) &&
    !lower.slice(0, verbAt).every((w) => /^(?:never|always|please|also|then|just|do|not)$/.test(w));
  if (never && subjectIsThing && !wearable) {
    // "Master keys must never leave the building" → "What must never leave the building?"
    out.push({
      kind: 'thing',
      answer: capitalise(subject.replace(/^(?:the|our|your|all)\s+/i, '')),
      from: 0,
      to: verbAt,
      phraseFrom: 0,
      phraseTo: verbAt,
      preposition: '',
      noun: '',
      modifier: '',
    });
  }
  // "Never plug in USB sticks you find", "never use the lifts" → "What should you never use?"
  if (verbAt <= 1 && lower[0] === 'never' && rest.length > 0) {
    const objectWords: string[] = [];
    for (const w of rest) {
      const t = strip(w).toLowerCase();
      if (PREPOSITIONS.has(t) || /^(?:you|we|that|which|when|if|unless)$/.test(t)) break;
      objectWords.push(strip(w));
      if (/[,.;:]$/.test(w)) break;
    }
    const object = objectWords.join(' ').replace(/^(?:the|a|an|any|your)\s+/i, '');
    if (object !== '' && object.split(/\s+/).length <= 3) {
      const verb = ws.slice(verbAt, verbEnd).map(strip).join(' ').toLowerCase();
      out.push({
        kind: 'thing',
        answer: capitalise(object),
        from: verbEnd,
        to: verbEnd + objectWords.length,
        phraseFrom: verbEnd,
        phraseTo: verbEnd + objectWords.length,
        preposition: '',
        noun: '',
        modifier: '',
        question: `What should you never ${verb}?`,
      });
    }
  }
  // "The chocolate brownie is gluten free" → "What is the chocolate brownie free of?"
  const free = /^(\w+)[ -]free$/i.exec(restText);
  if (free && /^(?:is|are)$/.test(verbGroup) && verbAt > 0) {
    out.push({
      kind: 'thing',
      answer: capitalise(free[1]!.toLowerCase()),
      from: verbEnd,
      to: ws.length,
      phraseFrom: verbEnd,
      phraseTo: ws.length,
      preposition: '',
      noun: '',
      modifier: '',
      question: `What ${verbGroup} ${subject.charAt(0).toLowerCase()}${subject.slice(1)} free of?`,
    });
  }
  // "the 'Report Phish' button", "the Famly app": the name is the answer ("Which app …?").
  for (const m of ws
    .join(' ')
    .matchAll(
      /\bthe\s+(['"‘“]?)((?:[A-Z][\w-]*\s?){1,3})\1\s+(app|button|system|tool|platform|portal|website|channel|account|form|folder)\b/g,
    )) {
    const before = ws.join(' ').slice(0, m.index).split(/\s+/).filter(Boolean).length;
    const span = m[0].split(/\s+/).length;
    if (before < verbEnd) continue;
    out.push({
      kind: 'thing',
      answer: m[2]!.trim(),
      from: before + 1,
      to: before + span - 1,
      phraseFrom: before,
      phraseTo: before + span,
      preposition: '',
      noun: m[3]!,
      modifier: '',
    });
  }
  // "Complaints must be logged in Salesforce": a named system after a verb of recording.
  const logged =
    /\b(?:logged|recorded|entered|saved|booked|posted|shared|filed)\s+(?:in|on|through|via)\s+([A-Z][\w-]+)$/.exec(
      ws
        .slice(0, ws.length)
        .join(' ')
        .replace(/\s+(?:on|by|within|before|after)\s+the\s+\w+\s+\w+$/, ''),
    );
  if (logged) {
    const k = ws.findIndex((w) => strip(w) === logged[1]);
    if (k >= verbEnd)
      out.push({
        kind: 'thing',
        answer: logged[1]!,
        from: k,
        to: k + 1,
        phraseFrom: k - 1,
        phraseTo: k + 1,
        preposition: 'where',
        noun: '',
        modifier: '',
      });
  }
  // "Our key retailer is Currys", "Dress code is smart casual": a short name as the answer.
  if (
    /^(?:is|are|was)$/.test(verbGroup) &&
    verbAt > 0 &&
    rest.length > 0 &&
    rest.length <= 2 &&
    !/\d/.test(restText) &&
    !/^(?:the|a|an|our|open|closed|free|compulsory|mandatory|available|required)$/i.test(
      lower[verbEnd] ?? '',
    ) &&
    !/\bfree$/i.test(restText) &&
    !/\b(?:values|behaviours|promise|motto)$/i.test(subject)
  ) {
    out.push({
      kind: 'thing',
      answer: capitalise(restText.replace(/^['"“‘]|['"”’]$/g, '')),
      from: verbEnd,
      to: ws.length,
      phraseFrom: verbEnd,
      phraseTo: ws.length,
      preposition: '',
      noun: '',
      modifier: '',
    });
  }
  // "Our pesto contains pine nuts".
  if (/^contains?$/.test(verbGroup) && rest.length > 0 && rest.length <= 4) {
    out.push({
      kind: 'thing',
      answer: capitalise(restText),
      from: verbEnd,
      to: ws.length,
      phraseFrom: verbEnd,
      phraseTo: ws.length,
      preposition: '',
      noun: '',
      modifier: '',
      pool: 'allergens',
    });
  }
  return out;
}

/**
 * The answerable parts of a statement. `names` are the people and places of the whole text
 * (namesInText), so that the NLP library reads the text once rather than every statement.
 */
export function findSpans(
  text: string,
  verbAt: number,
  verbEnd: number,
  names: TextNames = namesInText(text),
): AnswerSpan[] {
  const ws = words(text);
  const at = wordIndexer(text);
  const values = findValues(text);
  // A date wins over the weekday and month inside it; a time or money over a bare number.
  const kept = values.filter((v) => {
    if (v.kind === 'weekday' || v.kind === 'month' || v.kind === 'year') {
      return !values.some((w) => w.kind === 'date' && overlaps(v, w));
    }
    return true;
  });
  const spans: Omit<AnswerSpan, 'others'>[] = [];
  for (const v of kept) {
    const span = spanFor(ws, v, at);
    if (span) spans.push(span);
  }
  spans.push(...numberSpans(text, ws, values, at));
  spans.push(...frequencySpans(text, at));
  spans.push(...personSpans(ws, names));
  spans.push(...placeSpans(ws, names));
  const locations = locationSpans(ws);
  // The longest location wins: "in the store room on the second floor", not "on the second floor".
  const outer = locations.filter(
    (l) =>
      !locations.some(
        (o) =>
          o !== l &&
          o.phraseFrom <= l.phraseFrom &&
          o.phraseTo >= l.phraseTo &&
          o.phraseTo - o.phraseFrom > l.phraseTo - l.phraseFrom,
      ),
  );
  spans.push(...outer);
  if (verbAt >= 0) spans.push(...shapeSpans(ws, verbAt, verbEnd));
  const inLocation = (s: Omit<AnswerSpan, 'others'>) =>
    (s.kind === 'place' || s.kind === 'person') &&
    outer.some(
      (l) =>
        l.phraseFrom <= s.from &&
        l.phraseTo >= s.to &&
        (s.kind === 'person' || l.phraseTo - l.phraseFrom > s.phraseTo - s.phraseFrom),
    );

  return spans
    .filter((s) => !inLocation(s))
    .filter(
      (s) =>
        !(
          s.kind === 'person' &&
          spans.some((p) => p.kind === 'place' && p.from < s.to && s.from < p.to)
        ),
    )
    .filter((s) => s.answer.length > 0 && s.answer.length <= 40)
    .map((s) => ({
      ...s,
      others: spans
        .filter((o) => o !== s && sameFamily(o.kind, s.kind))
        .map((o) => o.answer)
        .filter((a) => a.toLowerCase() !== s.answer.toLowerCase()),
    }));
}

/** Kinds whose values can stand in for each other as wrong answers. */
export function sameFamily(a: AnswerKind, b: AnswerKind): boolean {
  const family = (k: AnswerKind) =>
    k === 'place' || k === 'location' ? 'where' : k === 'count' || k === 'measure' ? 'number' : k;
  return family(a) === family(b);
}

export { tokens };
