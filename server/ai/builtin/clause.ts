/**
 * The parts of one clause of the organiser's text: its subject, its verb group and the rest
 * ("the alarm | is tested | every Tuesday at 10am"; "fire wardens | wear | yellow vests";
 * "(you) | report | every near miss…"). Questions are made by moving these parts
 * (questionForm.ts). The verb list (verbs.ts) comes first; compromise fills the gaps, because it
 * often takes a plural noun for a verb ("fire wardens wear" → "wardens").
 */
import nlp from 'compromise';
import { memo } from './memo';
import { AUXILIARIES, COPULAS, VERB_ADVERBS, verbForm } from './verbs';
import { strip, words } from './words';

export interface Clause {
  /** Words before the verb group, as written; '' for an instruction ("Report every…"). */
  subject: string;
  /** The first word of the verb group: an auxiliary ("is", "must") or the main verb. */
  head: string;
  /** The verb group after the head: "tested", "never be worn", "" for "wear". */
  verbRest: string;
  /** Everything after the verb group. */
  rest: string;
  /** Adverbs before the verb: "never" in "never use the lifts", "then" in "we then have". */
  adverb: string;
  /** True when the head is an auxiliary that can move to the front of a question. */
  auxiliary: boolean;
  /** An instruction: "Report every near miss…", "Never use the lifts". */
  imperative: boolean;
  /** Word indices: the subject ends at subjectEnd, the verb group is [at, end). */
  subjectEnd: number;
  at: number;
  end: number;
}

export const DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'our',
  'your',
  'their',
  'his',
  'her',
  'its',
  'this',
  'that',
  'these',
  'those',
  'every',
  'each',
  'all',
  'any',
  'some',
  'no',
  'my',
]);

export const PREPOSITIONS: ReadonlySet<string> = new Set([
  'at',
  'in',
  'on',
  'by',
  'for',
  'from',
  'to',
  'with',
  'of',
  'behind',
  'next',
  'near',
  'under',
  'until',
  'till',
  'before',
  'after',
  'within',
  'across',
  'between',
  'inside',
  'outside',
  'beyond',
  'above',
  'below',
  'into',
  'onto',
  'through',
  'during',
  'opposite',
  'beside',
  'around',
  'per',
]);

const PRONOUNS = new Set(['we', 'you', 'they', 'i', 'he', 'she', 'it', 'everyone', 'who']);
const IRREGULAR_PLURALS = new Set([
  'children',
  'people',
  'staff',
  'men',
  'women',
  'police',
  'crew',
]);
/** Words that may follow an instruction's verb: "Report every…", "Wash your…", "Call 999". */
const AFTER_INSTRUCTION = new Set([
  ...DETERMINERS,
  ...PREPOSITIONS,
  'you',
  'them',
  'it',
  'up',
  'out',
  'off',
  'in',
  'down',
  'away',
  'back',
  'over',
  'on',
  'open',
]);
const LEADING_ADVERBS = new Set(['always', 'never', 'please', 'also', 'then', 'just', 'do']);

/** The tokens of a clause, lower case, without punctuation around them. */
export const tokens = (s: string): string[] => words(s).map((w) => strip(w).toLowerCase());

const looksPlural = (t: string): boolean =>
  IRREGULAR_PLURALS.has(t) || (/s$/.test(t) && !/(?:ss|us|is)$/.test(t));

/** Whether the word at i is a verb rather than a noun ("the steam wand", "lunchtime walk at"). */
function isVerbAt(ts: readonly string[], raw: readonly string[], i: number): boolean {
  const t = ts[i]!;
  const before = ts[i - 1];
  if (before !== undefined && (DETERMINERS.has(before) || PREPOSITIONS.has(before))) return false;
  // "the Priority Services Register": a word inside a name is not a verb.
  if (i > 0 && /^[A-Z]/.test(raw[i] ?? '') && /^[A-Z]/.test(raw[i - 1] ?? '')) return false;
  if (AUXILIARIES.has(t)) {
    // "13–17 May", "Will Smith": a capital letter inside a sentence is a name, not a modal.
    if (i > 0 && /^[A-Z]/.test(raw[i] ?? '') && (t === 'may' || t === 'will')) return false;
    return true;
  }
  const entry = verbForm(t);
  if (!entry || entry.form === 'gerund') return false;
  if (i === 0) return true;
  if (entry.form === 'base') {
    // A base form needs a plural or pronoun subject: "Shifts start", "we bake", "never use".
    return (
      before !== undefined &&
      (PRONOUNS.has(before) || looksPlural(before) || VERB_ADVERBS.has(before))
    );
  }
  if (entry.form === 'third') {
    // "Allergy orders go", "fire wardens wear": the first of two verbs is a noun.
    const after = ts[i + 1];
    if (after !== undefined && (AUXILIARIES.has(after) || verbForm(after)?.form === 'base')) {
      return false;
    }
  }
  return true;
}

const isAdjective = memo((word: string): boolean => nlp(word).has('#Adjective'));
const compromiseTerms = memo(
  (clause: string) => (nlp(clause).json()[0]?.terms ?? []) as { text: string; tags: string[] }[],
);

/** Where the verb group starts, or -1 when the clause has none. */
export const verbIndex = memo(findVerbIndex);

