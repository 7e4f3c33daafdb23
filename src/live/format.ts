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

/** The text colour that reads on a background colour (#RRGGBB): white or near-black. */
export function readableTextOn(hex: string): '#FFFFFF' | '#1A1B1E' {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#FFFFFF';
  const [r, g, b] = match.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#FFFFFF' : '#1A1B1E';
}
