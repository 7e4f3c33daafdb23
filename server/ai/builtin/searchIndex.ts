/**
 * The built-in generator's search over the question bank, with MiniSearch (BM25 with prefix and
 * fuzzy matching). Each question and challenge is a document that carries its topic's title and
 * keywords as well as its own words, so "fire drill" finds the fire questions of health and
 * safety, and "health and safety" finds all of them.
 */
import MiniSearch from 'minisearch';
import type { BankChallenge, BankQuestion, BankTopic } from '../bank/types';
import { STOP_WORDS } from './stopWords';

export type BankItem =
  | { kind: 'question'; key: string; topicId: string; question: BankQuestion }
  | { kind: 'challenge'; key: string; topicId: string; challenge: BankChallenge };

interface IndexedDocument {
  id: string;
  topicTitle: string;
  keywords: string;
  tags: string;
  name: string;
  text: string;
}

/** Field weights: the topic's own words count most, then the item's tags, then its text. */
const BOOST = { topicTitle: 3, keywords: 3, tags: 2, name: 1.5, text: 1, answer: 0.5 };
/** Typos and word forms: "hygene", "safe" → "safety". */
const FUZZY = 0.2;

export interface ItemSearchOptions {
  /** Every word must match (a thing's name: "fire drills"), not any. */
  all?: boolean;
  /** Only the item's name and tags: for a one-word subject, where the text mentions words in passing. */
  strong?: boolean;
}

export interface BankIndex {
  items: ReadonlyMap<string, BankItem>;
  topics: ReadonlyMap<string, BankTopic>;
  /** Items that match the query, best first, with their BM25 score. */
  search(query: string): { item: BankItem; score: number }[];
  /**
   * Items whose own words match the query (their name, text, tags and answer, not their topic's
   * title and keywords), best first: how the organiser's subject reaches single questions.
   */
  searchItems(
    query: string,
    options?: ItemSearchOptions,
  ): { item: BankItem; score: number; matched: number }[];
  /** The words of a query that the index would look up (stop words removed). */
  terms(query: string): string[];
}

const normaliseTerm = (term: string): string | null => {
  const lower = term.toLowerCase();
  return lower.length < 2 || STOP_WORDS.has(lower) ? null : lower;
};

export function buildBankIndex(topics: readonly BankTopic[]): BankIndex {
  const items = new Map<string, BankItem>();
  const documents: (IndexedDocument & { answer: string })[] = [];
  for (const topic of topics) {
    const shared = { topicTitle: topic.title, keywords: topic.keywords.join(' ') };
    topic.questions.forEach((question, i) => {
      const key = `${topic.id}/q${i}`;
      items.set(key, { kind: 'question', key, topicId: topic.id, question });
      documents.push({
        id: key,
        ...shared,
        tags: (question.tags ?? []).join(' '),
        name: question.name,
        text: question.text,
        answer: question.answer,
      });
    });
    topic.challenges.forEach((challenge, i) => {
      const key = `${topic.id}/c${i}`;
      items.set(key, { kind: 'challenge', key, topicId: topic.id, challenge });
      documents.push({
        id: key,
        ...shared,
        tags: (challenge.tags ?? []).join(' '),
        name: challenge.name,
        text: challenge.text,
        answer: '',
      });
    });
  }

  const miniSearch = new MiniSearch<IndexedDocument & { answer: string }>({
    fields: ['topicTitle', 'keywords', 'tags', 'name', 'text', 'answer'],
    processTerm: normaliseTerm,
    searchOptions: {
      boost: BOOST,
      fuzzy: (term) => (term.length > 4 ? FUZZY : false),
      prefix: (term) => term.length > 3,
      combineWith: 'OR',
    },
  });
  miniSearch.addAll(documents);

  return {
    items,
    topics: new Map(topics.map((t) => [t.id, t])),
    search(query) {
      return miniSearch
        .search(query)
        .map((result) => ({ item: items.get(String(result.id))!, score: result.score }));
    },
    searchItems(query, options = {}) {
      return miniSearch
        .search(query, {
          fields: options.strong ? ['tags', 'name'] : ['tags', 'name', 'text', 'answer'],
          // One edit at most: "drills" finds "drill"; two edits on a long word search the whole
          // index and take a hundred milliseconds.
          maxFuzzy: 1,
          ...(options.all
            ? {
                combineWith: 'AND',
                // Word forms ("drills" → "drill"), not neighbours ("rides" → "tides").
                fuzzy: (term: string) => (term.length > 5 ? 0.2 : false),
                prefix: (term: string) => term.length > 5,
              }
            : {}),
        })
        .map((result) => ({
          item: items.get(String(result.id))!,
          score: result.score,
          matched: new Set(result.queryTerms).size,
        }));
    },
    terms(query) {
      return query
        .split(/[^\p{L}\p{N}']+/u)
        .map(normaliseTerm)
        .filter((t): t is string => t !== null);
    },
  };
}
