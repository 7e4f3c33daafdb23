/**
 * A question a person would write, from one statement and the part of it to ask for: the
 * wh-words for the kind of answer ("On which day", "What colour vests", "How many loaves"), moved
 * to the front with the auxiliary ("is the alarm tested"), or with "do"/"does"/"did" for a main
 * verb ("do fire wardens wear"). "the alarm is tested every Tuesday at 10am" asked for the day
 * gives "On which day is the alarm tested at 10am?"; "fire wardens wear yellow vests" asked for
 * the colour gives "What colour vests do fire wardens wear?". When no such question can be made
 * the caller falls back to asking for the whole predicate or to a gap-fill.
 */
import nlp from 'compromise';
import type { AnswerSpan } from './answerSpans';
import { TIME_UNITS } from './answerSpans';
import type { Clause } from './clause';
import { memo } from './memo';
import { baseForm, pastTense, thirdPersonOf, verbForm } from './verbs';
import { words, strip, capitalise } from './words';

const PRONOUN_SUBJECTS = new Set(['we', 'you', 'they', 'i']);
const OBJECT_PRONOUNS: Record<string, string> = {
  we: 'us',
  i: 'me',
  they: 'them',
  he: 'him',
  she: 'her',
};
const MASS_NOUNS =
  /^(?:waste|glass|milk|water|food|paper|gas|linen|meat|equipment|information|data|feedback|lunch|breakfast|training|money|cash|registration|security|hygiene|uniform|clothing|pe|safety|check-out|check-in|payday)$/i;
const DETERMINER =
  /^(?:the|a|an|our|your|their|his|her|its|this|that|these|those|every|each|all|any|some|no|my)$/i;
const LOCATION_VERBS =
  /^(?:is|are|was|were|be|kept|keep|stored|store|hangs?|hang|hung|located|found|meets?|meet|sits?|sit|line|lines|goes?|go|sign|signs|park|parks|held|hold|based|served|serve|trade|trades|run|runs|logged|log|booked|book)$/i;
const MEASURE_NOUNS =
  /\b(?:limit|speed|life|length|time|temperature|size|height|target|duration|distance|weight|age|price|cost|fee|allowance|discount|budget|float)\b/i;

/** Whether a word is a name (kept capitalised inside a question) rather than a sentence's first word. */
function isProper(word: string, names?: ReadonlySet<string>): boolean {
  const w = strip(word);
  if (names?.has(w)) return true;
  if (
    /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?$|^(?:January|February|March|April|June|July|August|September|October|November|December)$/.test(
      w,
    )
  )
    return true;
  if (/^[A-Z0-9]{2,}$/.test(w) || /\d/.test(w) || w === 'I') return true;
  if (!/^[A-Z]/.test(w)) return false;
  return knownName(w) && !DETERMINER.test(w);
}

const knownName = memo((w: string): boolean =>
  nlp(w).has('(#ProperNoun|#Person|#Place|#Organization|#Acronym)'),
);

/** The subject as it reads inside a question: "Our values" → "our values", "Staff discount" → "the staff discount". */
export function subjectInQuestion(
  subject: string,
  label: boolean,
  names?: ReadonlySet<string>,
): string {
  const ws = words(subject);
  if (ws.length === 0) return '';
  const first = ws[0]!;
  if (
    !isProper(first, names) ||
    DETERMINER.test(first) ||
    PRONOUN_SUBJECTS.has(first.toLowerCase())
  ) {
    ws[0] = first === 'I' ? first : first.charAt(0).toLowerCase() + first.slice(1);
  }
  const head = strip(ws.at(-1)!).toLowerCase();
  const bare =
    !DETERMINER.test(ws[0]!) &&
    !PRONOUN_SUBJECTS.has(ws[0]!.toLowerCase()) &&
    !/^\d/.test(ws[0]!) &&
    !(/s$/.test(head) && !/ss$/.test(head)) &&
    !MASS_NOUNS.test(head) &&
    !/\d/.test(head) &&
    !isProper(ws[0]!, names);
  const hasPreposition = ws.some((w) => /^(?:on|in|at|for|of|with|from)$/i.test(w));
  if (bare && !hasPreposition && (label || ws.length >= 2)) ws.unshift('the');
  return ws.join(' ');
}

