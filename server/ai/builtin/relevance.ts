/**
 * Which bank tasks are clearly on the organiser's subject. The subject is what the text names
 * (its headings, titles and "please cover …" requests), not every word of its statements: "We
 * were founded in 1998" must not bring the founding of the Bank of England. A bank task is on
 * the subject when its topic is named as a whole ("food hygiene", "health and safety":
 * topicNames.ts) or when its own words match the subject well (at least ITEM_FLOOR of the best
 * match: "fire safety" takes the fire questions, not ladder safety). Everything else is only a
 * fallback, used when the subject gives too few tasks.
 */
import type { BankIndex, BankItem } from './searchIndex';
import type { OrganiserText } from './organiserText';
import { seededRandom, weightedOrder, type Random } from './random';
import { STOP_WORDS } from './stopWords';
import { generalMatch, matchTopics, type SegmentMatch } from './topicMatch';
import { namedTopics, withoutTopicNames } from './topicNames';

/** A bank task matches the subject itself when it scores at least this share of the best one. */
const ITEM_FLOOR = 0.45;
/** Matches weaker than this (BM25) are chance hits on one common word. */
const MIN_ITEM_SCORE = 4;

/** Words that frame a request rather than name its subject. */
const FRAME_WORDS = new Set(
  `quiz training induction refresher briefing programme program week day days session sessions
  evening night info information new starters starter staff members member crew volunteers
  volunteer team teams rules welcome parents parent students student first-year year launch
  release kick-off kickoff social our the for at with and a an of to in on by about
  practical keep cover please round rounds monday tuesday wednesday thursday friday saturday
  sunday morning afternoon evening work working company companies organisation world everyone
  people things`.split(/\s+/),
);

export interface BankPlan {
  /** Tasks clearly on the subject, one ranked list per subject phrase. */
  onSubject: SegmentMatch[];
  /**
   * Everything else that matches the text at all, then general knowledge: only to fill up, so
   * only searched when asked for.
   */
  fallback(): SegmentMatch[];
  /** Topics the text names as a whole. */
  namedTopics: string[];
}

/** The last word of a name that says what kind of place it is: "Holt's Bakery", "Eastbrook Castle". */
const KIND_OF_PLACE =
  /^(?:bakery|hotel|nursery|school|primary|academy|college|university|museum|castle|scouts|guides|cafe|café|restaurant|kitchen|market|hospital|surgery|clinic|library|gym|theatre|cinema|farm|zoo|pharmacy|garage|brewery|pub|bar|shop|store|warehouse|office|factory|charity)$/i;
/** Names whose word before the last says the subject: "Calder Valley Cycling Club". */
const CLUB = /^(?:club|society|association|league|fc|team)$/i;

