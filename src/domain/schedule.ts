/**
 * SPEC §5 Schedule rules: the Schedule Activity dialog's instance name, its date inputs' window,
 * and the five date/time checks in SPEC's order. Dates are built in the local time zone from
 * 'YYYY-MM-DD' and 'HH:mm', as the browser's date and time inputs give them. `now` is always
 * passed in, so the rules are deterministic.
 */
import { TZDateMini, tzOffset } from '@date-fns/tz';
import { SCHEDULE_WINDOW_YEARS } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Instance name

/** null when the name is fine; the trimmed length counts. */
export function validateInstanceName(name: string): string | null {
  const length = name.trim().length;
  if (length === 0) return MESSAGES.schedule.instanceNameRequired;
  if (length < LIMITS.instanceNameMinLength) return MESSAGES.schedule.instanceNameTooShort;
  return null;
}

/** Next is enabled only at 3 or more characters. */
export const canProceedFromName = (name: string): boolean => validateInstanceName(name) === null;

// ---------------------------------------------------------------------------------------------
// Local dates

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A day's calendar date in a time zone. The browser passes none (its own zone); the server
 * passes the organiser's (the X-Time-Zone header, docs/games.md), since "the rest of the day"
 * and "one launch per day" are the organiser's day, not the server's.
 */
interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** Zones the runtime has accepted once; checking again would build a formatter every call. */
const knownZones = new Set<string>();

/**
 * Throws the runtime's own RangeError for a zone it does not know. @date-fns/tz would answer
 * with an Invalid Date instead (and reads any name holding "+05" as a fixed offset), so a
 * made-up zone would give a day of "NaN-NaN-NaN" rather than the error callers have had.
 */
function requireKnownZone(timeZone: string): void {
  if (knownZones.has(timeZone)) return;
  new Intl.DateTimeFormat('en-US', { timeZone });
  knownZones.add(timeZone);
}

/** `instant` on `timeZone`'s wall clock: its getters read that zone's date and time. */
function inZone(instant: Date, timeZone: string): Date {
  requireKnownZone(timeZone);
  // The same refusal as formatting an invalid date in a zone, not a day of NaNs.
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  return new TZDateMini(instant.getTime(), timeZone);
}