/** "We" → "us": the subject of a passive as the object of the active question. */
function asObject(subject: string): string {
  const lower = subject.toLowerCase();
  return OBJECT_PRONOUNS[lower] ?? subject;
}

function doSupport(clause: Clause): string {
  const entry = verbForm(clause.head);
  if (entry?.form === 'past' || entry?.form === 'participle') return 'did';
  if (entry?.form === 'third') return 'does';
  if (entry === null && /[^s]s$/i.test(clause.head)) return 'does';
  return 'do';
}

export interface AskContext {
  label?: string;
  condition?: string;
  /** Words the organiser capitalises inside sentences: names that keep their capital. */
  names?: ReadonlySet<string>;
}

/** The wh-words for a span, with the preposition they take along ("On which day", "By what time"). */
export function whPhrase(
  span: AnswerSpan,
  clause: Clause,
  inSubject: boolean,
  copulaPredicate: boolean,
): string | null {
  const prep = span.preposition;
  const pied = (phrase: string, preps: Record<string, string>, fallback: string | null) =>
    prep === '' ? phrase : (preps[prep] ?? fallback);
  switch (span.kind) {
    case 'time':
      return pied(
        'What time',
        {
          at: 'What time',
          by: 'By what time',
          from: 'From what time',
          until: 'Until what time',
          till: 'Until what time',
          to: 'Until what time',
          before: 'Before what time',
          after: 'After what time',
          around: 'At around what time',
        },
        null,
      );
    case 'weekday':
      if (span.answer.startsWith('The ')) return 'When';
      if (/ to /.test(span.answer)) return 'On which days';
      if (inSubject) return 'Which day';
      return (
        pied(
          / and /.test(span.answer) ? 'On which days' : 'On which day',
          {
            on: 'On which day',
            every: 'On which day',
            each: 'On which day',
            by: 'By which day',
            until: 'Until which day',
            from: 'From which day',
            before: 'Before which day',
            after: 'After which day',
          },
          null,
        )?.replace(/day$/, / and /.test(span.answer) ? 'days' : 'day') ?? null
      );
    case 'date':
      if (prep === 'range') return 'When';
      return pied(
        'On what date',
        {
          on: 'On what date',
          from: 'From what date',
          by: 'By what date',
          until: 'Until what date',
          till: 'Until what date',
          since: 'Since what date',
          before: 'Before what date',
          after: 'After what date',
        },
        null,
      );
    case 'month':
      return pied(
        'In which month',
        {
          in: 'In which month',
          every: 'In which month',
          each: 'In which month',
          by: 'By which month',
          until: 'Until which month',
          from: 'From which month',
          during: 'In which month',
          since: 'Since which month',
        },
        null,
      );
    case 'year':
      return pied(
        'In which year',
        {
          in: 'In which year',
          since: 'Since which year',
          from: 'Since which year',
          until: 'Until which year',
          by: 'By which year',
          before: 'Before which year',
          after: 'After which year',
        },
        null,
      );
    case 'percent':
      if (inSubject) return null;
      if (span.noun.startsWith('of ')) return `What percentage ${span.noun}`;
      if (span.noun === 'change') return 'By what percentage';
      if (span.noun !== '') return `What ${span.noun}`;
      if (span.modifier === 'up to') return 'How much';
      if (prep === 'by') return 'By how much';
      if (copulaPredicate) return 'What';
      return prep === '' ? 'What percentage' : null;
    case 'money':
      if (prep === 'article') return 'What';
      if (inSubject || prep !== '') return null;
      return 'How much';
    case 'temperature':
      if (prep === 'between') return 'Between which temperatures';
      return pied(
        'What temperature',
        { to: 'To what temperature', at: 'At what temperature' },
        null,
      );
    case 'count':
      if (inSubject) return null;
      return capitalise(
        `${prep ? `${prep} ` : ''}${span.modifier ? `${span.modifier} ` : ''}how many ${span.noun}`,
      );
    case 'measure': {
      if (inSubject) return null;
      const [unit, adjective] = span.noun.split(' ');
      if (adjective && /^(?:later|earlier|ahead|early|late)$/.test(adjective))
        return `How many ${unit} ${adjective}`;
      if (adjective) return `How ${adjective}`;
      const timeUnit = TIME_UNITS.test(span.noun);
      if (copulaPredicate && MEASURE_NOUNS.test(clause.subject)) return 'What';
      if (timeUnit) {
        if (prep === 'after') return 'After how long';
        if (prep === 'for' || prep === '' || prep === 'in') return 'How long';
        return null;
      }
      if (/^(?:mph|km\/h|kph)$/i.test(span.noun))
        return prep === 'at' ? 'At what speed' : copulaPredicate ? 'How fast' : 'What speed';
      if (/^(?:oz|ml|l|litres?|liters?)$/i.test(span.noun))
        return copulaPredicate ? 'How big' : null;
      if (/^(?:g|grams?|kg|kilos?|kilograms?)$/i.test(span.noun))
        return prep === '' ? `How many ${/^k/i.test(span.noun) ? 'kilograms' : 'grams'}` : null;
      return null;
    }
    case 'frequency':
      return 'How often';
    case 'deadline':
      return 'How soon';
    case 'ordinal':
      return 'Which';
    case 'colour':
      if (/colou?rs?$/i.test(clause.subject) && copulaPredicate) return 'What';
      if (span.modifier === 'list' && !copulaPredicate)
        return span.noun ? `What colour ${span.noun}` : 'What colours';
      if (copulaPredicate) return 'What colour';
      if (span.noun !== '') return `What colour ${span.noun}`;
      if (span.others.length > 0 && !copulaPredicate) return 'Which colour';
      return 'What colour';
    case 'person':
      return 'Who';
    case 'place':
      return prep === 'to' || prep === 'from' ? null : 'Where';
    case 'location': {
      const verbs = [clause.head, ...words(clause.verbRest)].map((w) => strip(w).toLowerCase());
      const located =
        copulaPredicate ||
        verbs.some((v) => LOCATION_VERBS.test(v) || LOCATION_VERBS.test(baseForm(v)));
      if (!located || /\bnever\b/.test(`${clause.adverb} ${clause.verbRest}`)) return null;
      // "by" is a place only with verbs of being somewhere: "hangs by the back door".
      if (
        prep === 'by' &&
        !/^(?:is|are|hangs?|hung|kept|stored|sits?|located)$/.test(verbs.at(-1) ?? '') &&
        !copulaPredicate
      )
        return null;
      return 'Where';
    }
    case 'identifier':
      if (span.answer.startsWith('#')) return copulaPredicate ? 'What' : null;
      if (/^0\d/.test(span.answer) || span.noun === 'number') return 'Which number';
      return prep === '' ? `Which ${span.noun}` : `${capitalise(prep)} which ${span.noun}`;
    case 'listItem':
      return null;
    case 'thing':
      if (span.noun) return `Which ${span.noun}`;
      if (prep === 'where') return 'Where';
      return span.pool === 'allergens' ? 'What' : inSubject || copulaPredicate ? 'What' : null;
    default:
      return null;
  }
}

