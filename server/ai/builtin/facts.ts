/**
 * Questions from the organiser's own facts. When the topics hold statements ("We were founded in
 * 1998 in Leeds by Margaret Holt. Our values are craft, kindness and community."), each fact
 * becomes a gap-fill question whose answer is taken from the statement and whose wrong answers
 * are of the same kind: other years, other cities of the same country, other people, other
 * values. compromise finds the sentences, places, people and numbers.
 */
import nlp from 'compromise';
import type { Random } from './random';
import { CITY_GROUPS, COMMON_VALUES, COUNTRIES, FIRST_NAMES, LAST_NAMES } from './factPools';

export type FactKind = 'year' | 'number' | 'place' | 'person' | 'value';

export interface OrganiserFact {
  kind: FactKind;
  /** The statement as the organiser wrote it. */
  sentence: string;
  /** The part of the statement that the question asks for. */
  answer: string;
  distractors: [string, string, string];
  /** Task title and question text. */
  name: string;
  text: string;
}

const NAMES: Record<FactKind, { name: string; ask: string }> = {
  year: { name: 'Key date', ask: 'Which year is missing?' },
  number: { name: 'By the numbers', ask: 'Which number is missing?' },
  place: { name: 'Where it happened', ask: 'Which place is missing?' },
  person: { name: "Who's who", ask: 'Who is missing?' },
  value: { name: 'Our values', ask: 'Which word is missing?' },
};

/** At most this many questions from one statement, so one sentence does not fill the quiz. */
const MAX_FACTS_PER_SENTENCE = 2;
const MIN_WORDS = 4;
const MAX_WORDS = 40;
const YEAR = /\b(1[5-9]\d\d|20\d\d)\b/;
const INTEGER = /\b\d{1,3}(?:,\d{3})+\b|\b\d+\b/;

