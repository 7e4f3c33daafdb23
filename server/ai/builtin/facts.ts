/**
 * Questions from the organiser's own facts. Every statement of their text ("the alarm is tested
 * every Tuesday at 10am", "fire wardens wear yellow vests") is searched for answerable parts
 * (answerSpans.ts); each becomes the best question that can be made for it:
 *
 * 1. a question a person would write ("On which day is the alarm tested at 10am?"), with three
 *    wrong answers of the same kind, or typed when the answer is short and exact;
 * 2. for "X is Y" statements whose part sits inside Y, "What is X?" with Y as the answer and
 *    wrong answers that change only that part;
 * 3. a clean gap-fill of the statement.
 *
 * A wrong answer is never a value the text gives for the same thing: the values of the statement
 * itself and of statements about the same subject are excluded.
 */
import type { AnswerKind, AnswerSpan } from './answerSpans';
import { sameFamily } from './answerSpans';
import { distractorsFor, sameAnswer, variedAnswers, type Three } from './distractors';
import type { OrganiserText, ReadStatement } from './organiserText';
import { askFor, askForPredicate, gapFill, subjectInQuestion } from './questionForm';
import type { Random } from './random';
import { STOP_WORDS } from './stopWords';
import { capitalise } from './words';

export interface OrganiserFact {
  kind: AnswerKind;
  /** The organiser's sentence the question comes from (its provenance). */
  sentence: string;
  /** Which statement of the text, so that one statement does not fill the quiz. */
  statement: number;
  answer: string;
  /** Three wrong answers of the same kind, or null when the answer can only be typed. */
  distractors: Three | null;
  /** Short and exact enough to be typed. */
  typeable: boolean;
  /** Task title and question text. */
  name: string;
  text: string;
  /** 3: a natural question with wrong answers of its kind; 2: "What is X?"; 1: a gap-fill. */
  quality: number;
  /** Words of the statement the answer takes, so that two facts of a statement never overlap. */
  from: number;
  to: number;
}

const MAX_ANSWER_LENGTH = 40;
const MAX_QUESTION_LENGTH = 180;
const KIND_NAMES: Partial<Record<AnswerKind, string>> = {
  time: 'What time?',
  weekday: 'Which day?',
  date: 'Key date',
  month: 'Which month?',
  year: 'Key year',
  percent: 'By the numbers',
  money: 'How much?',
  temperature: 'Temperature check',
  count: 'By the numbers',
  measure: 'By the numbers',
  frequency: 'How often?',
  deadline: 'How soon?',
  ordinal: 'By the numbers',
  colour: 'Colour check',
  person: "Who's who",
  place: 'Where is it?',
  location: 'Where is it?',
  identifier: 'Know the number',
  listItem: 'Our values',
  thing: 'House rules',
};
const NAME_SUFFIX: Partial<Record<AnswerKind, string>> = {
  time: 'time',
  weekday: 'day',
  date: 'date',
  month: 'month',
  year: 'year',
  colour: 'colour',
  frequency: 'frequency',
  deadline: 'deadline',
};

const contentWords = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map((w) => w.replace(/s$/, ''));

const singular = (w: string): string =>
  /ies$/.test(w)
    ? `${w.slice(0, -3)}y`
    : /(?:ches|shes|xes|sses)$/.test(w)
      ? w.slice(0, -2)
      : /(?:ss|us)$/.test(w)
        ? w
        : w.replace(/s$/, '');