const tidy = (s: string): string =>
  capitalise(
    s
      .replace(/\s+/g, ' ')
      .replace(/\s+([,?])/g, '$1')
      .replace(/,\s*\?$/, '?')
      .trim(),
  );

/** Only the part of the predicate between commas that holds the asked phrase. */
function commaSegment(
  ws: readonly string[],
  from: number,
  to: number,
  phraseFrom: number,
  phraseTo: number,
): [number, number] {
  let start = from;
  for (let i = from; i < phraseFrom; i++) if (/,$/.test(ws[i]!)) start = i + 1;
  let end = to;
  for (let i = phraseTo - 1; i < to; i++) {
    if (i >= 0 && /,$/.test(ws[i]!) && i >= phraseTo - 1) {
      end = i + 1;
      break;
    }
  }
  return [start, end];
}

const isAre = (noun: string): string => (/[^s]s$/i.test(noun.trim()) ? 'are' : 'is');

/**
 * The question for a span of a statement, or null when the span sits where no natural question
 * reaches it (inside the verb group, the middle of the subject, …).
 */
export function askFor(
  text: string,
  clause: Clause,
  span: AnswerSpan,
  context: AskContext = {},
): string | null {
  const ws = words(text).map((w, i, all) => (i === all.length - 1 ? w.replace(/[.!]+$/, '') : w));
  const lowerHead = clause.head.toLowerCase();
  const copula = /^(?:is|are|was|were|am)$/.test(lowerHead) && clause.verbRest === '';
  const condition = context.condition ? ` ${context.condition}` : '';
  if (span.question) return tidy(span.question.replace(/\?$/, `${condition}?`));
  // A name after a comma is an apposition ("the duty manager, Luis Romero"): asked elsewhere.
  if (span.kind === 'person' && /,$/.test(ws[span.from - 1] ?? '')) return null;

  // Fronted words before a pronoun subject: "Last year we raised …" → "… last year?".
  let subjectStart = 0;
  const subjectTokens = ws.slice(0, clause.subjectEnd).map((w) => strip(w).toLowerCase());
  const pronounAt = subjectTokens.findIndex((t) => PRONOUN_SUBJECTS.has(t));
  if (pronounAt > 0) subjectStart = pronounAt;
  const fronted =
    subjectStart > 0
      ? ` ${ws.slice(0, subjectStart).join(' ').replace(/,$/, '').toLowerCase()}`
      : '';
  const label = context.label !== undefined;
  const adverb = clause.adverb ? ` ${clause.adverb}` : '';
  const subjectOf = (from: number, to: number, drop?: [number, number]) =>
    subjectInQuestion(
      ws
        .slice(from, to)
        .filter((_, k) => !drop || from + k < drop[0] || from + k >= drop[1])
        .join(' '),
      label,
      context.names,
    );
  const subject = subjectOf(subjectStart, clause.subjectEnd);

  const inSubject = !clause.imperative && span.phraseTo <= clause.subjectEnd;
  const inRest = span.phraseFrom >= clause.end;
  if (!inSubject && !inRest) return null;
  const predicateStart = inRest && span.phraseFrom === clause.end;
  const copulaPredicate = copula && predicateStart && span.phraseTo >= ws.length;

  // "Core hours are 10am to 4pm" → "What time do core hours start?"; "open 8am to 6pm" → "open".
  if (span.kind === 'time' && span.rangeEnd && copula && inRest) {
    const opening = /^open$/i.test(strip(ws[clause.end] ?? ''));
    const rangeFirst = opening ? clause.end + 1 : clause.end;
    if (span.phraseFrom === rangeFirst && subject !== '') {
      const verb = opening
        ? span.rangeEnd === 'start'
          ? 'open'
          : 'close'
        : span.rangeEnd === 'start'
          ? 'start'
          : 'finish';
      const tail = ws.slice(span.phraseTo).join(' ').replace(/^,\s*/, '');
      const does = /^(?:are|were)$/.test(lowerHead) ? 'do' : 'does';
      return tidy(`What time ${does} ${subject} ${verb} ${tail}${condition}?`);
    }
  }

  // "Our best seller is the chipotle chicken taco at £4.50" → "How much is the chipotle chicken taco?";
  // "Highlight of the day is the blue whale skeleton in Hintze Hall" → "Where is the blue whale skeleton?".
  if (copula && inRest && !predicateStart && /^(?:the|a|an)$/i.test(strip(ws[clause.end] ?? ''))) {
    const np = ws.slice(clause.end, span.phraseFrom).join(' ').replace(/,$/, '');
    const npOk = words(np).length <= 5 && !/[,;]/.test(np);
    if (npOk && (span.kind === 'place' || span.kind === 'location') && span.phraseTo >= ws.length) {
      return tidy(`Where ${isAre(np)} ${np.charAt(0).toLowerCase()}${np.slice(1)}${condition}?`);
    }
    if (npOk && span.kind === 'money' && span.preposition === 'at' && span.phraseTo >= ws.length) {
      return tidy(`How much ${isAre(np)} ${np.charAt(0).toLowerCase()}${np.slice(1)}${condition}?`);
    }
  }

  // "Uniform is black trousers and the red Christmas jumper" → "What colour are the trousers in the uniform?"
  if (span.kind === 'colour' && copula && inRest && !copulaPredicate && subject !== '') {
    let noun = span.noun;
    if (noun === '' && /^in$/i.test(strip(ws[span.phraseFrom - 1] ?? ''))) {
      // "a group necker in red and yellow" → the necker
      const np: string[] = [];
      for (let k = span.phraseFrom - 2; k >= clause.end && np.length < 3; k--) {
        const w = strip(ws[k]!);
        if (DETERMINER.test(w) || /^(?:with|and)$/i.test(w)) break;
        np.unshift(w);
      }
      noun = np.join(' ');
    }
    if (noun !== '')
      return tidy(`What colour ${isAre(noun)} the ${noun} in ${subject}${condition}?`);
  }

  const wh = whPhrase(span, clause, inSubject, copulaPredicate || (copula && predicateStart));
  if (!wh) return null;

  if (inSubject) {
    const det = DETERMINER.test(strip(ws[0] ?? ''));
    const wholeSubject = span.phraseFrom <= (det ? 1 : 0) && span.phraseTo === clause.subjectEnd;
    const modifier =
      (span.phraseFrom === 0 || (span.phraseFrom === 1 && det)) &&
      (span.kind === 'colour' || span.kind === 'ordinal');
    if (span.kind === 'ordinal' || (modifier && span.noun === '')) {
      // "the 10th coffee is free" → "Which coffee is free?"
      return tidy(`${wh} ${ws.slice(span.phraseTo).join(' ')}${condition}?`);
    }
    if (!wholeSubject && !modifier) {
      // A when/where inside the subject moves out: "Saturday club rides leave …" → "On which day
      // do club rides leave …?"; "Lunchtime walk at 12:30 … is on Monday" → "What time is …?".
      const movable = ['weekday', 'time', 'date', 'place', 'location', 'month', 'year'].includes(
        span.kind,
      );
      if (!movable) return null;
      const rest = subjectOf(subjectStart, clause.subjectEnd, [span.phraseFrom, span.phraseTo]);
      if (rest === '' || /^(?:the|a|an)$/i.test(rest)) return null;
      const moved = wh === 'Which day' ? 'On which day' : wh;
      if (clause.auxiliary) {
        return tidy(
          `${moved} ${lowerHead} ${rest}${adverb} ${clause.verbRest} ${ws.slice(clause.end).join(' ')}${condition}?`,
        );
      }
      const does = /[^s]s$/i.test(strip(ws[clause.subjectEnd - 1] ?? ''))
        ? 'do'
        : doSupport(clause);
      return tidy(
        `${moved} ${does} ${rest}${adverb} ${baseForm(clause.head)} ${clause.verbRest} ${ws.slice(clause.end).join(' ')}${condition}?`,
      );
    }
    let head = clause.head;
    const bare = wh === 'Who' || wh === 'What' || wh === 'Which day';
    if (bare) {
      if (/^are$/i.test(head)) head = 'is';
      else if (/^were$/i.test(head)) head = 'was';
      else if (/^have$/i.test(head)) head = 'has';
      else if (!clause.auxiliary && verbForm(head)?.form === 'base') head = thirdPersonOf(head);
    }
    const between = ws.slice(span.phraseTo, clause.at).join(' ');
    const rest = [head.toLowerCase(), clause.verbRest, ws.slice(clause.end).join(' ')]
      .filter(Boolean)
      .join(' ');
    return tidy(`${wh} ${between} ${rest}${condition}?`);
  }

  // The answer is after the verb: the wh-words go first, the auxiliary (or do) after them.
  const [segFrom, segTo] = commaSegment(ws, clause.end, ws.length, span.phraseFrom, span.phraseTo);
  const beforePhrase = ws.slice(segFrom, span.phraseFrom);
  let afterPhrase = ws.slice(span.phraseTo, segTo);
  const strandedPrep = /^(?:in|on|at|into|onto|to|with|for|from|inside|behind|by)$/i.test(
    strip(beforePhrase.at(-1) ?? ''),
  );
  const whTakesPrep =
    /^(?:On|At|In|By|From|Until|Since|Before|After|To|Across|For|Of|With|Within|Over|Under|Between|Up)\b/.test(
      wh,
    ) ||
    wh === 'Where' ||
    wh === 'When' ||
    wh === 'How soon' ||
    wh === 'How often';
  if (
    strandedPrep &&
    !whTakesPrep &&
    ['colour', 'person', 'thing', 'identifier'].includes(span.kind)
  ) {
    // "What colour sharps bin does broken glass go in?": the preposition ends the question.
    afterPhrase = [];
  } else if (strandedPrep && whTakesPrep && span.preposition === '') {
    beforePhrase.pop();
  }
  const remaining = [...beforePhrase, ...afterPhrase].join(' ').replace(/,$/, '');

  // A passive's agent asked with "Who": "The castle was built in 1283 by Edward I" → "Who built the castle in 1283?".
  if (
    span.kind === 'person' &&
    strip(ws[span.from - 1] ?? '').toLowerCase() === 'by' &&
    clause.auxiliary &&
    clause.verbRest !== ''
  ) {
    const participle = strip(words(clause.verbRest).at(-1)!);
    const past = /^(?:was|were|had)$/i.test(lowerHead);
    const verb = past ? pastTense(participle) : thirdPersonOf(participle);
    const restWithoutAgent = ws
      .slice(clause.end, span.from - 1)
      .concat(ws.slice(span.to))
      .join(' ');
    return tidy(`Who ${verb} ${asObject(subject)} ${restWithoutAgent}${fronted}${condition}?`);
  }

  if (clause.imperative) {
    return tidy(
      `${wh} should you${adverb} ${clause.head.toLowerCase()} ${clause.verbRest} ${remaining}${condition}?`,
    );
  }
  if (subject === '') return null;
  if (clause.auxiliary) {
    return tidy(
      `${wh} ${lowerHead} ${subject}${adverb} ${clause.verbRest} ${remaining}${fronted}${condition}?`,
    );
  }
  const base = baseForm(clause.head);
  return tidy(
    `${wh} ${doSupport(clause)} ${subject}${adverb} ${base} ${clause.verbRest} ${remaining}${fronted}${condition}?`,
  );
}

