import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import {
  canProceedFromName,
  canScheduleActivityForm,
  isKnownTimeZone,
  launchWindow,
  parseLocalDateTime,
  scheduleDateBounds,
  startOfDay,
  toIsoTimestamps,
  toLocalDateString,
  validateInstanceName,
  validateSchedule,
  validateScheduleInstants,
} from '../../../src/domain/schedule';
import type { ScheduleForm } from '../../../src/domain/schedule';

// 15 June 2025, 12:00 local time. Every date below is local too, so the tests hold in any zone.
const now = new Date(2025, 5, 15, 12, 0);
const context = { now, runTimeMin: 60 };

const form = (overrides: Partial<ScheduleForm> = {}): ScheduleForm => ({
  dateFrom: '2025-06-16',
  timeFrom: '09:00',
  dateTo: '2025-06-16',
  timeTo: '17:00',
  ...overrides,
});

const errorOf = (f: ScheduleForm, ctx = context): string | null => validateSchedule(f, ctx).error;

describe('Schedule: instance name', () => {
  it('empty: "Activity instance name is required"', () => {
    expect(validateInstanceName('')).toBe('Activity instance name is required');
    expect(validateInstanceName('   ')).toBe('Activity instance name is required');
  });
  it('shorter than 3: "Activity instance must be greater than three characters"', () => {
    expect(validateInstanceName('a')).toBe(
      'Activity instance must be greater than three characters',
    );
    expect(validateInstanceName('ab')).toBe(
      'Activity instance must be greater than three characters',
    );
    expect(validateInstanceName(' ab ')).toBe(
      'Activity instance must be greater than three characters',
    );
  });
  it('Next is enabled only at 3 or more characters', () => {
    expect(validateInstanceName('abc')).toBeNull();
    expect(canProceedFromName('abc')).toBe(true);
    expect(canProceedFromName('Team day 2025')).toBe(true);
    expect(canProceedFromName('ab')).toBe(false);
    expect(canProceedFromName('')).toBe(false);
  });
});

describe('Schedule: date inputs: minimum today, maximum today plus 1 year', () => {
  it('today to the same day next year', () => {
    expect(scheduleDateBounds(now)).toEqual({ min: '2025-06-15', max: '2026-06-15' });
  });
  it('uses the local day, late in the evening too', () => {
    expect(scheduleDateBounds(new Date(2025, 11, 31, 23, 59))).toEqual({
      min: '2025-12-31',
      max: '2026-12-31',
    });
  });
  it('29 February: the maximum is 28 February of the next year', () => {
    expect(scheduleDateBounds(new Date(2024, 1, 29, 8, 0))).toEqual({
      min: '2024-02-29',
      max: '2025-02-28',
    });
  });
});

describe('Schedule: checks run only when all four date and time fields are filled', () => {
  it.each(['dateFrom', 'timeFrom', 'dateTo', 'timeTo'] as const)(
    'with %s empty the form is incomplete and shows no message',
    (field) => {
      expect(validateSchedule(form({ [field]: '' }), context)).toEqual({
        complete: false,
        valid: false,
        error: null,
      });
    },
  );
  it('an empty field hides the errors of the others (no check runs)', () => {
    const broken = { dateFrom: 'garbage', timeFrom: '99:99', dateTo: '2020-01-01', timeTo: '' };
    expect(validateSchedule(broken, context)).toEqual({
      complete: false,
      valid: false,
      error: null,
    });
    expect(validateSchedule({ ...broken, timeTo: ' ' }, context).complete).toBe(false);
  });
  it('a complete, correct form is valid and gives the local start and end', () => {
    const result = validateSchedule(form(), context);
    expect(result).toEqual({
      complete: true,
      valid: true,
      error: null,
      start: new Date(2025, 5, 16, 9, 0),
      end: new Date(2025, 5, 16, 17, 0),
    });
  });
});

