/**
 * Team challenges at the organiser's own places and things: "the assembly point is in the car
 * park behind building B" becomes "Go to the assembly point in the car park behind building B
 * and take a team photo there."; "Volunteers meet at the blue gazebo on Millennium Square"
 * becomes "Take a team photo at the blue gazebo on Millennium Square.". Only places the text
 * gives are used; cities are not ("in Leeds" is not somewhere a team can walk to).
 */
import type { BankChallenge, ChallengeKind } from '../bank/types';
import type { OrganiserText } from './organiserText';
import { capitalise } from './words';

export interface TextChallenge {
  challenge: BankChallenge;
  /** The organiser's sentence (the task's provenance). */
  sentence: string;
}

interface Spot {
  /** "the assembly point", or '' when only the place is known. */
  thing: string;
  /** "in the car park behind building B", "at reception", "at Hollins Park". */
  where: string;
  /** Whether the thing is itself somewhere to stand (a point, a room) rather than an object. */
  placeLike: boolean;
  sentence: string;
}

const PLACE_LIKE =
  /\b(?:point|room|station|desk|office|entrance|exit|gate|area|hall|bay|kitchen|canteen|reception|yard|park|square|lobby|foyer|atrium|marina|gazebo|centre|center|store)$/i;
const PEOPLE =
  /\b(?:visitors|children|volunteers|staff|everyone|we|you|they|guests|pupils|crew|marshals|teams?|groups?|meetings?|sessions?|tours?|training)$/i;

/** Verbs that say where something is or where people gather, not how something is done. */
const BEING_SOMEWHERE =
  /^(?:is|are|kept|stored|located|found|hangs?|hung|sits?|placed|meet|meets|gather|line|lines|sign|signs|based|held)$/i;
/** Events happen somewhere; a team cannot stand next to one. */
const EVENTS =
  /\b(?:social|talk|meeting|meetings|training|briefing|party|quiz|session|sessions|camp|registration|dinner|lunch|breakfast|event|day|week|trip)$/i;

const lowerFirst = (s: string): string =>
  /^(?:The|A|An|Our|Your)\b/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;

function spotsIn(text: OrganiserText): Spot[] {
  const spots: Spot[] = [];
  for (const read of text.statements) {
    const { clause, statement } = read;
    if (!clause || clause.imperative) continue;
    const verbs = [clause.head, ...clause.verbRest.split(/\s+/)].filter(Boolean);
    const lastVerb =
      verbs.filter((v) => !/^(?:in|up|out|off|be|been|must|should|can|will)$/i.test(v)).at(-1) ??
      '';
    const copulaOnly = /^(?:is|are)$/i.test(clause.head) && clause.verbRest === '';
    if (!copulaOnly && !BEING_SOMEWHERE.test(lastVerb)) continue;
    const words = statement.text.split(/\s+/);
    for (const span of read.spans) {
      if (
        span.kind !== 'location' &&
        !(span.kind === 'place' && span.noun && !/^[A-Z][a-z]+$/.test(span.answer))
      )
        continue;
      if (span.phraseFrom < clause.end) continue;
      // "The office is on the 5th floor": the place is the whole predicate, not a detail of it.
      if (copulaOnly && span.phraseFrom !== clause.end) continue;
      const where = words
        .slice(span.phraseFrom, span.phraseTo)
        .join(' ')
        .replace(/[.,;:!?]+$/, '');
      if (where.length > 60 || /\bnever\b/i.test(`${clause.adverb} ${clause.verbRest}`)) continue;
      const subject = clause.subject
        .replace(/^(?:Our|Your)\s+/i, 'the ')
        .replace(/^([A-Z])(?=[a-z])/, (c) => c.toLowerCase());
      const thing =
        PEOPLE.test(subject) || EVENTS.test(subject) || subject.split(/\s+/).length > 5
          ? ''
          : subject;
      // Without a thing to stand next to, only a place to be in or at: not "by the nearest exit".
      if (thing === '' && !/^(?:in|at|on)\b/i.test(where)) continue;
      spots.push({
        thing,
        where: lowerFirst(where),
        placeLike: PLACE_LIKE.test(thing),
        sentence: statement.sentence,
      });
    }
  }
  return spots;
}

