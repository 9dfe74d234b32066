import { TextInput } from '@mantine/core';
import { parseIsoDay } from '../../../../../common/dates';
import { useTranslation } from '../../../../i18n';
import '../../../../i18n/form-results';

/**
 * A range of calendar days (Europe/Amsterdam, both included) as two native date fields: typed or
 * picked, by keyboard or pointer, in the browser's own way. An empty field leaves that side open.
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
  const { t } = useTranslation();
  const dayOf = (value: string) => parseIsoDay(value);
  return (
    <>
      <TextInput
        id={`${idPrefix}-from`}
        type="date"
        label={t('formResults.filters.from')}
        value={from ?? ''}
        max={to}
        onChange={(event) => onChange({ from: dayOf(event.currentTarget.value) })}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        id={`${idPrefix}-to`}
        type="date"
        label={t('formResults.filters.to')}
        value={to ?? ''}
        min={from}
        onChange={(event) => onChange({ to: dayOf(event.currentTarget.value) })}
        w={{ base: '100%', xs: 180 }}
      />
    </>
  );
}