describe('Schedule check 1: "Activity start date and/or time is invalid"', () => {
  it.each([
    ['2025-02-30', '09:00'],
    ['2025-13-01', '09:00'],
    ['16/06/2025', '09:00'],
    ['2025-6-16', '09:00'],
    ['2025-06-16', '24:00'],
    ['2025-06-16', '12:60'],
    ['2025-06-16', '9:00'],
    ['2025-06-16', 'noon'],
  ])('start %s %s', (dateFrom, timeFrom) => {
    expect(errorOf(form({ dateFrom, timeFrom }))).toBe(
      'Activity start date and/or time is invalid',
    );
  });
  it('a start date after the maximum (today plus 1 year) is invalid', () => {
    expect(errorOf(form({ dateFrom: '2026-06-16', dateTo: '2026-06-16' }))).toBe(
      'Activity start date and/or time is invalid',
    );
    expect(errorOf(form({ dateFrom: '2026-06-15', dateTo: '2026-06-15' }))).toBeNull();
  });
});

describe('Schedule check 2: "Activity end date and/or time is invalid"', () => {
  it.each([
    ['2025-06-31', '17:00'],
    ['2025-06-16', '25:00'],
    ['tomorrow', '17:00'],
  ])('end %s %s', (dateTo, timeTo) => {
    expect(errorOf(form({ dateTo, timeTo }))).toBe('Activity end date and/or time is invalid');
  });
  it('an end date after the maximum is invalid', () => {
    expect(errorOf(form({ dateTo: '2026-06-16' }))).toBe(
      'Activity end date and/or time is invalid',
    );
  });
});

describe('Schedule check 3: start after end → "Activity end date/time cannot be before start date/time"', () => {
  it('end earlier on the same day', () => {
    expect(errorOf(form({ timeFrom: '17:00', timeTo: '09:00' }))).toBe(
      'Activity end date/time cannot be before start date/time',
    );
  });
  it('end on an earlier day', () => {
    expect(errorOf(form({ dateFrom: '2025-06-17', dateTo: '2025-06-16' }))).toBe(
      'Activity end date/time cannot be before start date/time',
    );
  });
});

describe('Schedule check 4: end minus runTimeMin earlier than start → "Activity end time does not take into account activity run time"', () => {
  it('a window shorter than the run time', () => {
    expect(errorOf(form({ timeFrom: '09:00', timeTo: '09:59' }))).toBe(
      'Activity end time does not take into account activity run time',
    );
  });
  it('a window exactly as long as the run time passes', () => {
    expect(errorOf(form({ timeFrom: '09:00', timeTo: '10:00' }))).toBeNull();
  });
  it('start equal to end passes check 3 but fails check 4 when there is a run time', () => {
    expect(errorOf(form({ timeFrom: '09:00', timeTo: '09:00' }))).toBe(
      'Activity end time does not take into account activity run time',
    );
    expect(
      errorOf(form({ timeFrom: '09:00', timeTo: '09:00' }), { now, runTimeMin: 0 }),
    ).toBeNull();
  });
  it('the run time is counted across midnight', () => {
    const overnight = form({ dateFrom: '2025-06-16', timeFrom: '23:30', dateTo: '2025-06-17' });
    expect(errorOf({ ...overnight, timeTo: '00:29' })).toBe(
      'Activity end time does not take into account activity run time',
    );
    expect(errorOf({ ...overnight, timeTo: '00:30' })).toBeNull();
  });
});

describe('Schedule check 5: start before now → "Activity cannot be scheduled for the past"', () => {
  it('earlier today', () => {
    expect(errorOf(form({ dateFrom: '2025-06-15', timeFrom: '11:59' }))).toBe(
      'Activity cannot be scheduled for the past',
    );
  });
  it('yesterday (a date before the minimum is reported as the past)', () => {
    expect(errorOf(form({ dateFrom: '2025-06-14', timeFrom: '13:00' }))).toBe(
      'Activity cannot be scheduled for the past',
    );
  });
  it('starting right now is allowed', () => {
    expect(errorOf(form({ dateFrom: '2025-06-15', timeFrom: '12:00' }))).toBeNull();
  });
});

