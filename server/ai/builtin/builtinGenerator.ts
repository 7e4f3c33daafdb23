/**
 * The built-in generator (docs/ai.md): no network, no model. It reads the organiser's text for
 * their own facts and places first (questions and challenges from what they wrote), then fills
 * up from the question bank with tasks clearly on their subject. When the text and its subject
 * give too few, it writes fewer tasks rather than fill up off the subject; only when they give
 * none at all is the result a general knowledge mix of the nearest bank tasks, each marked as
 * filler. The same request id always gives the same tasks.
 */
import { BANK_TOPICS } from '../bank';
import type { ChallengeKind } from '../bank/types';
import type { ContentGenerator, GeneratedTask, GenerationRequest } from '../generator';
import { extractFacts, type OrganiserFact } from './facts';
import { readOrganiserText } from './organiserText';
import { seededRandom, type Random } from './random';
import { planBank } from './relevance';
import { buildBankIndex, type BankIndex, type BankItem } from './searchIndex';
import { bankQuestionStep, challengeStep, factStep } from './stepFactory';
import { statementChallenges, textChallenges } from './textChallenges';
import type { SegmentMatch } from './topicMatch';

/** About one task in five is a team challenge; a very short quiz has none. */
const CHALLENGE_SHARE = 0.2;
const MIN_COUNT_FOR_CHALLENGES = 4;
/** The order challenge kinds are handed out in: photos first, they are the most fun to share. */
const CHALLENGE_ROTATION: readonly ChallengeKind[] = ['photo', 'video', 'photo', 'standard'];
/** About this share of the questions asks teams to type the answer (the rest are choices). */
const FREE_TEXT_SHARE = 0.3;
/** Facts below this quality (a typed gap-fill) come only after the bank's on-subject tasks. */
const GOOD_FACT = 1;

const fold = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

let sharedIndex: BankIndex | null = null;
/** The bank's index is built once per process (a few milliseconds) and shared by all requests. */
export function bankIndex(): BankIndex {
  sharedIndex ??= buildBankIndex(BANK_TOPICS);
  return sharedIndex;
}

export function challengePlan(count: number): ChallengeKind[] {
  if (count < MIN_COUNT_FOR_CHALLENGES) return [];
  const challenges = Math.max(1, Math.round(count * CHALLENGE_SHARE));
  return Array.from(
    { length: challenges },
    (_, i) => CHALLENGE_ROTATION[i % CHALLENGE_ROTATION.length]!,
  );
}

/** Hands out unused items, one segment at a time in turn, so that every subject gets its share. */
function takeRoundRobin(
  matches: readonly SegmentMatch[],
  wanted: number,
  accept: (item: BankItem) => boolean,
  used: Set<string>,
): BankItem[] {
  const taken: BankItem[] = [];
  const cursors = matches.map(() => 0);
  let progress = true;
  while (taken.length < wanted && progress) {
    progress = false;
    for (let m = 0; m < matches.length && taken.length < wanted; m++) {
      const ranked = matches[m]!.ranked;
      while (cursors[m]! < ranked.length) {
        const item = ranked[cursors[m]!++]!;
        if (used.has(item.key) || !accept(item)) continue;
        used.add(item.key);
        taken.push(item);
        progress = true;
        break;
      }
    }
  }
  return taken;
}

/** Spreads the challenges evenly through the questions. */
function interleave<T>(questions: T[], challenges: T[]): T[] {
  const result = [...questions];
  challenges.forEach((challenge, i) => {
    const position = Math.round(((i + 1) * (result.length + 1)) / (challenges.length + 1));
    result.splice(Math.min(position, result.length), 0, challenge);
  });
  return result;
}

/**
 * The organiser's facts to ask, at most `slots`: the best question of every statement first (so
 * that as many different facts as possible are asked), then second questions of a statement.
 */
