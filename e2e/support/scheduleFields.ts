/**
 * Driving the Schedule Activity dialog's date and time fields (@mantine/dates DateInput and
 * TimePicker) the way an organiser does: typing a date as DD/MM/YYYY or picking it in the
 * calendar, and typing a time's hours, then its minutes, 24-hour.
 */
import type { Locator, Page } from '@playwright/test';

/** 'YYYY-MM-DD' as the organiser types it and the field shows it: DD/MM/YYYY. */
export function asTyped(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** A day's name in the calendar (@mantine/dates labels each day "D MMMM YYYY", in English). */
export function calendarDayName(date: Date): string {
  const month = date.toLocaleString('en-GB', { month: 'long' });
  return `${date.getDate()} ${month} ${date.getFullYear()}`;
}

/** The open calendar: it is drawn beside the dialog, not inside it. */
export const openCalendar = (page: Page): Locator =>
  page.locator('[data-dates-dropdown]').filter({ visible: true });

/** The calendar's days (its month and arrow controls apart). */
export const calendarDays = (calendar: Locator): Locator =>
  calendar.getByRole('button', { name: /^\d{1,2} \p{L}+ \d{4}$/u });

/**
 * Types the date into the field as DD/MM/YYYY (one input, as \`fill\` does; a key-by-key entry is
 * checked on its own in the specs), then leaves it with Tab.
 */
export async function typeDate(field: Locator, date: string): Promise<void> {
  await field.fill(asTyped(date));
  await field.press('Tab');
}

/** Types 'HH:mm' into a time field's hours, then its minutes ("Start time, hours"…). */
export async function typeTime(scope: Locator, label: string, time: string): Promise<void> {
  const [hours, minutes] = time.split(':');
  await scope.getByRole('spinbutton', { name: `${label}, hours` }).fill(hours!);
  await scope.getByRole('spinbutton', { name: `${label}, minutes` }).fill(minutes!);
}