function findVerbIndex(clause: string): number {
  const raw = words(clause);
  const ts = tokens(clause);
  let start = 0;
  while (start < ts.length - 1 && LEADING_ADVERBS.has(ts[start]!)) start++;
  // An instruction: a verb first, followed by what it acts on ("Wash your hands").
  const first = verbForm(ts[start] ?? '');
  if (first && first.form === 'base') {
    const next = ts[start + 1];
    const instruction =
      next === undefined ||
      AFTER_INSTRUCTION.has(next) ||
      /^[\d£$€]/.test(next) ||
      (start > 0 && ts[start - 1] !== 'do') ||
      isAdjective(raw.slice(start + 1, start + 2).join(' '));
    if (instruction) return start;
  }
  for (let i = start + 1; i < ts.length; i++) {
    if (ts[i - 1] === 'and' || ts[i - 1] === 'or') {
      // "listen, trust and grow": a list of words, not a new verb.
      if (!AUXILIARIES.has(ts[i]!)) continue;
    }
    if (isVerbAt(ts, raw, i)) return i;
  }
  // compromise for verbs the list does not know ("The law names 14 major allergens").
  const terms = compromiseTerms(clause);
  for (const term of terms) {
    if (!term.tags.includes('Verb') || term.tags.includes('Gerund')) continue;
    const at = ts.indexOf(term.text.replace(/[),.;:!?"'”’]+$/g, '').toLowerCase(), 1);
    if (at > 0 && !DETERMINERS.has(ts[at - 1]!) && !PREPOSITIONS.has(ts[at - 1]!)) {
      if (looksPlural(ts[at]!) && ts[at - 1] !== undefined && !PRONOUNS.has(ts[at - 1]!)) {
        // "fire wardens" again: a plural after a noun is the subject, not the verb.
        if (!/s$/.test(term.text) || !/^(?:the|a|an)$/.test(ts[0] ?? '')) continue;
      }
      return at;
    }
  }
  return -1;
}

export const hasVerb = (clause: string): boolean => verbIndex(clause) >= 0;

const BE_FORMS = new Set(['be', 'been', 'being']);
const HAVE_FORMS = new Set(['have', 'has', 'had']);
const PARTICLES = new Set(['off', 'up', 'in', 'out', 'down', 'away', 'back', 'over']);

/** The clause's parts, or null when it has no verb. */
export function parseClause(clause: string): Clause | null {
  const at = verbIndex(clause);
  if (at < 0) return null;
  const raw = words(clause);
  const ts = tokens(clause);
  const n = ts.length;
  const before = ts.slice(0, at);
  const imperative = before.every((t) => LEADING_ADVERBS.has(t));
  // Adverbs between the subject and the verb ("we then have", "Staff never use") go with it.
  let subjectEnd = at;
  while (subjectEnd > 0 && VERB_ADVERBS.has(ts[subjectEnd - 1]!) && !imperative) subjectEnd--;
  const headToken = ts[at]!;
  let auxiliary = AUXILIARIES.has(headToken);
  let end = at + 1;
  if (auxiliary && HAVE_FORMS.has(headToken)) {
    // "We have 12 first aiders": "have" is the main verb unless a participle follows.
    let k = at + 1;
    while (k < n && VERB_ADVERBS.has(ts[k]!)) k++;
    const entry = verbForm(ts[k] ?? '');
    auxiliary = ts[k] === 'been' || (entry !== null && entry.form === 'participle');
  }
  if (auxiliary) {
    while (end < n && (GROUP_ADVERBS.has(ts[end]!) || BE_FORMS.has(ts[end]!))) end++;
    const entry = verbForm(ts[end] ?? '');
    const rightAfterCopula = COPULAS.has(headToken) && end === at + 1;
    const mainVerb =
      entry !== null &&
      entry.form !== 'third' &&
      entry.form !== 'gerund' &&
      !(rightAfterCopula && entry.form === 'base') &&
      !(COPULAS.has(headToken) && entry.form === 'base');
    if (mainVerb) end++;
    else if (end > at + 1 && BE_FORMS.has(ts[end - 1]!)) {
      // "must be ready": the group ends at "be".
    } else end = Math.min(end, at + 1 + countAdverbs(ts, at + 1));
  }
  const next = ts[end + 1];
  const copulaOnly = COPULAS.has(headToken) && end === at + 1;
  if (
    !copulaOnly &&
    end < n - 1 &&
    PARTICLES.has(ts[end]!) &&
    next !== undefined &&
    !DETERMINERS.has(next) &&
    next !== 'to' &&
    !/^\d/.test(next) &&
    !/^[A-Z]/.test(raw[end + 1] ?? '')
  ) {
    end++;
  }
  return {
    subject: imperative ? '' : raw.slice(0, subjectEnd).join(' '),
    adverb: imperative ? before.join(' ') : raw.slice(subjectEnd, at).join(' ').toLowerCase(),
    head: raw[at]!.replace(/[),.;:!?"'”’]+$/g, ''),
    verbRest: raw.slice(at + 1, end).join(' '),
    rest: raw.slice(end).join(' '),
    auxiliary,
    imperative,
    subjectEnd: imperative ? 0 : subjectEnd,
    at,
    end,
  };
}

const GROUP_ADVERBS = new Set([
  'never',
  'only',
  'ever',
  'always',
  'also',
  'not',
  'usually',
  'now',
  'still',
  'just',
  'normally',
  'often',
]);

function countAdverbs(ts: readonly string[], from: number): number {
  let k = 0;
  while (from + k < ts.length && GROUP_ADVERBS.has(ts[from + k]!)) k++;
  return k;
}