function calendarDayOf(instant: Date, timeZone?: string): CalendarDay {
  const wall = timeZone === undefined ? instant : inZone(instant, timeZone);
  return { year: wall.getFullYear(), month: wall.getMonth() + 1, day: wall.getDate() };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
const offsetMsAt = (timeZone: string, at: number): number =>
  tzOffset(timeZone, new Date(at)) * MS_PER_MINUTE;

/**
 * The first instant of a calendar day (month may overflow: day 32 is the next month's 1st).
 *
 * In a zone, midnight can only fall under the offset in force a day before it or the one a day
 * after. Each offset that holds at the instant it gives is a real midnight; when both do, the
 * clocks went back over midnight, it happened twice, and the day began at the first. When neither
 * does, they went forward over it and the day began at the change, which the earlier offset gives
 * (Sao Paulo's skipped 00:00 is 01:00). TZDate's own constructor would answer this too, but it
 * goes through the host's zone: near the host's clock changes, its answer depends on where the
 * code runs.
 */
function startOfCalendarDay({ year, month, day }: CalendarDay, timeZone?: string): Date {
  if (timeZone === undefined) return new Date(year, month - 1, day);
  requireKnownZone(timeZone);
  const wallMidnight = Date.UTC(year, month - 1, day);
  const offsetBefore = offsetMsAt(timeZone, wallMidnight - MS_PER_DAY);
  const offsetAfter = offsetMsAt(timeZone, wallMidnight + MS_PER_DAY);
  const midnights = [offsetBefore, offsetAfter]
    .filter((offset) => offsetMsAt(timeZone, wallMidnight - offset) === offset)
    .map((offset) => wallMidnight - offset);
  return new Date(midnights.length > 0 ? Math.min(...midnights) : wallMidnight - offsetBefore);
}

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/London"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    requireKnownZone(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DD' of a moment in the local time zone, or in `timeZone`. */
export function toLocalDateString(date: Date, timeZone?: string): string {
  const { year, month, day } = calendarDayOf(date, timeZone);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** The first instant of the day `now` is in (local, or in `timeZone`). */
export function startOfDay(now: Date, timeZone?: string): Date {
  return startOfCalendarDay(calendarDayOf(now, timeZone), timeZone);
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 'HH:mm'; browsers may add ':ss' when the input's step is under a minute. */
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The local moment for a 'YYYY-MM-DD' date and an 'HH:mm' time, or null when either is malformed
 * or names a day or time that does not exist (2025-02-30, 24:00).
 */
export function parseLocalDateTime(date: string, time: string): Date | null {
  const d = DATE_PATTERN.exec(date);
  const t = TIME_PATTERN.exec(time);
  if (d === null || t === null) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hours, minutes, seconds] = [Number(t[1]), Number(t[2]), Number(t[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const result = new Date(year, month - 1, day, hours, minutes, seconds);
  // Years 0-99 are mapped to 1900-1999 by the Date constructor; set the year explicitly.
  result.setFullYear(year, month - 1, day);
  const sameDay =
    result.getFullYear() === year && result.getMonth() === month - 1 && result.getDate() === day;
  return sameDay ? result : null;
}

/** The same calendar day `years` later; 29 February falls back to 28 February. */
function addYearsToDay(date: Date, years: number): Date {
  const year = date.getFullYear() + years;
  const lastDayOfMonth = new Date(year, date.getMonth() + 1, 0).getDate();
  return new Date(year, date.getMonth(), Math.min(date.getDate(), lastDayOfMonth));
}

/** The date inputs' min and max: today to today plus 1 year, as 'YYYY-MM-DD'. */
export function scheduleDateBounds(now: Date): { min: string; max: string } {
  return {
    min: toLocalDateString(now),
    max: toLocalDateString(addYearsToDay(now, SCHEDULE_WINDOW_YEARS)),
  };
}

/**
 * A "Play" launch is live for the rest of the day: from now to the next midnight, local or in
 * the organiser's `timeZone`.
 */
export function launchWindow(now: Date, timeZone?: string): { startsAt: Date; endsAt: Date } {
  const today = calendarDayOf(now, timeZone);
  const nextMidnight = startOfCalendarDay({ ...today, day: today.day + 1 }, timeZone);
  return { startsAt: new Date(now.getTime()), endsAt: nextMidnight };
}

// ---------------------------------------------------------------------------------------------
// The five checks

export interface ScheduleForm {
  dateFrom: string;
  timeFrom: string;
  dateTo: string;
  timeTo: string;
}

export interface ScheduleContext {
  now: Date;
  /** The activity's run time in minutes; the window must be at least this long. */
  runTimeMin: number;
}

export type ScheduleValidation =
  /** Some field is still empty: no check runs and no message is shown. */
  | { complete: false; valid: false; error: null }
  | { complete: true; valid: false; error: string }
  | { complete: true; valid: true; error: null; start: Date; end: Date };

/**
 * Checks 3 to 5 on two moments, for callers that already hold instants (the server receiving
 * startsAt and endsAt). null when they pass.
 */
export function validateScheduleInstants(
  start: Date,
  end: Date,
  { now, runTimeMin }: ScheduleContext,
): string | null {
  const runTimeMs = Math.max(0, Number.isFinite(runTimeMin) ? runTimeMin : 0) * MS_PER_MINUTE;
  if (start.getTime() > end.getTime()) return MESSAGES.schedule.endBeforeStart;
  if (end.getTime() - runTimeMs < start.getTime()) return MESSAGES.schedule.runTimeNotCovered;
  if (start.getTime() < now.getTime()) return MESSAGES.schedule.inThePast;
  return null;
}

/**
 * The Schedule Activity checks, run only when all four fields are filled, in SPEC's order; the
 * first that fails is reported:
 * 1. start date and/or time invalid; 2. end date and/or time invalid; 3. start after end;
 * 4. end minus the run time earlier than start; 5. start before now.
 * A date after the inputs' maximum (today plus 1 year) counts as invalid in checks 1 and 2; a
 * date before today is left to check 5, which has its own message.
 */
export function validateSchedule(form: ScheduleForm, context: ScheduleContext): ScheduleValidation {
  const { dateFrom, timeFrom, dateTo, timeTo } = form;
  if ([dateFrom, timeFrom, dateTo, timeTo].some((field) => field.trim() === '')) {
    return { complete: false, valid: false, error: null };
  }
  const fail = (error: string): ScheduleValidation => ({ complete: true, valid: false, error });
  const { max } = scheduleDateBounds(context.now);
  const start = parseLocalDateTime(dateFrom, timeFrom);
  if (start === null || dateFrom > max) return fail(MESSAGES.schedule.startInvalid);
  const end = parseLocalDateTime(dateTo, timeTo);
  if (end === null || dateTo > max) return fail(MESSAGES.schedule.endInvalid);
  const error = validateScheduleInstants(start, end, context);
  if (error !== null) return fail(error);
  return { complete: true, valid: true, error: null, start, end };
}

/** "Schedule Activity" is disabled until all checks pass. */
export const canScheduleActivityForm = (form: ScheduleForm, context: ScheduleContext): boolean =>
  validateSchedule(form, context).valid;

/**
 * startsAt and endsAt as ISO timestamps built from the local date and time. Throws a RangeError
 * when a date or time does not parse: call it once validateSchedule has passed.
 */
export function toIsoTimestamps(form: ScheduleForm): { startsAt: string; endsAt: string } {
  const start = parseLocalDateTime(form.dateFrom, form.timeFrom);
  const end = parseLocalDateTime(form.dateTo, form.timeTo);
  if (start === null || end === null) {
    throw new RangeError('toIsoTimestamps: the schedule form has an invalid date or time');
  }
  return { startsAt: start.toISOString(), endsAt: end.toISOString() };
}
