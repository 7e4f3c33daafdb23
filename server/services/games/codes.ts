/**
 * Activity codes and secrets (docs/games.md). Codes are drawn with the operating system's
 * random source (crypto.randomInt), so they cannot be predicted from earlier ones; the database
 * keeps them unique, and a clash simply draws again.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '../../../src/domain/games';

export function newActivityCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A 256-bit secret, URL-safe: team tokens and live-screen keys. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Team tokens are stored hashed: a leaked database does not let anyone act as a team. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