/** The subject phrase's searchable words: no framing words, no names ("Manchester", "Holt's"). */
export function subjectTerms(phrase: string): string {
  const ws = phrase.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  ws.forEach((w, i) => {
    const bare = w.replace(/['’]s$/, '').replace(/[^\p{L}\p{N}&-]/gu, '');
    if (bare === '' || /\d/.test(bare)) return;
    if (i > 0 && /^(?:onboarding|induction)$/i.test(bare)) return;
    const capital = /^[A-Z][a-z]/.test(bare) && i > 0;
    if (capital) {
      // Inside a name, only the word that says what the place is, or what the club does.
      const next = (ws[i + 1] ?? '').replace(/[^\p{L}]/gu, '');
      const nameGoesOn = /^[A-Z]/.test(next);
      if (KIND_OF_PLACE.test(bare) && !nameGoesOn) kept.push(bare);
      else if (nameGoesOn && CLUB.test(next)) kept.push(bare);
      return;
    }
    if (FRAME_WORDS.has(bare.toLowerCase()) || STOP_WORDS.has(bare.toLowerCase())) return;
    kept.push(bare);
  });
  return kept.join(' ');
}

/**
 * What the statements are about: their subjects ("fire wardens", "the alarm", "passwords",
 * "oat milk"), without names and numbers. Their values ("yellow", "Tuesday") are not the
 * subject and stay out.
 */
/** Subjects that say nothing about the activity's subject on their own. */
const GENERIC_SUBJECT =
  /^(?:groups?|teams?|club|social|meetings?|sessions?|breaks?|lunch|time|hours|people|children|staff|visitors|guests|uniform|subs|price|cost|winner|winning|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\w+days|everyone|members|crew|temps|leaders?|manager|captain|coach|director|lead|head|office|shop|store|room|rooms|building|site|theme|highlight|version|trip|event|day|week|colou?rs?)$/i;

export function statementSubjects(text: OrganiserText): string[] {
  const subjects = new Set<string>();
  for (const { clause } of text.statements) {
    if (!clause || clause.imperative) continue;
    const subject = subjectTerms(
      clause.subject.replace(/^(?:the|our|your|a|an|all|each|every)\s+/i, 'x '),
    )
      .split(/\s+/)
      .filter((w) => w.length > 2 && w !== 'x' && !GENERIC_SUBJECT.test(w))
      .join(' ');
    if (subject !== '' && subject.split(/\s+/).length <= 4) subjects.add(subject.toLowerCase());
  }
  return [...subjects];
}

export function planBank(
  index: BankIndex,
  text: OrganiserText,
  topics: string,
  random: Random,
): BankPlan {
  const phrases = text.subjects.length > 0 ? text.subjects : [topics.slice(0, 120)];
  const named = new Set<string>();
  const onSubject: SegmentMatch[] = [];
  const about = statementSubjects(text);
  const queries = [
    // A name that takes a whole topic ("world capitals") is not searched word by word again.
    ...phrases.map((p) => ({
      phrase: p,
      parts: [subjectTerms(withoutTopicNames(p))],
      named: true,
    })),
    // What the statements are about, each searched on its own so that one does not drown the
    // others, and strictly: every word of "fire drills" must match, a lone word only in a
    // question's name or tags ("passwords", not "a group of lions" for "groups").
    ...(about.length > 0 ? [{ phrase: about.join(', '), parts: about, named: false }] : []),
  ];
  for (const { phrase, parts, named: mayName } of queries) {
    const topicIds = mayName ? namedTopics(phrase) : [];
    topicIds.forEach((t) => named.add(t));
    const scores = new Map<string, number>();
    for (const terms of parts) {
      if (terms === '') continue;
      const strict = { all: true, strong: !terms.includes(' ') };
      const results = index.searchItems(terms, mayName ? {} : strict);
      const best = results[0]?.score ?? 0;
      // At least half the subject's words: "first-time managers" is not "first aid" or "time zones".
      const needed = Math.ceil(new Set(index.terms(terms)).size / 2);
      for (const { item, score, matched } of results) {
        if (score < best * ITEM_FLOOR || score < MIN_ITEM_SCORE || matched < needed) continue;
        scores.set(item.key, Math.max(scores.get(item.key) ?? 0, score / best));
      }
    }
    const weighted: { item: BankItem; weight: number }[] = [];
    for (const item of index.items.values()) {
      const own = scores.get(item.key);
      const wholeTopic = topicIds.includes(item.topicId);
      if (own === undefined && !wholeTopic) continue;
      weighted.push({ item, weight: (own ?? 0) * 3 + (wholeTopic ? 0.35 : 0) });
    }
    if (weighted.length === 0) continue;
    onSubject.push({
      segment: phrase,
      bestScore: weighted.length,
      topicIds,
      ranked: weightedOrder(weighted, random),
    });
  }
  // Filling up: the bank tasks nearest to the whole text, then the topics it touches, then
  // general knowledge. The random source is forked so that asking for it or not leaves the
  // rest of the request's draws unchanged.
  const fallbackRandom = seededRandom(String(random.next()));
  let fallback: SegmentMatch[] | null = null;
  const fill = (): SegmentMatch[] => {
    if (fallback) return fallback;
    const nearest = index.searchItems(subjectTerms(topics.replace(/[.,;:!?()]/g, ' ')));
    const near: SegmentMatch = {
      segment: topics,
      bestScore: 0,
      topicIds: [],
      ranked: nearest.slice(0, 60).map((r) => r.item),
    };
    const matches = matchTopics(index, phrases.join('. '), fallbackRandom);
    fallback = [...matches, near, generalMatch(index, fallbackRandom)];
    return fallback;
  };
  // A request that is only a list of topics ("Christmas party quiz", "Phishing, passwords and
  // staying safe online") has no statements to narrow it: the topics it matches are its subject.
  if (text.statements.length === 0) {
    onSubject.push(...matchTopics(index, phrases.join('. '), seededRandom(String(random.next()))));
  }
  return {
    onSubject,
    fallback: fill,
    namedTopics: [...named],
  };
}
