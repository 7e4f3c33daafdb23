/** Plain formatting helpers of the diagnostics panel: sizes, ids, owners and times for people. */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB" (powers of 1024, as the browser's own storage settings count). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return 'Unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** The first block of a UUID: enough to tell documents apart at a glance. */
export function shortId(id: string): string {
  return id.split('-')[0] ?? id;
}

export interface OwnerLabel {
  kind: 'Guest' | 'User' | 'Unknown';
  id: string;
}

/** 'anon:{id}' / 'user:{id}' → who it is, for people. */
export function describeOwner(owner: string | null): OwnerLabel {
  if (!owner) return { kind: 'Unknown', id: '' };
  const [prefix, ...rest] = owner.split(':');
  const id = rest.join(':');
  if (prefix === 'anon') return { kind: 'Guest', id };
  if (prefix === 'user') return { kind: 'User', id };
  return { kind: 'Unknown', id: owner };
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'long' });
const ABSOLUTE = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** Below this, "just now" / "in a moment" reads better than a count of seconds. */
const JUST_NOW_MS = 5_000;

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * "12 seconds ago", "in 3 minutes", "yesterday". `expected` says whether the time is an event
 * that happened or one that is scheduled: near the present, the page's clock (ticking once a
 * second, and not the worker's) may put a pull that just happened a moment "in the future".
 */
export function formatRelative(
  at: Date,
  now: number,
  expected: 'past' | 'future' = 'past',
): string {
  const diffMs = at.getTime() - now;
  if (Math.abs(diffMs) < JUST_NOW_MS) return expected === 'past' ? 'just now' : 'in a moment';
  // The page's clock ticks every few seconds: an event since the last tick is ahead of it, and
  // "All changes synced in 7 seconds" would be nonsense.
  if (expected === 'past' && diffMs > 0) return 'just now';
  const phrase = relativePhrase(diffMs);
  // A retry whose time has passed has not happened yet: it is due, not "1 minute ago".
  return expected === 'future' && diffMs < 0 ? `due ${phrase}` : phrase;
}

function relativePhrase(diffMs: number): string {
  let value = diffMs / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.round(value), unit);
    value /= size;
  }
  return RELATIVE.format(Math.round(value), 'year');
}

/** "21 Nov 2026, 17:59:16" in the browser's time zone. */
export function formatAbsolute(at: Date): string {
  return ABSOLUTE.format(at);
}

/** A safe file-name timestamp: 2026-11-21T17-59-16Z. */
export function fileTimestamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}
