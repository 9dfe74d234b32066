import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/nl';
import { DatesProvider } from '@mantine/dates';
import { type ReactNode, useId } from 'react';
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
