/**
 * The shared rules and texts the player needs, without zod.
 *
 * src/domain/games.ts and src/domain/taskPreview.ts build zod schemas at module level, so
 * importing even one function from them puts all of zod (about 26 KB gzipped, a third of the
 * player's budget on a weak phone connection) into the play bundle. The player therefore keeps
 * these few small rules here and imports only types from those modules (src/domain/uploads.ts
 * has no zod and is used as it is); tests/unit/play/rules.test.ts checks that every rule and
 * text below still matches its src/domain original.
 */
import type { StepType } from '../domain/enums';
import { formatBytes, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../domain/uploads';

// ---------------------------------------------------------------------------------------------
// Activity codes (games.ts: CODE_ALPHABET, CODE_LENGTH, normaliseCode, formatCode)

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;

/** What a person typed (any case, spaces or dashes, "ab12 cd34") → the code, or null. */
export function normaliseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

/** "ABCD2345" → "ABCD 2345". */
export const formatCode = (code: string): string => `${code.slice(0, 4)} ${code.slice(4)}`;

// ---------------------------------------------------------------------------------------------
// Team names (games.ts: teamNameSchema)

export const TEAM_NAME_MAX_LENGTH = 40;

/** The teamNameSchema messages, or null when the name is fine. */
export function teamNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 1) return 'Choose a team name.';
  if (trimmed.length > TEAM_NAME_MAX_LENGTH) {
    return `A team name can be at most ${TEAM_NAME_MAX_LENGTH} characters.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Uploads: the server's caps for photos and videos (src/domain/uploads.ts)

export const MEDIA_MAX_BYTES = { photo: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES } as const;

/** Said before anything is sent when a photo or video is larger than the server takes. */
export function mediaTooLarge(kind: 'photo' | 'video', bytes: number): string | null {
  const max = MEDIA_MAX_BYTES[kind];
  if (bytes <= max) return null;
  return kind === 'photo'
    ? `This photo is larger than ${formatBytes(max)}. Please take another one.`
    : `This video is larger than ${formatBytes(max)}. Please record a shorter one.`;
}

/** LIMITS.answerMaxLength: the longest free-text answer the server takes. */
export const ANSWER_MAX_LENGTH = 500;

// ---------------------------------------------------------------------------------------------
// Task texts (taskPreview.ts, enums.ts)

export const isQuestionType = (type: StepType): boolean =>
  type === 'freeText' || type === 'multipleChoice';

/** "1 attempt" for questions (one attempt each, SPEC §2.8); null for challenges. */
export const attemptsLine = (type: StepType): string | null =>
  isQuestionType(type) ? '1 attempt' : null;

const CHALLENGE_BUTTON_LABELS: Partial<Record<StepType, string>> = {
  standardChallenge: 'Continue',
  photoChallenge: 'Take a photo',
  videoChallenge: 'Record video',
};
export const challengeButtonLabel = (type: StepType): string | null =>
  CHALLENGE_BUTTON_LABELS[type] ?? null;

const RESPONSE_LINES: Partial<Record<StepType, string>> = {
  standardChallenge: 'Requires an action to be undertaken',
  photoChallenge: 'Requires a photo to complete challenge',
  videoChallenge: 'Requires a video to complete challenge',
};
export const challengeResponseLine = (type: StepType): string | null =>
  RESPONSE_LINES[type] ?? null;

const STEP_TYPE_LABELS: Record<StepType, string> = {
  freeText: 'Free Text',
  multipleChoice: 'Multiple Choice',
  standardChallenge: 'Challenge',
  photoChallenge: 'Photo Challenge',
  videoChallenge: 'Video Challenge',
};
export const stepTypeLabel = (type: StepType): string => STEP_TYPE_LABELS[type] ?? 'Task';

export const TEXTS = {
  later: 'Later',
  pass: 'Pass',
  tapToPlay: 'Tap to play',
  videoFullScreen: 'Video will play full screen during live activity play',
  queued: 'Saved on this phone – will be sent when you’re back online',
  notFound: 'There is no activity with this code. Check the code and try again.',
  badCode: 'Activity codes have 8 letters and numbers, like ABCD 2345.',
  offline: 'You seem to be offline. Check your connection and try again.',
} as const;

/** "1 point", "10 points". */
export const formatPoints = (points: number): string =>
  `${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

// ---------------------------------------------------------------------------------------------
// Colours

/**
 * Black or white, whichever reads better on a branding colour (organisers choose any colour):
 * WCAG relative luminance, with the switch point where both contrasts are equal.
 */
export function textColourOn(hex: string): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return '#1b1b2f';
  const value = parseInt(match[1], 16);
  const channel = (shift: number): number => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.179 ? '#1b1b2f' : '#ffffff';
}

// ---------------------------------------------------------------------------------------------
// Ids

/**
 * A v4 UUID for an answer's clientId. crypto.randomUUID exists only in secure contexts, and
 * Teamtrail is often played over plain HTTP on a venue's network, so fall back to
 * getRandomValues (available everywhere).
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
