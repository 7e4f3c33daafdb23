/**
 * The organiser's text cut into what it says and what it asks for. Organisers mix both:
 * "Fire safety at our Manchester office: the assembly point is in the car park behind building
 * B, fire wardens wear yellow vests, the alarm is tested every Tuesday at 10am…". The heading
 * ("Fire safety at our Manchester office") names the subject; the clauses after it are
 * statements, each of which may become a question. Lists, bullets, numbered rules, "Label:
 * value" lines and clauses joined by commas or "and" are all split here.
 */
import { DETERMINERS, PREPOSITIONS, hasVerb, parseClause, tokens, verbIndex } from './clause';
import { AUXILIARIES, verbForm } from './verbs';
import { words } from './words';

export interface Statement {
  /** One clause that states something, as a sentence without its closing full stop. */
  text: string;
  /** The organiser's sentence it came from (the task's provenance). */
  sentence: string;
  /** Set when the statement was a "Label: value" line ("Product manager: Nadia Okafor"). */
  label?: string;
  /** A condition the organiser put first: "if you hear a continuous alarm". */
  condition?: string;
}

export interface ReadText {
  statements: Statement[];
  /** Phrases naming what the activity is about: headings, titles, "please cover …" requests. */
  subjects: string[];
}

const ABBREVIATIONS = /\b(?:Mr|Mrs|Ms|Dr|St|Prof|No|e\.g|i\.e|etc|approx|vs|Ltd|ext)\.$/i;
const REQUEST =
  /^(?:please\s+)?(?:(?:also\s+)?(?:cover|include|add|focus on|mention|ask about)\b|keep it\b|make it\b|with\b|plus\b)/i;
const COLOUR_START =
  /^(?:red|orange|yellow|green|blue|purple|pink|black|white|grey|gray|brown|navy|teal|gold|silver)\b/i;

