/**
 * The built-in generator (docs/ai.md): no network, no model. It matches the organiser's topics
 * against the question bank, turns their own facts into questions, and assembles a varied mix of
 * task types. The same request id always gives the same tasks.
 */
import { BANK_TOPICS } from '../bank';
import type { ChallengeKind } from '../bank/types';
import type { ContentGenerator, GeneratedTask, GenerationRequest } from '../generator';
import { extractFacts, type OrganiserFact } from './facts';
import { seededRandom, type Random } from './random';
import { buildBankIndex, type BankIndex, type BankItem } from './searchIndex';
import { bankQuestionStep, challengeStep, factStep } from './stepFactory';
import { generalMatch, matchTopics, type SegmentMatch } from './topicMatch';

/** About one task in five is a team challenge; a very short quiz has none. */
const CHALLENGE_SHARE = 0.2;
const MIN_COUNT_FOR_CHALLENGES = 4;
/** The order challenge kinds are handed out in: photos first, they are the most fun to share. */
const CHALLENGE_ROTATION: readonly ChallengeKind[] = ['photo', 'video', 'photo', 'standard'];
/** At most this share of the questions comes from the organiser's own facts. */
const FACT_SHARE = 0.4;
/** About this share of the questions asks teams to type the answer (the rest are choices). */
const FREE_TEXT_SHARE = 0.3;
/** Fact kinds whose answers a team can type exactly. */
const TYPEABLE_FACTS: ReadonlySet<OrganiserFact['kind']> = new Set(['year', 'number', 'place']);

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

export function generateTasks(index: BankIndex, request: GenerationRequest): GeneratedTask[] {
  const random: Random = seededRandom(request.requestId);
  const keptTexts = new Set(request.keep.map((step) => fold(step.text)));
  const used = new Set<string>();
  const isNew = (text: string) => !keptTexts.has(fold(text));

  const kinds = challengePlan(request.count);
  const questionSlots = request.count - kinds.length;

  const facts = random
    .shuffle(extractFacts(request.topics, random).filter((fact) => isNew(fact.text)))
    .slice(0, Math.ceil(questionSlots * FACT_SHARE));

  const matches = matchTopics(index, request.topics, random);
  // Text the bank knows nothing about still gets a complete activity: general knowledge, plus
  // whatever facts the organiser wrote.
  const sources =
    matches.length > 0 ? [...matches, generalMatch(index, random)] : [generalMatch(index, random)];
  const primary = matches.length > 0 ? matches : sources;

  const isQuestion = (item: BankItem) => item.kind === 'question' && isNew(item.question.text);
  const bankWanted = questionSlots - facts.length;
  let questions = takeRoundRobin(primary, bankWanted, isQuestion, used);
  if (questions.length < bankWanted) {
    questions = questions.concat(
      takeRoundRobin(sources, bankWanted - questions.length, isQuestion, used),
    );
  }

  const challenges = kinds.flatMap((kind) => {
    const ofKind = (item: BankItem) =>
      item.kind === 'challenge' && item.challenge.kind === kind && isNew(item.challenge.text);
    const anyChallenge = (item: BankItem) =>
      item.kind === 'challenge' && isNew(item.challenge.text);
    for (const [pool, accept] of [
      [primary, ofKind],
      [sources, ofKind],
      [primary, anyChallenge],
      [sources, anyChallenge],
    ] as const) {
      const [found] = takeRoundRobin(pool, 1, accept, used);
      if (found) return [found];
    }
    return [];
  });

  // Which questions are typed rather than chosen: a random share of those whose answer is short.
  const typeableKeys = [
    ...questions.filter((i) => i.kind === 'question' && i.question.typeable).map((i) => i.key),
    ...facts.filter((f) => TYPEABLE_FACTS.has(f.kind)).map((f) => `fact:${f.text}`),
  ];
  const freeTextCount = Math.round((questions.length + facts.length) * FREE_TEXT_SHARE);
  const freeText = new Set(random.shuffle(typeableKeys).slice(0, freeTextCount));

  const questionTasks: GeneratedTask[] = [
    ...facts.map((fact) => ({
      step: factStep(
        fact,
        freeText.has(`fact:${fact.text}`) ? 'freeText' : 'multipleChoice',
        random,
      ),
      source: 'organiser',
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
      };
    }),
  ];
  const challengeTasks: GeneratedTask[] = challenges.map((item) => {
    if (item.kind !== 'challenge') throw new Error('unreachable: challenges are challenges');
    return { step: challengeStep(item.challenge, random), source: item.topicId };
  });
  return interleave(random.shuffle(questionTasks), challengeTasks);
}

export function createBuiltinGenerator(index?: BankIndex): ContentGenerator {
  return {
    kind: 'builtin',
    generate: async (request) => generateTasks(index ?? bankIndex(), request),
  };
}