/** A task title from the statement's subject: "Assembly point", "Vest colour", "Alarm day". */
function taskName(read: ReadStatement, span: AnswerSpan): string {
  const fallback = KIND_NAMES[span.kind] ?? 'Our facts';
  const clause = read.clause;
  if (span.kind === 'listItem')
    return capitalise(span.noun.replace(/^(?:the|our|your)\s+/i, 'Our ')).slice(0, 40);
  if (span.kind === 'colour' && span.noun) {
    const noun = span.noun
      .split(/\s+/)
      .map((w, i, all) => (i === all.length - 1 ? singular(w) : w));
    return capitalise(`${noun.join(' ')} colour`);
  }
  const subject = clause && !clause.imperative ? clause.subject : '';
  const np = subject
    .replace(/^(?:the|a|an|our|your|their|each|every|all|this)\s+/i, '')
    .replace(/(?<!\d)[.,;:!?'"“”‘’()]|[.,;:!?'"“”‘’()](?!\d)/g, '')
    .trim();
  const inSubject = clause !== null && span.phraseTo <= clause.subjectEnd;
  if (
    np === '' ||
    inSubject ||
    /^(?:we|you|they|it|i|everyone)$/i.test(np) ||
    np.split(/\s+/).length > 4
  ) {
    return fallback;
  }
  const suffix =
    NAME_SUFFIX[span.kind] && !new RegExp(`\\b${NAME_SUFFIX[span.kind]}s?$`, 'i').test(np)
      ? NAME_SUFFIX[span.kind]
      : undefined;
  const base = suffix
    ? `${np
        .split(/\s+/)
        .map((w, i, all) => (i === all.length - 1 ? singular(w) : w))
        .join(' ')} ${suffix}`
    : np;
  return capitalise(base).slice(0, 40);
}

/** Short, exact answers a team can type: a year, a day, a colour, a small number, one name. */
function isTypeable(kind: AnswerKind, answer: string): boolean {
  const words = answer.split(/\s+/).length;
  switch (kind) {
    case 'year':
    case 'month':
      return true;
    case 'weekday':
      return words === 1;
    case 'colour':
      return words === 1;
    case 'count':
    case 'identifier':
      return /^\d{1,4}$/.test(answer);
    case 'place':
    case 'person':
      return words === 1;
    case 'thing':
      return words <= 2 && answer.length <= 20;
    default:
      return false;
  }
}

/** The words that say what a statement is about: its subject's content words. */
function statementKey(read: ReadStatement): Set<string> {
  const subject = read.clause && !read.clause.imperative ? read.clause.subject : '';
  return new Set(contentWords(subject || read.statement.text.split(/\s+/).slice(0, 4).join(' ')));
}

function overlapping(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const w of a) if (b.has(w)) return true;
  return false;
}

/** Every fact found in the organiser's text, best question first within each statement. */
/** Capitalised words inside sentences ("Android follows…" after a comma): names to keep. */
function namesIn(topics: string): Set<string> {
  const names = new Set<string>();
  for (const m of topics.matchAll(
    /(?<![.!?:\n]\s{0,3}|^\s*)(?<=[\p{L}\p{N},;'’)]\s+)([A-Z][\p{L}\p{N}'’-]*)/gu,
  )) {
    names.add(m[1]!.replace(/['’]s$/, ''));
  }
  return names;
}

/** When two facts of a statement overlap, the more specific kind asks the better question. */
const KIND_PRIORITY: Partial<Record<AnswerKind, number>> = {
  colour: 3,
  time: 3,
  weekday: 3,
  date: 3,
  person: 3,
  location: 2,
  place: 2,
  identifier: 1,
  thing: 1,
};

export function extractFacts(text: OrganiserText, topics: string, random: Random): OrganiserFact[] {
  const keys = text.statements.map(statementKey);
  const names = namesIn(topics);
  const facts: OrganiserFact[] = [];
  text.statements.forEach((read, index) => {
    const { statement, clause } = read;
    const context = {
      names,
      ...(statement.label ? { label: statement.label } : {}),
      ...(statement.condition ? { condition: statement.condition } : {}),
    };
    // Values of the same kind said about the same thing elsewhere are never wrong answers.
    const sameThing = text.statements.filter(
      (_, j) => j !== index && overlapping(keys[j]!, keys[index]!),
    );
    const elsewhere = text.statements.filter(
      (_, j) => j !== index && !overlapping(keys[j]!, keys[index]!),
    );
    const candidates: OrganiserFact[] = [];
    const listItems = read.spans.filter((s) => s.kind === 'listItem');
    const listPick = listItems.length > 0 ? random.pick(listItems) : null;

    const words = statement.text.split(/\s+/);
    for (const span of read.spans) {
      if (span.kind === 'listItem' && span !== listPick) continue;
      // "the duty manager, Luis Romero": asked through "Who is the duty manager?".
      if (span.kind === 'person' && /,$/.test(words[span.from - 1] ?? '')) continue;
      // Statements about the answer itself ("The office is on the 5th floor") describe it too.
      const answerWords = new Set(contentWords(span.answer));
      const aboutAnswer = text.statements.filter(
        (_, j) => j !== index && overlapping(keys[j]!, answerWords),
      );
      const forbidden = [
        ...span.others,
        ...[...sameThing, ...aboutAnswer].flatMap((r) =>
          r.spans.filter((s) => sameFamily(s.kind, span.kind)).map((s) => s.answer),
        ),
      ];
      const fromText = elsewhere.flatMap((r) =>
        r.spans.filter((s) => s.kind === span.kind).map((s) => s.answer),
      );
      const input = {
        kind: span.kind,
        answer: span.answer,
        forbidden,
        fromText,
        topics,
        ...(span.pool ? { pool: span.pool } : {}),
      };
      const typeable = isTypeable(span.kind, span.answer);
      const name = taskName(read, span);
      const base = {
        kind: span.kind,
        sentence: statement.sentence,
        statement: index,
        name,
        from: span.from,
        to: span.to,
      };

      if (span.kind === 'listItem') {
        const distractors = distractorsFor(input, random);
        if (distractors) {
          const owner = subjectInQuestion(span.noun, false);
          const text = /s$/i.test(owner)
            ? `Which of these is one of ${owner}?`
            : `Which of these is part of ${owner}?`;
          candidates.push({
            ...base,
            answer: span.answer,
            distractors,
            typeable: false,
            text,
            quality: 3,
          });
        }
        continue;
      }

      const question = clause ? askFor(statement.text, clause, span, context) : null;
      if (
        question &&
        question.length <= MAX_QUESTION_LENGTH &&
        span.kind === 'money' &&
        span.preposition === 'article'
      ) {
        // "a £50 bar tab": the whole phrase is the answer, the amount what changes.
        const whole = capitalise(
          words
            .slice(span.phraseFrom, span.phraseTo)
            .join(' ')
            .replace(/[.,;:!?]+$/, ''),
        );
        const wrong = distractorsFor(input, random);
        const varied = wrong ? variedAnswers(whole, span.answer, wrong) : null;
        if (varied)
          candidates.push({
            ...base,
            answer: whole,
            distractors: varied,
            typeable: false,
            text: question,
            quality: 3,
          });
        continue;
      }
      if (question && question.length <= MAX_QUESTION_LENGTH) {
        const distractors = distractorsFor(input, random);
        if (distractors || typeable) {
          candidates.push({
            ...base,
            answer: span.answer,
            distractors,
            typeable,
            text: question,
            quality: distractors ? 3 : 2.5,
          });
          continue;
        }
      }
      const predicate = clause ? askForPredicate(statement.text, clause, span.kind, context) : null;
      if (predicate && predicate.answer.length <= MAX_ANSWER_LENGTH) {
        const wrong = distractorsFor(input, random);
        const varied = wrong ? variedAnswers(predicate.answer, span.answer, wrong) : null;
        if (varied && !varied.some((v) => sameAnswer(span.kind, v, predicate.answer))) {
          candidates.push({
            ...base,
            answer: predicate.answer,
            distractors: varied,
            typeable: false,
            text: predicate.question,
            quality: 2,
          });
          continue;
        }
      }
      if (span.kind === 'thing' || span.kind === 'location') continue; // a gap in a rule reads badly
      const distractors = distractorsFor(input, random);
      if (distractors || typeable) {
        candidates.push({
          ...base,
          answer: span.answer,
          distractors,
          typeable,
          text: gapFill(statement.text, span),
          quality: distractors ? 1 : 0.5,
        });
      }
    }

    // Best first; two facts of one statement never ask for overlapping words or the same answer.
    const ordered = random
      .shuffle(candidates)
      .sort(
        (a, b) =>
          b.quality - a.quality || (KIND_PRIORITY[b.kind] ?? 2) - (KIND_PRIORITY[a.kind] ?? 2),
      );
    const kept: OrganiserFact[] = [];
    for (const candidate of ordered) {
      if (candidate.answer.length > MAX_ANSWER_LENGTH) continue;
      if (kept.some((k) => k.from < candidate.to && candidate.from < k.to)) continue;
      if (kept.some((k) => sameAnswer(candidate.kind, k.answer, candidate.answer))) continue;
      if (kept.some((k) => k.text.toLowerCase() === candidate.text.toLowerCase())) continue;
      kept.push(candidate);
    }
    // Two questions of one sentence never share a right answer ("a purple ticket … purple-handled
    // utensils" is one fact, not two).
    facts.push(
      ...kept.filter(
        (k) =>
          !facts.some((f) => f.sentence === k.sentence && sameAnswer(k.kind, f.answer, k.answer)),
      ),
    );
  });
  return facts;
}