/**
 * The predicate as the answer, for a copula statement whose asked part sits inside it ("Our best
 * seller is the chipotle chicken taco at £4.50" → "What is our best seller?").
 */
export function askForPredicate(
  text: string,
  clause: Clause,
  kind: AnswerSpan['kind'],
  context: AskContext = {},
): { question: string; answer: string } | null {
  const lowerHead = clause.head.toLowerCase();
  if (!/^(?:is|are|was|were)$/.test(lowerHead) || clause.verbRest !== '' || clause.imperative)
    return null;
  const predicate = clause.rest.replace(/[.!]+$/, '').trim();
  if (predicate === '' || predicate.length > 40 || /,/.test(predicate)) return null;
  const subject = subjectInQuestion(clause.subject, context.label !== undefined, context.names);
  if (subject === '' || PRONOUN_SUBJECTS.has(subject.toLowerCase())) return null;
  const wh =
    kind === 'weekday' || kind === 'date' || kind === 'time' || kind === 'month' || kind === 'year'
      ? 'When'
      : kind === 'location' || kind === 'place'
        ? 'Where'
        : kind === 'person'
          ? 'Who'
          : 'What';
  const answer = wh === 'Where' ? predicate.replace(/^(?:in|at|on)\s+/i, '') : predicate;
  const condition = context.condition ? ` ${context.condition}` : '';
  return {
    question: tidy(`${wh} ${lowerHead} ${subject}${condition}?`),
    answer: capitalise(answer),
  };
}

/** A clean gap-fill when no question reaches the part: “Ratios are 1 adult to ____ children…”. */
export function gapFill(text: string, span: AnswerSpan): string {
  const ws = words(text);
  const before = ws.slice(0, span.from).join(' ');
  const after = ws.slice(span.to).join(' ');
  const sentence = capitalise(`${before} ____ ${after}`.replace(/\s+/g, ' ').trim()).replace(
    /[.!]*$/,
    '.',
  );
  return `Fill the gap: “${sentence}”`;
}

export { strip as stripWord };
