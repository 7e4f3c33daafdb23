/**
 * The Schedule Activity dialog's four fields (SPEC §3 Scheduled instance: dateFrom, timeFrom,
 * dateTo, timeTo) on @mantine/dates, as the design card asks of every date and time input.
 * ScheduleDialog loads this file on demand: @mantine/dates, dayjs and their styles stay out of
 * My Activities' own chunk and far from "/". The values stay the strings the rules read
 * ('YYYY-MM-DD', 'HH:mm').
 *
 * Times are TimePicker's hours and minutes, 24-hour, beside dates written DD/MM/YYYY: the
 * product writes a moment one way everywhere (src/domain/constants.ts), where a native time
 * input follows the browser's locale ("10:00 AM").
 */
import '@mantine/dates/styles.css';
import { SimpleGrid } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { ScheduleForm } from '../../domain/schedule';
import { ScheduleDateField } from './ScheduleDateField';
import { DIALOG_TEXTS } from './texts';

export interface ScheduleDateTimeFieldsProps {
  form: ScheduleForm;
  onChange: (key: keyof ScheduleForm, value: string) => void;
  /** The dates the calendar offers, as 'YYYY-MM-DD' (scheduleDateBoundsFor). */
  bounds: { min: string; max: string };
}

const texts = {
  ...DIALOG_TEXTS.schedule,
  /** The names of a time's two parts, read by screen readers ("Start time, hours"). */
  timeHours: (label: string) => `${label}, hours`,
  timeMinutes: (label: string) => `${label}, minutes`,
};

export function ScheduleDateTimeFields({ form, onChange, bounds }: ScheduleDateTimeFieldsProps) {
  const time = (key: 'timeFrom' | 'timeTo', label: string) => (
    <TimePicker
      label={label}
      format="24h"
      required
      // 'HH:mm' once both parts are there, '' while one is missing.
      value={form[key]}
      onChange={(value) => onChange(key, value)}
      hoursInputLabel={texts.timeHours(label)}
      minutesInputLabel={texts.timeMinutes(label)}
    />
  );
  const date = (key: 'dateFrom' | 'dateTo', label: string) => (
    <ScheduleDateField
      label={label}
      value={form[key]}
      onChange={(value) => onChange(key, value)}
      minDate={bounds.min}
      maxDate={bounds.max}
    />
  );
  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
      {date('dateFrom', texts.dateFrom)}
      {time('timeFrom', texts.timeFrom)}
      {date('dateTo', texts.dateTo)}
      {time('timeTo', texts.timeTo)}
    </SimpleGrid>
  );
}
