/**
 * Whether a task carries a fact's answer: one matching for the model path's check of a result
 * against the organiser's facts (organiserFacts.ts) and for the quality measures of the tests and
 * the bench (tests/support/aiQuality.ts), so that both count a fact the same way.
 */

/** Lower case, no accents, thousands separators and "10 am" spaces removed, other marks kept. */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d)\s+(am|pm)\b/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` carries `answer` as whole words (a plural "Tuesdays" carries "Tuesday"). */
export function carries(text: string, answer: string): boolean {
  const needle = foldForMatch(answer);
  if (needle === '') return false;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?:s|es)?(?![\\p{L}\\p{N}])`,
    'u',
  );
  return pattern.test(foldForMatch(text));
}
