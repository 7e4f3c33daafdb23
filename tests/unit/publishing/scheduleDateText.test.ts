/**
 * The Schedule Activity dialog's typed dates: DD/MM/YYYY as the product writes dates, or an ISO
 * date as pasted, read as the 'YYYY-MM-DD' the schedule rules check; anything that is not a
 * whole, real date is not read as one.
 */
import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '../../../src/features/publishing/scheduleDateText';

describe('parseTypedDate', () => {
  it.each([
    ['11/03/2030', '2030-03-11'],
    ['1/3/2030', '2030-03-01'],
    [' 11.03.2030 ', '2030-03-11'],
    ['11-03-2030', '2030-03-11'],
    ['11 03 2030', '2030-03-11'],
    ['2030-03-11', '2030-03-11'],
    ['29/02/2028', '2028-02-29'],
  ])('reads the day first, or ISO: %j is %s', (text, date) => {
    expect(parseTypedDate(text)).toBe(date);
  });

  it.each([
    ['a day the calendar does not have', '31/02/2030'],
    ['29 February outside a leap year', '29/02/2030'],
    ['29 February of a century that is not a leap year', '29/02/2100'],
    ['month 13', '01/13/2030'],
    ['day 0', '00/03/2030'],
    ['a year still being typed', '11/03/203'],
    ['a month name', 'March 11, 2030'],
    ['text', 'tomorrow'],
    ['nothing', ''],
  ])('is null for %s (%j)', (_, text) => {
    expect(parseTypedDate(text)).toBeNull();
  });

  it('does not apply the scheduling window: a day years away is still a date', () => {
    expect(parseTypedDate('01/01/2099')).toBe('2099-01-01');
  });
});
