/**
 * The names that put a whole bank topic on the organiser's subject: "food hygiene" takes every
 * food hygiene question, "health and safety" every health and safety one. A narrower phrase
 * ("fire safety", "allergens") is not a name here: it takes only the questions that match it
 * themselves (relevance.ts), so that "fire safety" does not bring ladder safety.
 */
import { GENERAL_TOPICS } from './topicMatch';

export const TOPIC_NAMES: Readonly<Record<string, readonly string[]>> = {
  onboarding: ['onboarding', 'induction', 'orientation'],
  'company-culture': ['company culture', 'workplace culture', 'culture', 'company values'],
  'health-and-safety': [
    'health and safety',
    'h&s',
    'workplace safety',
    'safety at work',
    'site safety',
    'site induction',
    'warehouse safety',
    'lab safety',
    'laboratory safety',
    'kitchen safety',
    'office safety',
    'construction safety',
    'safety induction',
    'safety briefing',
    'safety rules',
  ],
  'first-aid': ['first aid', 'cpr', 'resuscitation'],
  'food-hygiene': ['food hygiene', 'food safety', 'kitchen hygiene', 'food handling', 'haccp'],
  'data-protection': ['data protection', 'gdpr', 'data privacy', 'privacy'],
  'cyber-security': [
    'cyber security',
    'cybersecurity',
    'information security',
    'it security',
    'online safety',
    'security awareness',
  ],
  'ethics-and-compliance': ['ethics', 'compliance', 'code of conduct', 'anti-bribery'],
  'customer-service': [
    'customer service',
    'customer care',
    'customer experience',
    'contact centre',
    'call centre',
    'front desk',
    'customer support',
  ],
  sales: ['sales', 'selling', 'business development'],
  leadership: [
    'leadership',
    'management training',
    'new managers',
    'line managers',
    'people management',
  ],
  communication: ['communication', 'communication skills', 'public speaking', 'presentations'],
  teamwork: [
    'teamwork',
    'team building',
    'team-building',
    'team bonding',
    'collaboration',
    'away day',
  ],
  'problem-solving': [
    'problem solving',
    'problem-solving',
    'critical thinking',
    'creative thinking',
    'creativity',
    'innovation',
    'decision making',
  ],
  'remote-working': [
    'remote working',
    'remote work',
    'working from home',
    'wfh',
    'hybrid working',
    'hybrid work',
    'flexible working',
    'virtual teams',
  ],
  'project-management': ['project management', 'agile', 'scrum', 'kanban', 'prince2'],
  wellbeing: ['wellbeing', 'well-being', 'wellness', 'mental health'],
  'diversity-and-inclusion': ['diversity', 'inclusion', 'equality', 'd&i', 'dei', 'edi'],
  sustainability: [
    'sustainability',
    'climate change',
    'net zero',
    'green office',
    'recycling',
    'environment',
  ],
  'money-and-business': ['money', 'finance', 'economics', 'financial literacy', 'personal finance'],
  geography: ['geography', 'capital cities', 'world capitals', 'capitals', 'countries'],
  science: ['science', 'physics', 'biology', 'chemistry'],
  history: ['history', 'medieval'],
  space: ['space', 'astronomy', 'solar system', 'planets'],
  music: ['music'],
  'film-and-tv': ['film', 'films', 'movies', 'cinema', 'tv', 'television'],
  sport: ['sport', 'sports', 'football', 'rugby', 'cricket', 'tennis', 'olympics', 'fc'],
  'food-and-drink': ['food and drink', 'cooking', 'cuisine'],
  'holidays-and-celebrations': ['holidays', 'celebrations', 'festivals', 'public holidays'],
  technology: ['technology', 'tech', 'computing', 'computers', 'gadgets'],
  'nature-and-animals': ['nature', 'animals', 'wildlife'],
  'art-and-literature': ['art', 'literature', 'books', 'reading', 'poetry', 'painting'],
};

/** "general knowledge" names every general topic. */
const GENERAL_KNOWLEDGE = /\bgeneral knowledge\b|\bpub quiz\b/i;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The bank topics a subject phrase names as a whole. A name inside a proper name ("the Natural
 * History Museum") does not count; a lone "onboarding" or "induction" counts only when it leads
 * the phrase ("Onboarding for new starters…", not "IT onboarding").
 */
/** Each name as a whole-word pattern, compiled once. */
const PATTERNS: readonly { topicId: string; name: string; re: RegExp }[] = Object.entries(
  TOPIC_NAMES,
).flatMap(([topicId, names]) =>
  names.map((name) => ({
    topicId,
    name,
    re: new RegExp(`(^|[^a-z0-9])(${escape(name)})(?=$|[^a-z0-9])`, 'i'),
  })),
);

/** Who the activity is for: "for first-year chemistry students", "for the finance team". */
const AUDIENCE =
  /\bfor\s+(?:the\s+|our\s+|new\s+|all\s+)?(?:[\w-]+\s+){0,3}(?:team|teams|students|staff|members|starters|crew|volunteers|department|employees|colleagues)\b/i;

/**
 * The topics a phrase names. Who it is for names a topic only when nothing else does: "Launch
 * quiz for the sales team" is about sales; "Lab safety induction for first-year chemistry
 * students" is about lab safety, not chemistry trivia.
 */
export function namedTopics(phrase: string): string[] {
  const withoutAudience = phrase.replace(AUDIENCE, ' ');
  const own = topicNamesIn(withoutAudience);
  return [...new Set((own.length > 0 ? own : topicNamesIn(phrase)).map((n) => n.topicId))];
}

/** The phrase without the names it gives ("Geography and world capitals" → "and"). */
export function withoutTopicNames(phrase: string): string {
  let rest = phrase;
  for (const { text } of topicNamesIn(phrase)) rest = rest.replace(text, ' ');
  return rest;
}

function topicNamesIn(phrase: string): { topicId: string; text: string }[] {
  const found: { topicId: string; text: string }[] = [];
  const general = GENERAL_KNOWLEDGE.exec(phrase);
  if (general) GENERAL_TOPICS.forEach((topicId) => found.push({ topicId, text: general[0] }));
  for (const { topicId, name, re } of PATTERNS) {
    {
      const m = re.exec(phrase);
      if (!m) continue;
      const at = m.index + m[1]!.length;
      const written = m[2]!;
      const before = phrase.slice(0, at).trim();
      const after = phrase.slice(at + written.length);
      const inProperName =
        /^[A-Z][a-z]/.test(written) && (/[A-Z][\w'’]*$/.test(before) || /^\s+[A-Z]/.test(after));
      // "Wellbeing Week …" leads the phrase and names it; "… the Natural History Museum" does not.
      if (inProperName && at > 0 && written.toUpperCase() !== written) continue;
      if ((name === 'onboarding' || name === 'induction') && /\p{L}/u.test(before)) continue;
      found.push({ topicId, text: written });
    }
  }
  return found;
}