function chooseFacts(
  facts: readonly OrganiserFact[],
  slots: number,
  random: Random,
): OrganiserFact[] {
  const byStatement = new Map<number, OrganiserFact[]>();
  for (const fact of facts) {
    const list = byStatement.get(fact.statement) ?? [];
    list.push(fact);
    byStatement.set(fact.statement, list);
  }
  const rounds: OrganiserFact[][] = [];
  for (const list of byStatement.values()) {
    list.forEach((fact, round) => (rounds[round] ??= []).push(fact));
  }
  const chosen: OrganiserFact[] = [];
  for (const round of rounds) {
    const ordered = random.shuffle(round).sort((a, b) => b.quality - a.quality);
    for (const fact of ordered) {
      if (chosen.length === slots) return chosen;
      chosen.push(fact);
    }
  }
  return chosen;
}

/**
 * Where a bank task came from. Filler (the text and its subject gave no task at all, so the
 * result is a general mix) says so, for the server log and the bench.
 */
export const FILLER_NOTE = '(filler: too little on the subject)';
const bankProvenance = (item: BankItem, filler: ReadonlySet<string>): string =>
  `from the question bank: ${item.topicId}${filler.has(item.key) ? ` ${FILLER_NOTE}` : ''}`;

/**
 * The tasks for a request: on the subject only, so possibly fewer than asked; when there are
 * none, the nearest bank tasks as a general mix of the full count, each marked `filler`.
 */
export function generateTasks(index: BankIndex, request: GenerationRequest): GeneratedTask[] {
  const onSubject = writeTasks(index, request, false);
  return onSubject.length > 0 ? onSubject : writeTasks(index, request, true);
}

