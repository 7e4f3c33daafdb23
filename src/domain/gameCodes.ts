/**
 * Activity codes and team names (docs/games.md), without zod: the server, the live screens and
 * the phone player's small bundle all use these. games.ts re-exports them beside its schemas.
 */
// ---------------------------------------------------------------------------------------------
// Activity codes

/**
 * Codes use Crockford's alphabet without I, L, O and U: nothing that reads as another character
 * ("0"/"O", "1"/"I"/"L"), and no accidental words. Eight characters give 30^8 ≈ 6.6 × 10^11
 * codes; with joining rate-limited, guessing a live game's code is not practical.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;

/** What a person typed (any case, spaces or dashes, "ab12 cd34") → the code, or null. */
export function normaliseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

/** "ABCD2345" → "ABCD 2345": easier to read out and to type. */
export const formatCode = (code: string): string => `${code.slice(0, 4)} ${code.slice(4)}`;

/** The player's address for a code: what the QR code encodes ({host}/play/{code}). */
export const playerUrl = (publicUrl: string, code: string): string => `${publicUrl}/play/${code}`;

// ---------------------------------------------------------------------------------------------
// Rejoin codes: a team moves to another phone (docs/games.md "A team moves to another phone")

/** Six characters of the activity-code alphabet: 30^6 ≈ 7.3 × 10^8 per game. */
export const REJOIN_CODE_LENGTH = 6;

/** What a person typed ("abc 123", "ABC-123") → the rejoin code, or null. */
export function normaliseRejoinCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== REJOIN_CODE_LENGTH) return null;
  return [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

/** "ABC123" → "ABC 123": easier to read out and to type. */
export const formatRejoinCode = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;

/** Opens the activity on another phone as the team: {origin}/play/{code}?rejoin={rejoinCode}. */
export const rejoinUrl = (origin: string, code: string, rejoinCode: string): string =>
  `${origin}/play/${code}?rejoin=${rejoinCode}`;

// ---------------------------------------------------------------------------------------------
// Teams

export const TEAM_NAME_MAX_LENGTH = 40;

export const TEAM_NAME_MESSAGES = {
  empty: 'Choose a team name.',
  tooLong: `A team name can be at most ${TEAM_NAME_MAX_LENGTH} characters.`,
} as const;

/** What is wrong with a team name (as the server's teamNameSchema says it), or null. */
export function teamNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 1) return TEAM_NAME_MESSAGES.empty;
  if (trimmed.length > TEAM_NAME_MAX_LENGTH) return TEAM_NAME_MESSAGES.tooLong;
  return null;
}

/** Two teams of one game may not share a name, whatever the case or spacing. */
export const sameTeamName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
