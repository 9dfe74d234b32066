import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/nl';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { type ReactNode, useId } from 'react';
import { parseIsoDay } from '../../common/dates';
import { useTranslation } from '../i18n';
import '../i18n/dates';

/**
 * The one way the editor's and admin's date pickers work (issue 13: "week starts Monday, 24-hour
 * clock"): the calendar in the interface language, weeks from Monday, and no red weekend days
 * (Mantine's red on white is 3.3:1, below WCAG's 4.5:1 for text).
 */
export function SiteDates({ language, children }: { language: string; children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: language === 'en' ? 'en' : 'nl', firstDayOfWeek: 1, weekendDays: [] }}>
      {children}
    </DatesProvider>
  );
}

/**
 * What every picker gets so its calendar reads well for everyone: names for the previous and next
 * buttons, the weekday names and the placeholder in a grey that meets 4.5:1 (Mantine's dimmed grey
 * is 3.3:1), and one id for the picker's button and its popover, so the calendar (a dialog) is named
 * after the button's text, as Mantine means it to be. Call the answer once per picker, with a name.
 */
export function usePickerProps() {
  const { t } = useTranslation();
  const base = useId();
  return (name: string) => {
    const id = `${base}-${name}`;
    return {
      id,
      popoverProps: { id },
      // Days of the months around are left out: shown, they are a grey below 4.5:1.
      hideOutsideDates: true,
      ariaLabels: {
        previousMonth: t('dates.previousMonth'),
        nextMonth: t('dates.nextMonth'),
        previousYear: t('dates.previousYear'),
        nextYear: t('dates.nextYear'),
        previousDecade: t('dates.previousDecade'),
        nextDecade: t('dates.nextDecade'),
      },
      styles: {
        weekday: { color: 'var(--mantine-color-gray-7)' },
        placeholder: { color: 'var(--mantine-color-gray-7)' },
      },
    };
  };
}

/** A date-time picker's time: a 24-hour clock with named hour and minute fields, and a named "done" button. */
export function useTimeProps() {
  const { t } = useTranslation();
  return {
    timePickerProps: {
      format: '24h' as const,
      hoursInputLabel: t('dates.hours'),
      minutesInputLabel: t('dates.minutes'),
    },
    submitButtonProps: { 'aria-label': t('dates.pick') },
  };
}

/** A picker's value as an ISO day (Mantine gives `YYYY-MM-DD` strings; a Date is read on the local calendar). */
export function pickedDay(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return parseIsoDay(value.slice(0, 10));
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * One calendar day (issue 26: every date input is the site's picker, weeks from Monday, the day
 * written "4 mei 2016"), by keyboard or pointer; the value is an ISO day or '' for none, as the
 * settings and filters store it. Clearable unless `required`.
 */
export function DayInput({
  id,
  name,
  label,
  description,
  value,
  onChange,
  error,
  placeholder,
  required = false,
  minDate,
  maxDate,
  w,
}: {
  /** The picker's element id when the screen focuses it by id (an error); else made from `name`. */
  id?: string;
  /** Unique on the screen: the picker's and its calendar's id. */
  name: string;
  label: string;
  description?: string;
  value: string;
  onChange(day: string): void;
  error?: ReactNode;
  placeholder?: string;
  required?: boolean;
  minDate?: string;
  maxDate?: string;
  w?: number | string | Record<string, number | string>;
}) {
  const { t, i18n } = useTranslation();
  const picker = usePickerProps();
  const ids = id ? { id, popoverProps: { id } } : {};
  return (
    <SiteDates language={i18n.language}>
      <DatePickerInput
        {...picker(name)}
        {...ids}
        label={label}
        description={description}
        placeholder={placeholder ?? t('dates.anyDay')}
        value={parseIsoDay(value) ?? null}
        minDate={minDate || undefined}
        maxDate={maxDate || undefined}
        valueFormat="D MMMM YYYY"
        clearable={!required}
        clearButtonProps={{ 'aria-label': t('dates.clearDay', { name: label }) }}
        required={required}
        error={error}
        onChange={(picked) => onChange(pickedDay(picked) ?? '')}
        w={w}
      />
    </SiteDates>
  );
}