function writeTasks(
  index: BankIndex,
  request: GenerationRequest,
  fillUp: boolean,
): GeneratedTask[] {
  const random: Random = seededRandom(request.requestId);
  const keptTexts = new Set(request.keep.map((step) => fold(step.text)));
  const used = new Set<string>();
  const isNew = (text: string) => !keptTexts.has(fold(text));

  const kinds = challengePlan(request.count);
  const questionSlots = request.count - kinds.length;
  const text = readOrganiserText(request.topics);

  // 1. The organiser's own facts: as many as there are question slots.
  const seenTexts = new Set<string>();
  const allFacts = extractFacts(text, request.topics, random).filter((fact) => {
    const key = fold(fact.text);
    if (!isNew(fact.text) || seenTexts.has(key)) return false;
    seenTexts.add(key);
    return true;
  });
  const goodFacts = chooseFacts(
    allFacts.filter((f) => f.quality >= GOOD_FACT),
    questionSlots,
    random,
  );

  // 2. The bank: tasks clearly on the subject, then (only if needed) the nearest others.
  const plan = planBank(index, text, request.topics, random);
  const isQuestion = (item: BankItem) => item.kind === 'question' && isNew(item.question.text);
  const bankWanted = questionSlots - goodFacts.length;
  let questions = takeRoundRobin(plan.onSubject, bankWanted, isQuestion, used);
  // Weak facts (typed gap-fills) still beat off-subject bank questions.
  const weakFacts = chooseFacts(
    allFacts.filter((f) => f.quality < GOOD_FACT),
    bankWanted - questions.length,
    random,
  );
  const facts = [...goodFacts, ...weakFacts];
  // 3. Challenges: at the organiser's own places first, then the bank's on the subject.
  const fromText = textChallenges(text, kinds).filter((c) => isNew(c.challenge.text));
  // When the text and the bank's subject give too few questions, challenges about the
  // organiser's own statements come before anything off the subject (and, for a general mix,
  // the rest is filled from the nearest bank tasks).
  const short = questionSlots - facts.length - questions.length;
  const aboutStatements =
    short > 0
      ? statementChallenges(text, short, kinds.length).filter((c) => isNew(c.challenge.text))
      : [];
  const stillWanted = short - aboutStatements.length;
  const filler = new Set<string>();
  if (fillUp && stillWanted > 0) {
    const nearest = takeRoundRobin(plan.fallback(), stillWanted, isQuestion, used);
    nearest.forEach((item) => filler.add(item.key));
    questions = questions.concat(nearest);
  }

  const bankKinds = kinds.slice(fromText.length);
  const spareStatements = statementChallenges(text, bankKinds.length + aboutStatements.length, 0)
    .filter((c) => isNew(c.challenge.text))
    .filter(
      (c) =>
        !aboutStatements.some(
          (a) => a.sentence === c.sentence && a.challenge.text === c.challenge.text,
        ),
    )
    .slice(aboutStatements.length);
  const bankChallenges: BankItem[] = [];
  for (const kind of bankKinds) {
    const ofKind = (item: BankItem) =>
      item.kind === 'challenge' && item.challenge.kind === kind && isNew(item.challenge.text);
    const anyChallenge = (item: BankItem) =>
      item.kind === 'challenge' && isNew(item.challenge.text);
    let [found] = takeRoundRobin(plan.onSubject, 1, ofKind, used);
    found ??= takeRoundRobin(plan.onSubject, 1, anyChallenge, used)[0];
    if (!found) {
      // Off the subject only when the organiser's statements have no challenge left to give.
      const statement = spareStatements.shift();
      if (statement) {
        aboutStatements.push(statement);
        continue;
      }
      if (!fillUp) continue;
      found = takeRoundRobin(plan.fallback(), 1, ofKind, used)[0];
      found ??= takeRoundRobin(plan.fallback(), 1, anyChallenge, used)[0];
      if (found) filler.add(found.key);
    }
    if (found) bankChallenges.push(found);
  }

  // Which questions are typed rather than chosen: those with no wrong answers to offer, then a
  // random share of those whose answer is short enough to type.
  const mustType = facts.filter((f) => f.distractors === null).map((f) => `fact:${f.text}`);
  const typeableKeys = [
    ...questions.filter((i) => i.kind === 'question' && i.question.typeable).map((i) => i.key),
    ...facts.filter((f) => f.typeable && f.distractors !== null).map((f) => `fact:${f.text}`),
  ];
  const freeTextCount = Math.round((questions.length + facts.length) * FREE_TEXT_SHARE);
  const freeText = new Set([
    ...mustType,
    ...random.shuffle(typeableKeys).slice(0, Math.max(0, freeTextCount - mustType.length)),
  ]);

  const questionTasks: GeneratedTask[] = [
    ...facts.map((fact) => ({
      step: factStep(
        fact,
        freeText.has(`fact:${fact.text}`) ? 'freeText' : 'multipleChoice',
        random,
      ),
      source: 'organiser',
      provenance: fact.sentence,
    })),
    ...questions.map((item) => {
      if (item.kind !== 'question') throw new Error('unreachable: questions are questions');
      return {
        step: bankQuestionStep(
          item.question,
          freeText.has(item.key) ? 'freeText' : 'multipleChoice',
          random,
        ),
        source: item.topicId,
        provenance: bankProvenance(item, filler),
        ...(filler.has(item.key) ? { filler: true } : {}),
      };
    }),
  ];
  const challengeTasks: GeneratedTask[] = [
    ...[...fromText, ...aboutStatements].map(({ challenge, sentence }) => ({
      step: challengeStep(challenge, random),
      source: 'organiser',
      provenance: sentence,
    })),
    ...bankChallenges.map((item) => {
      if (item.kind !== 'challenge') throw new Error('unreachable: challenges are challenges');
      return {
        step: challengeStep(item.challenge, random),
        source: item.topicId,
        provenance: bankProvenance(item, filler),
        ...(filler.has(item.key) ? { filler: true } : {}),
      };
    }),
  ];
  return interleave(random.shuffle(questionTasks), challengeTasks);
}

export function createBuiltinGenerator(index?: BankIndex): ContentGenerator {
  return {
    kind: 'builtin',
    generate: async (request) => generateTasks(index ?? bankIndex(), request),
  };
}
