/** How the live screens write times, durations and points for people. */
import { formatDisplayMoment, formatDisplayTime } from '../domain/constants';

/** "14:30" today, "04/03/2026 14:30" on another day (src/domain/constants.ts). */
export const formatWhen = (iso: string, now = new Date()): string =>
  formatDisplayMoment(new Date(iso), now);

export const formatClock = (iso: string): string => formatDisplayTime(new Date(iso));

/** 725 → "12 min 5 s"; 3 900 → "1 h 5 min"; null → "–". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 === 0 ? `${minutes} min` : `${minutes} min ${s % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;