describe('Schedule: the checks run in SPEC order, the earlier failure is reported', () => {
  it('1 before 2: start and end both invalid → start message', () => {
    expect(errorOf(form({ dateFrom: 'x', dateTo: 'y' }))).toBe(
      'Activity start date and/or time is invalid',
    );
  });
  it('2 before 3, 4 and 5: end invalid while the start is in the past', () => {
    expect(errorOf(form({ dateFrom: '2020-01-01', dateTo: '2025-02-30' }))).toBe(
      'Activity end date and/or time is invalid',
    );
  });
  it('3 before 4 and 5: start after end and in the past → end-before-start message', () => {
    expect(
      errorOf(
        form({ dateFrom: '2025-06-15', timeFrom: '10:00', dateTo: '2025-06-15', timeTo: '09:00' }),
      ),
    ).toBe('Activity end date/time cannot be before start date/time');
  });
  it('4 before 5: window too short and in the past → run-time message', () => {
    expect(
      errorOf(
        form({ dateFrom: '2025-06-15', timeFrom: '08:00', dateTo: '2025-06-15', timeTo: '08:30' }),
      ),
    ).toBe('Activity end time does not take into account activity run time');
  });
});

describe('Schedule: "Schedule Activity" is disabled until all checks pass', () => {
  it('enabled only for a valid form', () => {
    expect(canScheduleActivityForm(form(), context)).toBe(true);
    expect(canScheduleActivityForm(form({ timeTo: '' }), context)).toBe(false);
    expect(canScheduleActivityForm(form({ timeTo: '09:30' }), context)).toBe(false);
  });
});

describe('validateScheduleInstants: checks 3 to 5 on instants (server side)', () => {
  it('reports the same messages in the same order', () => {
    const start = new Date(2025, 5, 16, 9, 0);
    expect(validateScheduleInstants(start, new Date(2025, 5, 16, 8, 0), context)).toBe(
      'Activity end date/time cannot be before start date/time',
    );
    expect(validateScheduleInstants(start, new Date(2025, 5, 16, 9, 30), context)).toBe(
      'Activity end time does not take into account activity run time',
    );
    const past = new Date(2025, 5, 15, 8, 0);
    expect(validateScheduleInstants(past, new Date(2025, 5, 15, 18, 0), context)).toBe(
      'Activity cannot be scheduled for the past',
    );
    expect(validateScheduleInstants(start, new Date(2025, 5, 16, 10, 0), context)).toBeNull();
  });
});

describe('Schedule: start and end are sent as ISO timestamps built from the local date and time', () => {
  it('round-trips to the same local date and time', () => {
    const { startsAt, endsAt } = toIsoTimestamps(form());
    expect(startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(startsAt).getTime()).toBe(new Date(2025, 5, 16, 9, 0).getTime());
    expect(new Date(endsAt).getTime()).toBe(new Date(2025, 5, 16, 17, 0).getTime());
  });
  it('throws on a form that does not parse', () => {
    expect(() => toIsoTimestamps(form({ dateFrom: 'nope' }))).toThrow(RangeError);
  });
});

describe('Schedule: in a time zone ahead of UTC (Pacific/Auckland)', () => {
  const savedTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Auckland';
  });
  afterAll(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('the local 09:30 in Auckland winter (UTC+12) is 21:30 UTC the day before', () => {
    expect(toIsoTimestamps(form({ timeFrom: '09:30' })).startsAt).toBe('2025-06-15T21:30:00.000Z');
  });
  it("today is Auckland's date, not UTC's", () => {
    const utcAfternoon = new Date('2025-06-15T13:00:00.000Z'); // 01:00 on 16 June in Auckland
    expect(scheduleDateBounds(utcAfternoon).min).toBe('2025-06-16');
  });
});

