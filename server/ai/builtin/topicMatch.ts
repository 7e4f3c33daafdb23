/**
 * From the organiser's text to ranked bank items. The text is cut into segments (one subject
 * each: "food hygiene", "our values of craft and kindness"); each segment is searched on its
 * own, so that every subject the organiser named gets its share of the tasks instead of the
 * loudest one taking all. A segment's matched topics are those scoring close to its best.
 */
import type { BankIndex, BankItem } from './searchIndex';
import { weightedOrder, type Random } from './random';

/** A topic matches a segment when it scores at least this share of the segment's best topic. */
const TOPIC_MATCH_SHARE = 0.5;
/** At most this many topics per segment, so that a vague segment does not spread everywhere. */
const MAX_TOPICS_PER_SEGMENT = 3;
/** A topic's score is the sum of its best few items' scores: breadth counts, not one hit. */
const ITEMS_PER_TOPIC_SCORE = 5;
/**
 * Weights for the random draw: an item that matches the segment's own words ("christmas") is
 * drawn about ten times as readily as another item of a matched topic (any holiday).
 */
const ITEM_MATCH_WEIGHT = 3;
const TOPIC_WEIGHT = 0.35;

/**
 * A segment counts only when its best match scores at least this share of the best segment's:
 * passing words ("we have 120 shops") would otherwise pull in unrelated topics on a fuzzy hit.
 */
const SEGMENT_MATCH_SHARE = 0.2;

/** Broad general-knowledge topics for text that matches nothing in the bank. */
export const GENERAL_TOPICS = [
  'geography',
  'science',
  'history',
  'music',
  'film-and-tv',
  'sport',
  'food-and-drink',
  'nature-and-animals',
  'space',
  'art-and-literature',
] as const;

export interface SegmentMatch {
  segment: string;
  /** The best item score in this segment, to order segments by how well they matched. */
  bestScore: number;
  topicIds: string[];
  /** Every item of the matched topics in random order weighted by relevance, best first. */
  ranked: BankItem[];
}

export function splitSegments(topics: string): string[] {
  const segments = topics
    .split(/[\n;:,()]|[.!?](?:\s|$)|\s[-–—]\s|\band\b|\bas well as\b|\bplus\b|\balso\b|\//i)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return [...new Set(segments.map((s) => s.toLowerCase()))];
}

function itemsOfTopic(index: BankIndex, topicId: string): BankItem[] {
  return [...index.items.values()].filter((item) => item.topicId === topicId);
}

export function matchSegment(
  index: BankIndex,
  segment: string,
  random: Random,
): SegmentMatch | null {
  if (index.terms(segment).length === 0) return null;
  const results = index.search(segment);
  if (results.length === 0) return null;
  const bestScore = results[0]!.score;

  const perTopic = new Map<string, number[]>();
  for (const { item, score } of results) {
    const scores = perTopic.get(item.topicId) ?? [];
    if (scores.length < ITEMS_PER_TOPIC_SCORE) scores.push(score);
    perTopic.set(item.topicId, scores);
  }
  const topicScores = [...perTopic.entries()]
    .map(([topicId, scores]) => ({ topicId, score: scores.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.score - a.score);
  const bestTopic = topicScores[0]!.score;
  const matched = topicScores
    .filter((t) => t.score >= bestTopic * TOPIC_MATCH_SHARE)
    .slice(0, MAX_TOPICS_PER_SEGMENT);

  const itemScores = new Map(results.map(({ item, score }) => [item.key, score / bestScore]));
  const weighted = matched.flatMap(({ topicId, score }) =>
    itemsOfTopic(index, topicId).map((item) => ({
      item,
      weight:
        ITEM_MATCH_WEIGHT * (itemScores.get(item.key) ?? 0) + TOPIC_WEIGHT * (score / bestTopic),
    })),
  );
  return {
    segment,
    bestScore,
    topicIds: matched.map((t) => t.topicId),
    ranked: weightedOrder(weighted, random),
  };
}

/** Every segment's match, strongest first, without the ones that matched only in passing. */
export function matchTopics(index: BankIndex, topics: string, random: Random): SegmentMatch[] {
  const matches = splitSegments(topics)
    .map((segment) => matchSegment(index, segment, random))
    .filter((match): match is SegmentMatch => match !== null)
    .sort((a, b) => b.bestScore - a.bestScore);
  const strongest = matches[0]?.bestScore ?? 0;
  return matches.filter((match) => match.bestScore >= strongest * SEGMENT_MATCH_SHARE);
}

/** The general-knowledge fallback, shuffled. */
export function generalMatch(index: BankIndex, random: Random): SegmentMatch {
  const items = GENERAL_TOPICS.flatMap((topicId) => itemsOfTopic(index, topicId));
  return {
    segment: '',
    bestScore: 0,
    topicIds: [...GENERAL_TOPICS],
    ranked: random.shuffle(items),
  };
}
