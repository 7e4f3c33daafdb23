/**
 * The verbs organisers use in their statements ("the alarm is tested", "fire wardens wear",
 * "the shop opens"), with their forms, so that a statement can be turned into a question: the
 * auxiliary that moves to the front ("is the alarm tested"), the do-support a main verb needs
 * ("do fire wardens wear"), and the base form after it. compromise tags verbs too, but often
 * takes a plural noun for a verb ("fire wardens wear" → "wardens" as the verb): this list comes
 * first and compromise only fills gaps.
 */

/** Auxiliaries and modals that move to the front of a question. */
export const AUXILIARIES: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'am',
  'must',
  'should',
  'can',
  'could',
  'will',
  'would',
  'may',
  'might',
  'shall',
  'has',
  'have',
  'had',
  'do',
  'does',
  'did',
]);

export const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'am']);

/** Words that may sit between an auxiliary and its verb ("must never be", "is only ever used"). */
export const VERB_ADVERBS: ReadonlySet<string> = new Set([
  'never',
  'always',
  'only',
  'ever',
  'also',
  'usually',
  'normally',
  'often',
  'now',
  'still',
  'just',
  'already',
  'not',
  'all',
  'each',
  'both',
]);

/** Irregular verbs: base, third person, past, past participle. */
const IRREGULAR: readonly (readonly [string, string, string, string])[] = [
  ['be', 'is', 'was', 'been'],
  ['have', 'has', 'had', 'had'],
  ['do', 'does', 'did', 'done'],
  ['go', 'goes', 'went', 'gone'],
  ['wear', 'wears', 'wore', 'worn'],
  ['keep', 'keeps', 'kept', 'kept'],
  ['leave', 'leaves', 'left', 'left'],
  ['meet', 'meets', 'met', 'met'],
  ['take', 'takes', 'took', 'taken'],
  ['give', 'gives', 'gave', 'given'],
  ['get', 'gets', 'got', 'got'],
  ['make', 'makes', 'made', 'made'],
  ['run', 'runs', 'ran', 'run'],
  ['build', 'builds', 'built', 'built'],
  ['hold', 'holds', 'held', 'held'],
  ['sell', 'sells', 'sold', 'sold'],
  ['buy', 'buys', 'bought', 'bought'],
  ['bring', 'brings', 'brought', 'brought'],
  ['begin', 'begins', 'began', 'begun'],
  ['win', 'wins', 'won', 'won'],
  ['lead', 'leads', 'led', 'led'],
  ['pay', 'pays', 'paid', 'paid'],
  ['send', 'sends', 'sent', 'sent'],
  ['spend', 'spends', 'spent', 'spent'],
  ['hang', 'hangs', 'hung', 'hung'],
  ['sit', 'sits', 'sat', 'sat'],
  ['stand', 'stands', 'stood', 'stood'],
  ['write', 'writes', 'wrote', 'written'],
  ['drive', 'drives', 'drove', 'driven'],
  ['ride', 'rides', 'rode', 'ridden'],
  ['eat', 'eats', 'ate', 'eaten'],
  ['drink', 'drinks', 'drank', 'drunk'],
  ['set', 'sets', 'set', 'set'],
  ['put', 'puts', 'put', 'put'],
  ['cut', 'cuts', 'cut', 'cut'],
  ['shut', 'shuts', 'shut', 'shut'],
  ['feel', 'feels', 'felt', 'felt'],
  ['find', 'finds', 'found', 'found'],
  ['tell', 'tells', 'told', 'told'],
  ['teach', 'teaches', 'taught', 'taught'],
  ['speak', 'speaks', 'spoke', 'spoken'],
  ['grow', 'grows', 'grew', 'grown'],
  ['show', 'shows', 'showed', 'shown'],
  ['know', 'knows', 'knew', 'known'],
  ['fly', 'flies', 'flew', 'flown'],
  ['become', 'becomes', 'became', 'become'],
  ['come', 'comes', 'came', 'come'],
  ['ship', 'ships', 'shipped', 'shipped'],
  ['steam', 'steams', 'steamed', 'steamed'],
];

/** Regular verbs organisers use; their forms follow the spelling rules below. */
const REGULAR =
  `accept add answer apply arrive ask assemble attend bake book call carry change check
  clean close collect complete contact cook cool cover deliver design earn employ end ensure escort
  fill finish follow form found greet happen help host include join label last launch lay list
  live lock log look manage mark move need offer open operate order own park pass plan play plug
  pull raise reach receive record recycle refill register remain report require rest return save
  serve share sign start stay steam stock store switch test trade train travel treat turn use visit
  wait walk want wash watch work average cap follow average cost last mop prop plate escalate
  answer update schedule release freeze support process handle insist prefer stop drop plan
  display fix print reply replace stack tidy empty sweep sanitise disinfect dispose supervise
  rotate check confirm text email contain name involve mean measure cycle jog swim ring`
    .split(/\s+/)
    .filter(Boolean);

const isVowel = (c: string | undefined): boolean => c !== undefined && 'aeiou'.includes(c);

function thirdPerson(base: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

function pastOf(base: string): string {
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  // Short verbs ending consonant-vowel-consonant double it: stop → stopped, plan → planned.
  const n = base.length;
  if (
    n <= 4 &&
    !isVowel(base[n - 1]) &&
    !'wxy'.includes(base[n - 1]!) &&
    isVowel(base[n - 2]) &&
    !isVowel(base[n - 3])
  ) {
    return `${base}${base[n - 1]}ed`;
  }
  return `${base}ed`;
}

function gerundOf(base: string): string {
  if (base.endsWith('ie')) return `${base.slice(0, -2)}ying`;
  if (base.endsWith('e') && base !== 'be') return `${base.slice(0, -1)}ing`;
  return `${base}ing`;
}

export type VerbForm = 'base' | 'third' | 'past' | 'participle' | 'gerund';

interface VerbEntry {
  base: string;
  form: VerbForm;
}

const FORMS = new Map<string, VerbEntry>();
const BASES = new Map<string, { third: string; past: string; participle: string }>();

function addVerb(base: string, third: string, past: string, participle: string): void {
  BASES.set(base, { third, past, participle });
  const set = (word: string, form: VerbForm) => {
    if (!FORMS.has(word)) FORMS.set(word, { base, form });
  };
  set(base, 'base');
  set(third, 'third');
  set(past, 'past');
  set(participle, 'participle');
  set(gerundOf(base), 'gerund');
}

for (const [base, third, past, participle] of IRREGULAR) addVerb(base, third, past, participle);
for (const base of REGULAR) {
  if (!BASES.has(base)) addVerb(base, thirdPerson(base), pastOf(base), pastOf(base));
}

/** The base form and the form of a verb the list knows ("opens" → open, third), or null. */
export function verbForm(word: string): VerbEntry | null {
  return FORMS.get(word.toLowerCase()) ?? null;
}

export function baseForm(word: string): string {
  return verbForm(word)?.base ?? word.toLowerCase();
}

/** "built" → "built", "counted" → "counted": the simple past of a known verb, else regular. */
export function pastTense(word: string): string {
  const entry = verbForm(word);
  const base = entry?.base ?? word.toLowerCase();
  return BASES.get(base)?.past ?? pastOf(base);
}

export function thirdPersonOf(word: string): string {
  const entry = verbForm(word);
  const base = entry?.base ?? word.toLowerCase();
  return BASES.get(base)?.third ?? thirdPerson(base);
}
