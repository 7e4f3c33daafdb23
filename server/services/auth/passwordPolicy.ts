/**
 * What makes a password too weak to accept, with a message in plain words that says why and how
 * to do better (docs/auth.md "Passwords"). Length first (LIMITS, shared with the sign-up form),
 * then the e-mail address, then a strength estimate: zxcvbn-ts with its lists of common
 * passwords, English words and names, keyboard patterns, sequences, repeats and dates. A
 * password must take at least 10^8 guesses (zxcvbn score 3) to be accepted.
 *
 * The estimate runs in a worker thread (passwordStrengthWorker.mjs), one password at a time with
 * a time limit, so that neither its dictionaries nor a slow password hold up other requests.
 * The browser never loads any of it: the server's message is shown next to the password field.
 */
import { Worker } from 'node:worker_threads';
import { LIMITS } from '../../../src/domain/limits';
import { HttpError } from '../../errors';

/** zxcvbn's score 3: "safely unguessable", at least 10^8 guesses. */
export const MIN_STRENGTH_SCORE = 3;
/** One estimate, the worker's start included (its dictionaries take a moment to build). */
const CHECK_TIME_LIMIT_MS = 5_000;
/** The worker is stopped after this long without a password to check (it holds its lists). */
const WORKER_IDLE_MS = 5 * 60_000;
/** Sign-ups waiting for an estimate at once; beyond it, "try again in a moment". */
const MAX_WAITING_CHECKS = 50;

const SUGGESTION = 'Try a longer phrase of a few words that do not usually go together.';

/** zxcvbn's warning keys (its feedback without translations), in plain words. */
const REASONS: Record<string, string> = {
  topTen: 'it is one of the most common passwords.',
  topHundred: 'it is one of the most common passwords.',
  common: 'it is one of the most common passwords.',
  similarToCommon: 'it is one of the most common passwords with small changes.',
  wordByItself: 'a single word is easy to guess.',
  namesByThemselves: 'a single name or surname is easy to guess.',
  commonNames: 'common names and surnames are easy to guess.',
  userInputs: 'it contains your name, your e-mail address or the word “Teamtrail”.',
  straightRow: 'it is a row of keys on the keyboard, like “qwerty”.',
  keyPattern: 'it is a short pattern of keys on the keyboard.',
  simpleRepeat: 'it repeats one character, like “aaa”.',
  extendedRepeat: 'it repeats a pattern, like “abcabc”.',
  sequences: 'it is a simple sequence, like “abcd” or “1234”.',
  recentYears: 'it is built on a recent year.',
  dates: 'it is built on a date.',
};
const FALLBACK_REASON = 'it is too short or too predictable.';

export const tooEasyToGuess = (reason: string) =>
  `This password is too easy to guess: ${reason} ${SUGGESTION}`;

/** The length rule alone (also what Better Auth's own length errors are answered with). */
export function lengthProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMinLength) {
    return `Use a password of at least ${LIMITS.passwordMinLength} characters.`;
  }
  if (password.length > LIMITS.passwordMaxLength) {
    return `Use a password of at most ${LIMITS.passwordMaxLength} characters.`;
  }
  return null;
}

export interface PasswordOwner {
  email: string;
  name?: string;
}

/** Null when the password may be used; otherwise why not, in words for the sign-up form. */
export async function passwordProblem(
  password: string,
  owner: PasswordOwner,
): Promise<string | null> {
  const length = lengthProblem(password);
  if (length) return length;
  const lower = password.toLowerCase();
  const localPart = owner.email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 4 && lower.includes(localPart)) {
    return "Your password shouldn't contain your e-mail address.";
  }
  const estimate = await estimateStrength(password, userInputsOf(owner));
  if (estimate === 'timeout') {
    return `This password could not be checked in time. ${SUGGESTION}`;
  }
  if (estimate.score >= MIN_STRENGTH_SCORE) return null;
  return tooEasyToGuess((estimate.warning && REASONS[estimate.warning]) || FALLBACK_REASON);
}

/** Words of the account that a password should not be built on. */
function userInputsOf(owner: PasswordOwner): string[] {
  const [localPart = '', domain = ''] = owner.email.toLowerCase().split('@');
  const words = [
    owner.email.toLowerCase(),
    localPart,
    ...localPart.split(/[^a-z0-9]+/),
    domain.split('.')[0] ?? '',
    ...(owner.name ?? '').toLowerCase().split(/\s+/),
    'teamtrail',
  ];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

// ---------------------------------------------------------------------------------------------
// The worker

interface Estimate {
  score: number;
  warning: string | null;
}
interface WorkerAnswer {
  id: number;
  score?: number;
  warning?: string | null;
  error?: string;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
let waiting = 0;
/** Estimates run one after the other: each one's time limit is its own. */
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const started = new Worker(new URL('./passwordStrengthWorker.mjs', import.meta.url));
  // The server may exit while the worker is idle or busy.
  started.unref();
  started.on('error', () => stopWorker(started));
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

function stopWorker(which: Worker | null = worker): void {
  if (!which) return;
  if (worker === which) worker = null;
  void which.terminate();
}

function runEstimate(password: string, userInputs: string[]): Promise<Estimate | 'timeout'> {
  if (idleTimer) clearTimeout(idleTimer);
  const current = (worker ??= startWorker());
  const id = nextId++;
  return new Promise<Estimate | 'timeout'>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('exit', onExit);
      idleTimer = setTimeout(() => stopWorker(), WORKER_IDLE_MS);
      idleTimer.unref();
    };
    const onMessage = (answer: WorkerAnswer) => {
      if (answer.id !== id) return;
      done();
      if (answer.error !== undefined || answer.score === undefined) {
        reject(new Error(`The password strength estimate failed: ${answer.error}`));
      } else {
        resolve({ score: answer.score, warning: answer.warning ?? null });
      }
    };
    const onExit = () => {
      done();
      reject(new Error('The password strength worker stopped'));
    };
    const timer = setTimeout(() => {
      done();
      // It may be stuck on this password: a fresh worker takes the next one.
      stopWorker(current);
      resolve('timeout');
    }, CHECK_TIME_LIMIT_MS);
    current.on('message', onMessage);
    current.on('exit', onExit);
    current.postMessage({ id, password, userInputs });
  });
}

/** zxcvbn's score (0–4) and its warning key, or 'timeout' past the time limit. */
export async function estimateStrength(
  password: string,
  userInputs: string[] = [],
): Promise<Estimate | 'timeout'> {
  if (waiting >= MAX_WAITING_CHECKS) {
    throw new HttpError(
      503,
      'Too many accounts are being created right now. Please try again in a moment.',
    );
  }
  waiting++;
  const result = queue.then(() => runEstimate(password, userInputs));
  queue = result.catch(() => undefined);
  try {
    return await result;
  } finally {
    waiting--;
  }
}
