/**
 * A date as an organiser types it into the Schedule Activity dialog, read as the 'YYYY-MM-DD'
 * string that src/domain/schedule.ts checks. The field shows dates as the product writes them
 * everywhere (DD/MM/YYYY, src/domain/constants.ts); an ISO date is read too, since that is what a
 * paste from a calendar or a spreadsheet often holds.
 */

/** The dayjs format of the date fields: SPEC's DD/MM/YYYY, as on the join details. */
export const SCHEDULE_DATE_FORMAT = 'DD/MM/YYYY';

/** Day first, as shown; '/', '.', '-' or spaces between the parts; a four-digit year. */
const DAY_FIRST = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const pad2 = (n: number): string => String(n).padStart(2, '0');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number): boolean =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether the calendar has this day (no 30 February, no month 13). */
function dayExists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const lastDay = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= lastDay;
}

/**
 * 'YYYY-MM-DD' for a typed date, or null while the text is not (yet) a whole, real date. No
 * window is applied here: a day outside it is the rules' to name (src/domain/schedule.ts).
 */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  const dayFirst = iso ? null : DAY_FIRST.exec(trimmed);
  const parts = iso
    ? [iso[1], iso[2], iso[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : null;
  if (parts === null) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (!dayExists(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}
