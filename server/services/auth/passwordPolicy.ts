/**
 * What makes a password too weak to accept, with a message that says how to fix it.
 * Length first (the strongest single factor), then the passwords attackers try first.
 */
import { LIMITS } from '../../../src/domain/limits';

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'letmein1',
  'welcome1',
  'welcome123',
  'abc12345',
  'teamtrail',
  'admin123',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
]);

export function passwordProblem(password: string, email: string): string | null {
  if (password.length < LIMITS.passwordMinLength) {
    return `Use a password of at least ${LIMITS.passwordMinLength} characters.`;
  }
  if (password.length > LIMITS.passwordMaxLength) {
    return `Use a password of at most ${LIMITS.passwordMaxLength} characters.`;
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) {
    return 'This password is too easy to guess. Try a longer phrase of several words.';
  }
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 4 && lower.includes(localPart)) {
    return "Your password shouldn't contain your e-mail address.";
  }
  return null;
}
