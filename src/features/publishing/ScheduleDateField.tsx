/**
 * One date of the Schedule Activity dialog: @mantine/dates' DateInput, typed as DD/MM/YYYY or
 * picked in its calendar, where the days outside the window (the plan's, src/domain/plans.ts)
 * are disabled.
 *
 * DateInput only takes typed dates it can place inside the window and drops the rest on blur.
 * Here the organiser's text is kept and handed on as typed, so SPEC §5's checks still name what
 * is wrong ("… invalid", "… for the past", the plan's "later day" message) instead of the text
 * silently going away.
 */
import { DateInput, type CalendarAriaLabels } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { parseTypedDate, SCHEDULE_DATE_FORMAT } from './scheduleDateText';

export interface ScheduleDateFieldProps {
  label: string;
  /**
   * '' while empty, 'YYYY-MM-DD' once the text is a real date (inside the window or not), and
   * otherwise the text as typed, which SPEC §5's first two checks call invalid.
   */
  value: string;
  onChange: (value: string) => void;
  /** The window, as 'YYYY-MM-DD'. */
  minDate: string;
  maxDate: string;
}

/** The calendar's arrows and headings are icons or bare numbers: these are their names. */
const CALENDAR_LABELS: CalendarAriaLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  monthLevelControl: 'Choose a month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  yearLevelControl: 'Choose a year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export function ScheduleDateField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
}: ScheduleDateFieldProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  const date = parseTypedDate(value);

  // Every keystroke and paste, before DateInput's own reading (which only takes the window).
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    onChange(text.trim() === '' ? '' : (parseTypedDate(text) ?? text));
  };

  return (
    <DateInput
      label={label}
      placeholder={SCHEDULE_DATE_FORMAT}
      valueFormat={SCHEDULE_DATE_FORMAT}
      dateParser={parseTypedDate}
      value={date}
      onChange={(picked) => onChange(picked ?? '')}
      onInput={onInput}
      minDate={minDate}
      maxDate={maxDate}
      ariaLabels={CALENDAR_LABELS}
      highlightToday
      // A real date is rewritten as DD/MM/YYYY on blur; anything else stays as typed, beside
      // the message that names it.
      fixOnBlur={date !== null}
      required
      popoverProps={{
        onOpen: () => setCalendarOpen(true),
        onClose: () => setCalendarOpen(false),
      }}
      // Escape closes the calendar first, not the whole dialog with what was typed.
      data-mantine-stop-propagation={calendarOpen || undefined}
    />
  );
}