const stripPunctuation = (s: string): string => s.replace(/^[\s"'“(]+|[\s.,;:!?"'”)]+$/g, '');
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const unique = (values: readonly string[]): string[] =>
  values.filter((v, i) => values.findIndex((w) => same(v, w)) === i);

function chooseDistractors(
  answer: string,
  preferred: readonly string[],
  fallback: readonly string[],
  random: Random,
): [string, string, string] | null {
  const fromText = random.shuffle(unique(preferred).filter((v) => !same(v, answer)));
  const pool = random.shuffle(unique(fallback).filter((v) => !same(v, answer)));
  const chosen = unique([...fromText, ...pool]).slice(0, 3);
  return chosen.length === 3 ? [chosen[0]!, chosen[1]!, chosen[2]!] : null;
}

function yearDistractors(answer: string, random: Random): [string, string, string] {
  const year = Number(answer);
  const latest = new Date().getUTCFullYear();
  const candidates = new Set<number>();
  while (candidates.size < 3) {
    const offset = (random.int(10) + 1) * (random.next() < 0.5 ? -1 : 1);
    const candidate = year + offset;
    if (candidate !== year && candidate <= latest) candidates.add(candidate);
  }
  const [a, b, c] = [...candidates].map(String);
  return [a!, b!, c!];
}

/** Numbers near the answer, rounded like it: 120 → 60, 90, 150, 240. */
function numberDistractors(answer: string, random: Random): [string, string, string] | null {
  const value = Number(answer.replace(/,/g, ''));
  if (!Number.isFinite(value) || value < 2) return null;
  const grouped = answer.includes(',');
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  const factors = random.shuffle([0.5, 0.75, 1.25, 1.5, 2, 3]);
  const seen = new Set([value]);
  const out: string[] = [];
  for (const factor of factors) {
    const candidate = Math.max(1, Math.round((value * factor) / magnitude) * magnitude);
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    out.push(grouped ? candidate.toLocaleString('en-GB') : String(candidate));
    if (out.length === 3) break;
  }
  return out.length === 3 ? [out[0]!, out[1]!, out[2]!] : null;
}

const isCountry = (place: string): boolean => COUNTRIES.some((country) => same(country, place));

function placePool(answer: string): readonly string[] {
  const group = CITY_GROUPS.find((cities) => cities.some((city) => same(city, answer)));
  if (group) return group;
  if (isCountry(answer)) return COUNTRIES;
  return CITY_GROUPS.map((cities) => cities[0]!);
}

function personPool(random: Random): string[] {
  return random
    .shuffle(FIRST_NAMES)
    .map((first, i) => `${first} ${LAST_NAMES[i % LAST_NAMES.length]}`);
}

/** "Our values are craft, kindness and community" → ['craft', 'kindness', 'community']. */
function listedValues(sentence: string): string[] {
  const match = /\bvalues?\b[^.]*?\b(?:are|is|:|include|of)\s+(.+)$/i.exec(sentence);
  if (!match) return [];
  return match[1]!
    .split(/,|\band\b|&/i)
    .map(stripPunctuation)
    .filter((v) => v !== '' && v.split(/\s+/).length <= 3);
}

function gapFill(sentence: string, answer: string, kind: FactKind): string {
  const index = sentence.toLowerCase().indexOf(answer.toLowerCase());
  const gapped = `${sentence.slice(0, index)}____${sentence.slice(index + answer.length)}`;
  return `Fill the gap: “${gapped}” ${NAMES[kind].ask}`;
}

function isStatement(sentence: ReturnType<typeof nlp>): boolean {
  const text = sentence.text();
  const words = text.split(/\s+/).length;
  if (words < MIN_WORDS || words > MAX_WORDS) return false;
  // A topic list ("Onboarding: food hygiene, our values, …") is a request, not a fact.
  if (text.includes(':') || text.trim().endsWith('?')) return false;
  return sentence.has('(#PastTense|#PresentTense|#Copula|#Modal)');
}

/** Every fact found in the organiser's text, in the order they wrote them. */
export function extractFacts(topics: string, random: Random): OrganiserFact[] {
  const doc = nlp(topics);
  const allPlaces = unique(doc.places().out('array').map(stripPunctuation).filter(Boolean));
  const allPeople = unique(doc.people().out('array').map(stripPunctuation).filter(Boolean));
  const facts: OrganiserFact[] = [];
  const seen = new Set<string>();

  const sentences = doc.sentences();
  for (let i = 0; i < sentences.length; i++) {
    // eq() is typed as the base View; the sentence keeps every plugin method (places, people).
    const sentenceDoc = sentences.eq(i) as ReturnType<typeof nlp>;
    if (!isStatement(sentenceDoc)) continue;
    const sentence = stripPunctuation(sentenceDoc.text()) + '.';
    const candidates: {
      kind: FactKind;
      answer: string;
      distractors: [string, string, string] | null;
    }[] = [];

    const year = YEAR.exec(sentence)?.[0];
    if (year)
      candidates.push({ kind: 'year', answer: year, distractors: yearDistractors(year, random) });

    const values = listedValues(sentence);
    if (values.length > 0) {
      const answer = random.pick(values);
      const others = COMMON_VALUES.filter((v) => !values.some((w) => same(v, w)));
      candidates.push({
        kind: 'value',
        answer,
        distractors: chooseDistractors(answer, [], others, random),
      });
    }

    for (const place of sentenceDoc.places().out('array').map(stripPunctuation).filter(Boolean)) {
      candidates.push({
        kind: 'place',
        answer: place,
        // Only places of the same kind from the text: a country is not a wrong answer for a city.
        distractors: chooseDistractors(
          place,
          allPlaces.filter((other) => isCountry(other) === isCountry(place)),
          placePool(place),
          random,
        ),
      });
    }
    for (const person of sentenceDoc.people().out('array').map(stripPunctuation).filter(Boolean)) {
      if (person.split(/\s+/).length < 2) continue; // a first name alone is too easy to guess
      candidates.push({
        kind: 'person',
        answer: person,
        distractors: chooseDistractors(person, allPeople, personPool(random), random),
      });
    }
    const withoutYears = sentence.replace(new RegExp(YEAR.source, 'g'), '');
    const number = INTEGER.exec(withoutYears)?.[0];
    if (number)
      candidates.push({
        kind: 'number',
        answer: number,
        distractors: numberDistractors(number, random),
      });

    let taken = 0;
    for (const candidate of candidates) {
      if (taken === MAX_FACTS_PER_SENTENCE) break;
      if (
        !candidate.distractors ||
        !sentence.toLowerCase().includes(candidate.answer.toLowerCase())
      )
        continue;
      const key = `${candidate.kind}:${candidate.answer.toLowerCase()}:${sentence}`;
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push({
        kind: candidate.kind,
        sentence,
        answer: candidate.answer,
        distractors: candidate.distractors,
        name: NAMES[candidate.kind].name,
        text: gapFill(sentence, candidate.answer, candidate.kind),
      });
      taken++;
    }
  }
  return facts;
}