const clean = (s: string): string => {
  const trimmed = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s*•–—-]+/, '')
    .replace(/[\s,;:.!?…)]+$/, '')
    .trim();
  // A closing quote stays when the clause opened one ("…is 'Warmth, made simple'").
  const opens = (trimmed.match(/(?:^|\s)["“‘']/g) ?? []).length;
  const withoutQuote = trimmed.replace(/["”’']+$/, '');
  return (opens > 0 ? trimmed : withoutQuote.replace(/^["“‘']+/, '')).replace(/[\s,;:.!?…]+$/, '');
};

function splitSentences(text: string): string[] {
  const out: string[] = [];
  const normalised = text.replace(/…/g, '. ').replace(/\r/g, '');
  for (const rawLine of normalised.split('\n')) {
    // Bullets and numbered rules: "- Hi-vis…", "• …", "1. Knives…", "2) …".
    const line = rawLine.replace(/^\s*(?:[-*•–—]|\d{1,2}[.)])\s+/, '');
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (ch !== '.' && ch !== '!' && ch !== '?') continue;
      const next = line[i + 1];
      if (next !== undefined && next !== ' ') continue; // 5.30pm, 99.5%, e.g.
      const sofar = line.slice(start, i + 1);
      if (ch === '.' && ABBREVIATIONS.test(sofar)) continue;
      out.push(line.slice(start, i + 1));
      start = i + 1;
    }
    out.push(line.slice(start));
  }
  return out.map(clean).filter((s) => s !== '');
}

/** Splits at a colon that is not part of a time ("10:30") or inside quotes. */
function splitColon(sentence: string): [string, string] | null {
  const masked = maskQuotes(sentence);
  const match = /(?<!\d):(?!\d)/.exec(masked);
  if (!match) return null;
  return [clean(sentence.slice(0, match.index)), clean(sentence.slice(match.index + 1))];
}

/** The sentence with the insides of quotes blanked, so that their commas do not split it. */
function maskQuotes(s: string): string {
  return s.replace(
    /(["“'‘])([^"”'’]{2,60}?)(["”'’])(?=[\s,.;:!?]|$)/g,
    (all, open: string, inside: string, close: string) =>
      /\w$/.test(s.slice(0, s.indexOf(all))) && open === "'"
        ? all
        : `${open}${inside.replace(/[,;:]/g, ' ')}${close}`,
  );
}

/** The subject and verb of a clause, to copy into a clause that leaves them out. */
function subjectAndVerb(clause: string): { subject: string; verb: string } | null {
  const parts = parseClause(clause);
  if (!parts || parts.imperative || parts.subject === '') return null;
  const verb = parts.head.toLowerCase();
  if (!AUXILIARIES.has(verb) && !verbForm(verb)) return null;
  return { subject: parts.subject, verb: parts.head };
}

/**
 * A clause that leaves out its verb because the one before has it: "yellow cloths for
 * bathrooms" after "Blue cloths are for bedrooms" → "yellow cloths are for bathrooms"; "blue for
 * visitors" after "Hard hats are white for managers" → "Hard hats are blue for visitors".
 */
function fillGap(part: string, previous: string): string | null {
  const sv = subjectAndVerb(previous);
  if (!sv) return null;
  // Only a copula or a main verb can be copied alone ("must" needs its verb).
  if (AUXILIARIES.has(sv.verb.toLowerCase()) && !/^(?:is|are|was|were)$/i.test(sv.verb))
    return null;
  const ts = tokens(part);
  const ws = words(part);
  if (ts.length === 0) return null;
  const startsWithValue = COLOUR_START.test(part) && PREPOSITIONS.has(ts[1] ?? '');
  if (startsWithValue || /^[\d£$€]/.test(ts[0]!)) return `${sv.subject} ${sv.verb} ${part}`;
  if (!DETERMINERS.has(ts[0]!) && !COLOUR_START.test(part)) return null;
  const cut = ts.findIndex((t, i) => i > 0 && (PREPOSITIONS.has(t) || /^[\d£$€]/.test(t)));
  if (cut <= 0 || cut > 5) return null;
  return `${ws.slice(0, cut).join(' ')} ${sv.verb} ${ws.slice(cut).join(' ')}`;
}

const SUBORDINATE =
  /^(?:if|when|whenever|so|because|unless|although|though|while|once|as soon as|even when|even if|so that|but|or|never|not|then)\b/i;

/** "and" joining two verbs or two clauses, found word by word. */
function splitAnd(clause: string): string[] {
  const ws = words(clause);
  const ts = tokens(clause);
  const parts: string[] = [];
  let from = 0;
  let subject: string | null = subjectAndVerb(clause)?.subject ?? null;
  for (let i = from + 1; i < ts.length - 1; i++) {
    if (ts[i] !== 'and' && ts[i] !== 'but') continue;
    if (ts[i - 2] === 'between' || ts[i - 3] === 'between') continue; // "between 2°C and 8°C"
    const before = ws.slice(from, i).join(' ');
    let j = i + 1;
    while (j < ts.length && /^(?:then|now|also)$/.test(ts[j]!)) j++;
    const after = ws.slice(j).join(' ');
    if (!hasVerb(before)) continue;
    // "listen, trust and grow": the last item of a list, not a second verb.
    if (/,\s+\S+$/.test(before) && !/,\s+\S+$/.test(ws.slice(from, from + 1).join(' '))) continue;
    const firstAfter = ts[j] ?? '';
    const entry = verbForm(firstAfter);
    const instruction =
      parseClause(before)?.imperative === true && parseClause(after)?.imperative === true;
    const gapped = !hasVerb(after) && tokens(after).length >= 2 ? fillGap(after, before) : null;
    if (gapped) {
      // "Hard hats are blue for visitors and orange for operatives".
      parts.push(before);
      parts.push(...splitAnd(gapped));
      return parts.map(clean).filter(Boolean);
    }
    if (instruction) {
      parts.push(before);
      from = j;
      i = j;
      continue;
    }
    const subjectless =
      subject !== null &&
      ((entry !== null && (entry.form === 'third' || entry.form === 'past')) ||
        AUXILIARIES.has(firstAfter) ||
        (entry?.form === 'base' &&
          (/^(?:we|you|they|i)$/i.test(subject) ||
            /[^s]s$/i.test(subject.split(/\s+/).at(-1) ?? ''))));
    const afterVerb = verbIndex(after);
    const afterSubject = tokens(after).slice(0, Math.max(0, afterVerb));
    const relativeClause =
      afterSubject.length >= 2 && /^(?:we|you|they|i)$/.test(afterSubject.at(-1) ?? '');
    const newClause =
      afterVerb > 0 &&
      afterVerb <= 8 &&
      !relativeClause &&
      !afterSubject.includes('and') &&
      !ws.slice(j, j + afterVerb).some((w) => w.endsWith(','));
    if (subjectless) {
      parts.push(before);
      ws.splice(from, j - from, ...words(subject!));
      ts.splice(from, j - from, ...tokens(subject!));
      i = from;
    } else if (newClause) {
      parts.push(before);
      from = j;
      i = j;
      subject = subjectAndVerb(after)?.subject ?? subject;
    }
    if (subjectless) from = from + 0;
  }
  parts.push(ws.slice(from).join(' '));
  return parts.map(clean).filter(Boolean);
}

/**
 * Commas and semicolons join clauses ("the assembly point is in the car park…, fire wardens wear
 * yellow vests, the alarm is tested…") or list items ("craft, kindness and community"): a part
 * without a verb stays with the clause before, unless it repeats that clause's shape.
 */
function splitClauses(sentence: string): string[] {
  const clauses: string[] = [];
  const masked = maskQuotes(sentence);
  for (const piece of splitKeeping(sentence, masked, /\s*;\s*/g)) {
    const parts = splitKeeping(piece.text, piece.masked, /,\s+(?:and\s+)?/g).map((p) => p.text);
    let current = '';
    for (const part of parts) {
      if (current === '') {
        current = part;
        continue;
      }
      const participle = verbForm(tokens(part)[0] ?? '');
      if (participle && participle.form === 'past' && !/^(?:we|you)$/i.test(tokens(part)[0]!)) {
        const sv = subjectAndVerb(current);
        if (sv && /^(?:is|are|was|were)$/i.test(sv.verb)) {
          // "Our house espresso is a double shot…, pulled in 25 to 30 seconds".
          clauses.push(current);
          current = `${sv.subject} ${sv.verb} ${part}`;
          continue;
        }
      }
      const relative = /^(?:who|which)\s+(.*)$/i.exec(part);
      if (relative && hasVerb(current)) {
        // "…was Lady Isabel Marsh, who defended the castle in 1461".
        const name = /((?:[A-Z][\w'’-]*\s+){0,3}[A-Z][\w'’-]*)$/.exec(current)?.[1];
        clauses.push(current);
        current = name ? `${name} ${relative[1]}` : '';
        continue;
      }
      const at = verbIndex(part);
      const subordinate = SUBORDINATE.test(part);
      if (!hasVerb(current) && at > 0 && !subordinate) {
        // "Teams of 4, the quiz starts at 7:30pm": the verbless part goes on its own.
        clauses.push(current);
        current = part;
        continue;
      }
      if (!subordinate && at >= 0 && hasVerb(current) && !SUBORDINATE.test(current)) {
        const partSubject = tokens(part).slice(0, at);
        if (at === 0 || !partSubject.includes('and')) {
          clauses.push(current);
          current = part;
          continue;
        }
      }
      const filled = !subordinate && hasVerb(current) && at < 0 ? fillGap(part, current) : null;
      if (filled) {
        clauses.push(current);
        current = filled;
        continue;
      }
      current = `${current}, ${part}`;
    }
    if (current !== '') clauses.push(current);
  }
  return clauses.flatMap(splitAnd).map(withoutPurpose);
}

/** "Visitors must sign in at reception so we know who is in the building" → without "so …". */
function withoutPurpose(clause: string): string {
  return clean(
    clause.replace(/,?\s+so(?:\s+that)?\s+(?:we|you|they|everyone|children|people)\b.*$/i, ''),
  );
}

/** Splits `text` where `pattern` matches in `masked` (the same text with quotes blanked). */
function splitKeeping(
  text: string,
  masked: string,
  pattern: RegExp,
): { text: string; masked: string }[] {
  const out: { text: string; masked: string }[] = [];
  let last = 0;
  for (const match of masked.matchAll(pattern)) {
    out.push({ text: text.slice(last, match.index), masked: masked.slice(last, match.index) });
    last = match.index + match[0].length;
  }
  out.push({ text: text.slice(last), masked: masked.slice(last) });
  return out.filter((p) => p.text.trim() !== '');
}

/** "It costs £149" after "the Aurora X2 smart thermostat goes on sale" → the thermostat costs. */
function resolvePronoun(clause: string, previousSubject: string | null): string {
  if (!previousSubject) return clause;
  return clause.replace(/^(?:it|they)\b/i, (pronoun) =>
    /^they$/i.test(pronoun) && !/s$/i.test(previousSubject)
      ? pronoun
      : previousSubject.charAt(0).toUpperCase() + previousSubject.slice(1),
  );
}

const WEEKDAY_WORD = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$/i;

/**
 * A verbless clause that says when something is ("Team talk every Monday at 7:45am in the
 * canteen", "Year 6 trip to the Natural History Museum on Thursday 12 June") reads as "… is
 * on/at …".
 */
function verblessStatement(clause: string): string | null {
  const match =
    /^(.{3,}?)\s+((?:every|on|at|from)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))/i.exec(
      clause,
    );
  if (!match) return null;
  const subject = match[1]!;
  if (words(subject).length > 10 || /,/.test(subject)) return null;
  const plural = /s$/i.test(tokens(subject).at(-1) ?? '') && !/ss$/i.test(subject);
  return `${subject} ${plural ? 'are' : 'is'} ${clause.slice(match[1]!.length + 1)}`;
}

/**
 * A verbless phrase that still says something: "Teams of 4" (each team has 4 people), "Friday
 * social at the Red Lion" (the social is at the Red Lion).
 */
function verblessFact(phrase: string): string | null {
  const teams = /^(teams|groups|tables)\s+of\s+(\d+)$/i.exec(phrase.trim());
  if (teams) return `Each ${teams[1]!.toLowerCase().replace(/s$/, '')} has ${teams[2]} people`;
  const at =
    /^(.*\b(?:social|party|quiz night|dinner|lunch|breakfast|drinks|event|fair|barbecue|bbq))\s+(at\s+the\s+[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*)$/.exec(
      phrase.trim(),
    );
  if (at)
    return `The ${at[1]!.replace(/^[A-Z]/, (c) => (/^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day/.test(at[1]!) ? c : c.toLowerCase()))} is ${at[2]}`;
  return null;
}

/** A subject phrase without the words that only frame the request. */
function subjectPhrase(s: string): string {
  return clean(
    s
      .replace(REQUEST, '')
      .replace(/\b(?:too|as well|please)\b/gi, '')
      .replace(/^(?:welcome to|keep it practical and|practical and|about)\s+/i, '')
      .replace(/^(?:keep it practical and|practical and|about)\s+/i, ''),
  );
}

/** "Label: value" items: "blue bins for paper and card" → "blue bins are for paper and card". */
function labelStatements(label: string, value: string): string[] {
  const plural = /s$/i.test(label) && !/ss$/i.test(label);
  const items = value.split(/,\s+(?:and\s+)?/);
  return (items.every((item) => HAS_VALUE.test(item)) ? items : [value])
    .map((item) => {
      const ts = tokens(item);
      const cut = ts.findIndex((t, i) => i > 0 && i <= 3 && t === 'for');
      if (cut > 0 && (COLOUR_START.test(item) || DETERMINERS.has(ts[0]!))) {
        const ws = words(item);
        const itemPlural = /s$/i.test(ts[cut - 1]!);
        return `${ws.slice(0, cut).join(' ')} ${itemPlural ? 'are' : 'is'} ${ws.slice(cut).join(' ')}`;
      }
      return `${label} ${plural ? 'are' : 'is'} ${item}`;
    })
    .map(clean);
}

const HAS_VALUE =
  /\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:red|orange|yellow|green|blue|purple|pink|black|white|grey|navy|teal)\b/i;

export function readText(text: string): ReadText {
  const statements: Statement[] = [];
  const subjects: string[] = [];
  let previousSubject: string | null = null;
  let previousObject: string | null = null;
  let previousInSentence: { sentence: string; subject: string | null } | null = null;

  const addStatement = (clause: string, sentence: string, label?: string, condition?: string) => {
    let resolved = resolvePronoun(clause, previousSubject);
    // "Every Friday at 4pm is 'Fernhill Fika', coffee and cake…" → "'Fernhill Fika' is every Friday at 4pm".
    const inverted =
      /^((?:every|on)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b[^,]*?)\s+(is|are)\s+([^,]+)/i.exec(
        resolved,
      );
    if (inverted)
      resolved = `${inverted[3]} ${inverted[2]} ${inverted[1]!.charAt(0).toLowerCase()}${inverted[1]!.slice(1)}`;
    // "We have 12 trained mental health first aiders and they wear green lanyards".
    if (/^they\b/i.test(resolved) && previousObject)
      resolved = resolved.replace(/^they\b/i, previousObject);
    const parts = parseClause(resolved);
    let context = condition;
    if (
      !context &&
      parts?.imperative &&
      previousInSentence?.sentence === sentence &&
      previousInSentence.subject
    ) {
      // "Our Employee Assistance Programme is free, call 0800 555 0199" → "… for our Employee Assistance Programme".
      context = `for ${previousInSentence.subject.replace(/^(?:Our|The|Your)\b/, (w) => w.toLowerCase())}`;
    }
    statements.push({
      text: resolved,
      sentence,
      ...(label ? { label } : {}),
      ...(context ? { condition: context } : {}),
    });
    const sv = subjectAndVerb(resolved);
    previousObject = null;
    if (sv && !/^(?:we|you|i|they|it|everyone|this)$/i.test(sv.subject)) {
      previousSubject = sv.subject.replace(/^The\b/, 'the');
    } else if (parts && !parts.imperative) {
      const object = parts.rest
        .split(/\s+(?:at|in|on|for|with|to|from|and|who|that)\s+|,/)[0]!
        .replace(/^(?:\d[\d,]*|the|a|an|some|our)\s+/i, '')
        .trim();
      if (/s$/.test(object) && object.split(/\s+/).length <= 5) previousObject = object;
    }
    previousInSentence = {
      sentence,
      subject: sv && !/^(?:we|you|i|they|it|everyone|this)$/i.test(sv.subject) ? sv.subject : null,
    };
  };

  for (const sentence of splitSentences(text)) {
    if (REQUEST.test(sentence) && !/^(?:with\b|plus\b)/i.test(sentence)) {
      subjects.push(subjectPhrase(sentence));
      continue;
    }
    const colon = splitColon(sentence);
    let body = sentence;
    if (colon) {
      const [left, right] = colon;
      const leftHasVerb = hasVerb(left);
      const rightVerb = verbIndex(right);
      const shortLabel = !leftHasVerb && words(left).length <= 4;
      if (WEEKDAY_WORD.test(left) && right !== '') {
        // "Thursday: yoga with Amira in meeting room 2 at 5pm."
        addStatement(`${right} ${rightVerb > 0 ? 'on' : 'is on'} ${left}`, sentence);
        continue;
      }
      if (shortLabel && right !== '' && (rightVerb < 0 || rightVerb > 4)) {
        // "Product manager: Nadia Okafor", "Uniform: black trousers and the red jumper we give you";
        // not a list of topics ("General knowledge quiz: geography, history and science").
        const named =
          /\s[A-Z]|^[A-Z][a-z]+\s+[A-Z]|^#/.test(right) || /^(?:Mr|Mrs|Ms|Dr)\b/.test(right);
        if (HAS_VALUE.test(right) || named) {
          for (const statement of labelStatements(left, right))
            addStatement(statement, sentence, left);
          continue;
        }
      }
      const headingFact = !leftHasVerb ? verblessFact(left) : null;
      if (headingFact) addStatement(headingFact, sentence);
      if (!leftHasVerb && right !== '' && rightVerb >= 0) {
        // "Fire safety at our office: the assembly point is…": a heading, then statements.
        subjects.push(subjectPhrase(left));
        body = right;
      } else if (!leftHasVerb) {
        subjects.push(subjectPhrase(left));
        subjects.push(...right.split(/,\s*/).map(subjectPhrase));
        continue;
      } else {
        // "Every Friday at 4pm is 'Fernhill Fika': coffee and cake in the atrium."
        body = rightVerb >= 0 ? `${left}, ${right}` : left;
      }
    }
    if (!hasVerb(body)) {
      const statement = verblessStatement(body);
      // "Team talk every Monday at 7:45am": a statement; "Onboarding for new starters": a subject.
      if (statement && !text.startsWith(body)) addStatement(statement, sentence);
      else {
        if (statement) addStatement(statement, sentence);
        subjects.push(subjectPhrase(body));
      }
      continue;
    }
    // "If you hear a continuous alarm, leave by the nearest exit": the condition stays in front.
    const condition = /^((?:if|when|whenever)\s[^,]+),\s+(.*)$/i.exec(body);
    const clauses = condition ? splitClauses(condition[2]!) : splitClauses(body);
    for (const clause of clauses) {
      if (!hasVerb(clause)) {
        const statement = verblessStatement(clause) ?? verblessFact(clause);
        if (statement) addStatement(statement, sentence);
        continue;
      }
      addStatement(
        clause,
        sentence,
        undefined,
        condition?.[1]?.replace(/^[A-Z]/, (c) => c.toLowerCase()),
      );
      // "Report any lost property to the duty manager, Luis Romero" also says who that is.
      const apposition =
        /\b(?:the|our|your)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}),\s+((?:(?:Dr|Mr|Mrs|Ms|Miss|Nurse)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)$/.exec(
          clause,
        );
      if (apposition) addStatement(`The ${apposition[1]} is ${apposition[2]}`, sentence);
    }
  }
  return {
    statements: statements.filter((s) => words(s.text).length >= 2),
    subjects: [...new Set(subjects.filter((s) => s !== ''))],
  };
}
