/**
 * The shared rules and texts the player uses. They come from the zod-free modules of src/domain
 * (gameCodes.ts, stepTypes.ts, taskPreview.ts, limits.ts, uploads.ts): the modules that build zod
 * schemas would put all of zod (about 26 KB gzipped) into the player's small bundle.
 */
import { LIMITS } from '../domain/limits';
import { formatBytes, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../domain/uploads';
import { PREVIEW_TEXTS } from '../domain/taskPreview';
import { readableTextOn } from '../domain/readableText';

export {
  CODE_ALPHABET,
  CODE_LENGTH,
  formatCode,
  formatRejoinCode,
  normaliseCode,
  normaliseRejoinCode,
  REJOIN_CODE_LENGTH,
  rejoinUrl,
  TEAM_NAME_MAX_LENGTH,
  teamNameProblem,
} from '../domain/gameCodes';
export { isQuestionType, stepTypeLabel } from '../domain/stepTypes';
export { attemptsLine, challengeButtonLabel, challengeResponseLine } from '../domain/taskPreview';

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

/** The longest free-text answer the server takes. */
export const ANSWER_MAX_LENGTH = LIMITS.answerMaxLength;

// ---------------------------------------------------------------------------------------------
// Texts of the player's own screens

export const TEXTS = {
  later: PREVIEW_TEXTS.later,
  pass: PREVIEW_TEXTS.pass,
  tapToPlay: PREVIEW_TEXTS.tapToPlay,
  videoFullScreen: PREVIEW_TEXTS.videoFullScreen,
  queued: 'Saved on this phone – will be sent when you’re back online',
  notFound: 'There is no activity with this code. Check the code and try again.',
  badCode: 'Activity codes have 8 letters and numbers, like ABCD 2345.',
  offline: 'You seem to be offline. Check your connection and try again.',
  paused: 'The organiser has paused the game. You can answer again when it resumes.',
  badRejoinCode: 'Team codes have 6 letters and numbers, like ABC 234.',
} as const;

/** "1 point", "10 points". */
export const formatPoints = (points: number): string =>
  `${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

// ---------------------------------------------------------------------------------------------
// Colours

/** Black or white, whichever reads better on a branding colour; near-black is the player's. */
export const textColourOn = (hex: string): string => readableTextOn(hex, '#1b1b2f');

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