function challengeFor(spot: Spot, kind: ChallengeKind): BankChallenge {
  const thingWithArticle =
    spot.thing.startsWith('the ') || spot.thing.startsWith('a ') ? spot.thing : `the ${spot.thing}`;
  const place = spot.where.replace(/^(?:in|at|on)\s+/i, '');
  const title = capitalise(
    spot.thing
      ? spot.thing.replace(/^(?:the|a|an)\s+/i, '')
      : place.replace(/^(?:the|a|an)\s+/i, ''),
  );
  const short = title.length > 28 ? `${title.slice(0, 27).trimEnd()}…` : title;
  if (kind === 'photo') {
    const text = !spot.thing
      ? `Take a team photo at ${place}.`
      : spot.placeLike
        ? `Go to ${thingWithArticle} ${spot.where} and take a team photo there.`
        : `Find ${thingWithArticle} ${spot.where} and take a team photo next to ${/[^s]s$/.test(spot.thing) ? 'them' : 'it'}.`;
    return { kind, name: `Team photo: ${short}`, text, difficulty: 'easy' };
  }
  if (kind === 'video') {
    const text = !spot.thing
      ? `Record a short video (up to 30 seconds) of your team at ${place}, saying why it matters to everyone here.`
      : `Record a short video (up to 30 seconds) showing the way to ${thingWithArticle} ${spot.where}, as if guiding a new colleague.`;
    return { kind, name: `Show the way: ${short}`, text, difficulty: 'medium' };
  }
  const text = !spot.thing
    ? `Go to ${place} as a team and tell the host one thing you spotted there that a newcomer should know.`
    : `Find ${thingWithArticle} ${spot.where} as a team and tell the host one thing you spotted next to ${/[^s]s$/.test(spot.thing) ? 'them' : 'it'}.`;
  return { kind, name: `Find it: ${short}`, text, difficulty: 'easy' };
}

/** One challenge per place the text gives, in the kinds asked for, in the order the text gives them. */
export function textChallenges(
  text: OrganiserText,
  kinds: readonly ChallengeKind[],
): TextChallenge[] {
  const spots = spotsIn(text);
  const seen = new Set<string>();
  const unique = spots.filter((s) => {
    const key = s.where.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return kinds.slice(0, unique.length).map((kind, i) => ({
    challenge: challengeFor(unique[i]!, kind),
    sentence: unique[i]!.sentence,
  }));
}

const RULE = /\b(?:must|never|always|compulsory|mandatory|only|should)\b/i;

/**
 * Challenges about the organiser's own statements, for when the text and the bank give too few
 * questions on the subject: acting out a rule, explaining a fact to a newcomer. Rules first.
 */
export function statementChallenges(
  text: OrganiserText,
  count: number,
  firstKind: number,
): TextChallenge[] {
  const candidates = text.statements
    .filter(({ clause, statement }) => {
      if (!clause || statement.text.length > 100 || statement.text.split(/\s+/).length < 4)
        return false;
      return clause.imperative || !/^(?:we|you|they|it|i)$/i.test(clause.subject.trim());
    })
    .map(({ statement }) => statement)
    .sort((a, b) => Number(RULE.test(b.text)) - Number(RULE.test(a.text)));
  const seen = new Set<string>();
  const out: TextChallenge[] = [];
  for (const statement of candidates) {
    if (out.length === count) break;
    const key = statement.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const quoted = `“${capitalise(statement.text.replace(/[.!]+$/, ''))}${statement.condition ? ` ${statement.condition}` : ''}.”`;
    const kind = CHALLENGE_ORDER[(firstKind + out.length) % CHALLENGE_ORDER.length]!;
    const short = statement.text
      .split(/\s+/)
      .slice(0, 4)
      .join(' ')
      .replace(/[,.;:]+$/, '');
    const challenge: BankChallenge =
      kind === 'photo'
        ? {
            kind,
            name: `Show it: ${capitalise(short)}…`,
            text: `Take a team photo that shows this in action: ${quoted}`,
            difficulty: 'easy',
          }
        : kind === 'video'
          ? {
              kind,
              name: `Explain it: ${capitalise(short)}…`,
              text: `Record a short video (up to 30 seconds) explaining this to a new colleague, and why it matters: ${quoted}`,
              difficulty: 'medium',
            }
          : {
              kind,
              name: `Remember it: ${capitalise(short)}…`,
              text: `As a team, invent a short rhyme or saying that helps everyone remember this, and tell it to the host: ${quoted}`,
              difficulty: 'easy',
            };
    out.push({ challenge, sentence: statement.sentence });
  }
  return out;
}

const CHALLENGE_ORDER: readonly ChallengeKind[] = ['photo', 'video', 'standard'];
