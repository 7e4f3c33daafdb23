/**
 * The sign-up form's rules: the request's own (signUpRequestSchema), and the password lengths the
 * server takes, in the words it refuses them with (server/services/auth/passwordPolicy.ts,
 * lengthProblem). Checked before sending, so that every field's problem shows at once. The
 * sign-in form needs nothing beyond signInRequestSchema.
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { signUpRequestSchema } from './schemas';

export const PASSWORD_LENGTH_MESSAGES = {
  tooShort: `Use a password of at least ${LIMITS.passwordMinLength} characters.`,
  tooLong: `Use a password of at most ${LIMITS.passwordMaxLength} characters.`,
} as const;

export const signUpFormSchema = signUpRequestSchema.extend({
  password: z
    .string()
    .min(LIMITS.passwordMinLength, PASSWORD_LENGTH_MESSAGES.tooShort)
    .max(LIMITS.passwordMaxLength, PASSWORD_LENGTH_MESSAGES.tooLong),
});