describe('Local date helpers', () => {
  it('parseLocalDateTime accepts seconds and keeps years below 100', () => {
    expect(parseLocalDateTime('2025-06-16', '09:00:30')).toEqual(new Date(2025, 5, 16, 9, 0, 30));
    expect(parseLocalDateTime('0050-01-01', '00:00')?.getFullYear()).toBe(50);
    expect(parseLocalDateTime('2024-02-29', '00:00')).not.toBeNull();
    expect(parseLocalDateTime('2025-02-29', '00:00')).toBeNull();
  });
  it('toLocalDateString pads month and day', () => {
    expect(toLocalDateString(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('A launch is live for the rest of the day', () => {
  it('from now to the next local midnight', () => {
    const at = new Date(2025, 5, 15, 14, 20);
    expect(launchWindow(at)).toEqual({ startsAt: at, endsAt: new Date(2025, 5, 16, 0, 0) });
  });
  it('at the end of a month and a year', () => {
    expect(launchWindow(new Date(2025, 11, 31, 23, 0)).endsAt).toEqual(new Date(2026, 0, 1));
  });
});

describe("A launch is live for the rest of the organiser's day, in their time zone", () => {
  it("ends at the next midnight in the organiser's zone, whatever the server's", () => {
    // 22:30 in New York (EDT, UTC-4) is 02:30 UTC the next day.
    const at = new Date('2025-06-16T02:30:00Z');
    expect(launchWindow(at, 'America/New_York').endsAt.toISOString()).toBe(
      '2025-06-16T04:00:00.000Z',
    );
    expect(launchWindow(at, 'Europe/London').endsAt.toISOString()).toBe('2025-06-16T23:00:00.000Z');
    expect(launchWindow(at, 'Asia/Kolkata').endsAt.toISOString()).toBe('2025-06-16T18:30:00.000Z');
  });

  it('a day with a clock change ends at the real midnight', () => {
    // London goes back an hour on 26 October 2025: midnight of the 27th is 00:00 GMT.
    const at = new Date('2025-10-26T09:00:00Z');
    expect(launchWindow(at, 'Europe/London').endsAt.toISOString()).toBe('2025-10-27T00:00:00.000Z');
    // New York goes forward on 9 March 2025: midnight of the 10th is 04:00 UTC (EDT).
    expect(
      launchWindow(new Date('2025-03-09T15:00:00Z'), 'America/New_York').endsAt.toISOString(),
    ).toBe('2025-03-10T04:00:00.000Z');
  });

  it("today's date and the day's start in a zone", () => {
    const at = new Date('2025-12-31T23:30:00Z');
    expect(toLocalDateString(at, 'Asia/Tokyo')).toBe('2026-01-01');
    expect(toLocalDateString(at, 'America/Los_Angeles')).toBe('2025-12-31');
    expect(startOfDay(at, 'Asia/Tokyo').toISOString()).toBe('2025-12-31T15:00:00.000Z');
  });

  it('knows real zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe("The organiser's day across clock changes", () => {
  const HOUR_MS = 3_600_000;
  /** How long the day that `at` falls in lasts in `timeZone`, in hours. */
  const hoursInDay = (at: Date, timeZone: string): number =>
    (launchWindow(at, timeZone).endsAt.getTime() - startOfDay(at, timeZone).getTime()) / HOUR_MS;

  it('a day when the clocks go forward lasts 23 hours (London, 30 March 2025)', () => {
    const at = new Date('2025-03-30T12:00:00Z');
    expect(startOfDay(at, 'Europe/London').toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(launchWindow(at, 'Europe/London').endsAt.toISOString()).toBe('2025-03-30T23:00:00.000Z');
    expect(hoursInDay(at, 'Europe/London')).toBe(23);
  });

  it('a day when the clocks go back lasts 25 hours (London, 26 October 2025)', () => {
    const at = new Date('2025-10-26T12:00:00Z');
    expect(startOfDay(at, 'Europe/London').toISOString()).toBe('2025-10-25T23:00:00.000Z');
    expect(launchWindow(at, 'Europe/London').endsAt.toISOString()).toBe('2025-10-27T00:00:00.000Z');
    expect(hoursInDay(at, 'Europe/London')).toBe(25);
  });

  it('a zone half an hour off the hour starts its day on the half hour (Kolkata, UTC+5:30)', () => {
    expect(toLocalDateString(new Date('2025-06-15T18:29:59.999Z'), 'Asia/Kolkata')).toBe(
      '2025-06-15',
    );
    expect(toLocalDateString(new Date('2025-06-15T18:30:00.000Z'), 'Asia/Kolkata')).toBe(
      '2025-06-16',
    );
    expect(startOfDay(new Date('2025-06-16T06:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2025-06-15T18:30:00.000Z',
    );
  });

  it('a half-hour zone with clock changes keeps the half hour on both sides (Adelaide, UTC+9:30 and +10:30)', () => {
    // Forward on 5 October 2025 at 02:00: a day of 23 hours, from +9:30 to +10:30.
    const forward = new Date('2025-10-05T03:00:00Z');
    expect(startOfDay(forward, 'Australia/Adelaide').toISOString()).toBe(
      '2025-10-04T14:30:00.000Z',
    );
    expect(launchWindow(forward, 'Australia/Adelaide').endsAt.toISOString()).toBe(
      '2025-10-05T13:30:00.000Z',
    );
    expect(hoursInDay(forward, 'Australia/Adelaide')).toBe(23);
    // Back on 6 April 2025 at 03:00: a day of 25 hours.
    const back = new Date('2025-04-06T03:00:00Z');
    expect(startOfDay(back, 'Australia/Adelaide').toISOString()).toBe('2025-04-05T13:30:00.000Z');
    expect(hoursInDay(back, 'Australia/Adelaide')).toBe(25);
  });

  // Sao Paulo moved its clocks forward at midnight until 2019, so 4 November 2018 had no 00:00.
  const saoPauloSkippedMidnight = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo',
    timeZoneName: 'shortOffset',
  })
    .format(new Date('2018-11-04T03:00:00Z'))
    .endsWith('GMT-2');

  it.runIf(saoPauloSkippedMidnight)(
    'a midnight the clocks skip: the day begins at the change, 01:00 (Sao Paulo, 4 November 2018)',
    () => {
      const at = new Date('2018-11-04T15:00:00Z');
      expect(startOfDay(at, 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:00:00.000Z');
      // The day before ends there too, not an hour earlier on its own 23:00.
      const dayBefore = new Date('2018-11-03T15:00:00Z');
      expect(launchWindow(dayBefore, 'America/Sao_Paulo').endsAt.toISOString()).toBe(
        '2018-11-04T03:00:00.000Z',
      );
      expect(toLocalDateString(new Date('2018-11-04T02:59:59.999Z'), 'America/Sao_Paulo')).toBe(
        '2018-11-03',
      );
      expect(hoursInDay(dayBefore, 'America/Sao_Paulo')).toBe(24);
      expect(hoursInDay(at, 'America/Sao_Paulo')).toBe(23);
    },
  );

  it('a midnight the clocks pass twice: the day begins at the first (Azores, 26 October 2025)', () => {
    // The Azores go back from 01:00 (UTC+0) to 00:00 (UTC-1): 00:00 comes at 00:00 and 01:00 UTC.
    const at = new Date('2025-10-26T12:00:00Z');
    expect(startOfDay(at, 'Atlantic/Azores').toISOString()).toBe('2025-10-26T00:00:00.000Z');
    expect(
      launchWindow(new Date('2025-10-25T12:00:00Z'), 'Atlantic/Azores').endsAt.toISOString(),
    ).toBe('2025-10-26T00:00:00.000Z');
    expect(hoursInDay(at, 'Atlantic/Azores')).toBe(25);
  });

  describe("the organiser's day does not depend on the zone the code runs in", () => {
    const savedTz = process.env.TZ;
    afterAll(() => {
      if (savedTz === undefined) delete process.env.TZ;
      else process.env.TZ = savedTz;
    });

    // Hosts whose own clock changes fall near the organisers' ones below.
    it.each(['UTC', 'Europe/London', 'America/Santiago', 'America/Havana', 'Australia/Sydney'])(
      'on a host in %s',
      (hostZone) => {
        process.env.TZ = hostZone;
        expect(startOfDay(new Date('2025-10-26T12:00:00Z'), 'Atlantic/Azores').toISOString()).toBe(
          '2025-10-26T00:00:00.000Z',
        );
        // Havana goes back from 01:00 to 00:00 too (UTC-4 to UTC-5).
        expect(startOfDay(new Date('2025-11-02T12:00:00Z'), 'America/Havana').toISOString()).toBe(
          '2025-11-02T04:00:00.000Z',
        );
        expect(
          launchWindow(new Date('2025-03-08T12:00:00Z'), 'America/New_York').endsAt.toISOString(),
        ).toBe('2025-03-09T05:00:00.000Z');
        expect(hoursInDay(new Date('2025-03-30T12:00:00Z'), 'Europe/London')).toBe(23);
      },
    );
  });

  it('a zone the runtime does not know is refused, as before', () => {
    expect(() => startOfDay(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => toLocalDateString(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    // Not read as a fixed offset of +05:00 either.
    expect(() => launchWindow(new Date(), 'Mars+05')).toThrow(RangeError);
    expect(isKnownTimeZone('Mars+05')).toBe(false);
  });
});
