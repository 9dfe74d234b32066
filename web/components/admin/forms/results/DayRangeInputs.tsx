import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from '../../../../i18n';
import { pickedDay, SiteDates, usePickerProps } from '../../../dates';
import '../../../../i18n/form-results';

/**
 * A range of calendar days (Europe/Amsterdam, both included) as two of the site's date pickers
 * (issue 26: weeks from Monday, days written "4 mei 2016"), by keyboard or pointer. An empty field
 * leaves that side open; each can be cleared.
 */
export function DayRangeInputs({
  from,
  to,
  onChange,
  idPrefix,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation();
  const picker = usePickerProps();
  const clear = (name: string) => ({ 'aria-label': t('formResults.filters.clearDay', { name }) });
  return (
    <SiteDates language={i18n.language}>
      <DatePickerInput
        {...picker(`${idPrefix}-from`)}
        label={t('formResults.filters.from')}
        placeholder={t('formResults.filters.anyDay')}
        value={from ?? null}
        maxDate={to}
        valueFormat="D MMMM YYYY"
        clearable
        clearButtonProps={clear(t('formResults.filters.from'))}
        onChange={(value) => onChange({ from: pickedDay(value) })}
        w={{ base: '100%', xs: 200 }}
      />
      <DatePickerInput
        {...picker(`${idPrefix}-to`)}
        label={t('formResults.filters.to')}
        placeholder={t('formResults.filters.anyDay')}
        value={to ?? null}
        minDate={from}
        valueFormat="D MMMM YYYY"
        clearable
        clearButtonProps={clear(t('formResults.filters.to'))}
        onChange={(value) => onChange({ to: pickedDay(value) })}
        w={{ base: '100%', xs: 200 }}
      />
    </SiteDates>
  );
}
