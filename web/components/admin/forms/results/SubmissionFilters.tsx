import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../../i18n';
import { DayRangeInputs } from './DayRangeInputs';
import type { SubmissionFilters as Filters } from './url-filters';
import '../../../../i18n/form-results';

/** Narrows a form's submissions by version, days and handled state; every change asks the server. */
export function SubmissionFilters({
  filters,
  versions,
  onChange,
  isFiltered,
}: {
  filters: Filters;
  versions: number[];
  onChange: (changes: Partial<Record<keyof Filters, string | null>>) => void;
  isFiltered: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const first = useRef<HTMLSelectElement>(null);
  const handled = filters.handled === undefined ? '' : String(filters.handled);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Text component="h2" id={headingId} fw={600} size="lg">
          {t('formResults.filters.title')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            ref={first}
            label={t('formResults.filters.version')}
            value={filters.version ? String(filters.version) : ''}
            onChange={(event) => onChange({ version: event.currentTarget.value || null })}
            data={[
              { value: '', label: t('formResults.filters.allVersions') },
              ...[...versions].reverse().map((version) => ({
                value: String(version),
                label: t('formResults.common.version', { version }),
              })),
            ]}
            w={{ base: '100%', xs: 180 }}
          />
          <DayRangeInputs
            idPrefix="submission-filter"
            from={filters.from}
            to={filters.to}
            onChange={(changes) => onChange(changes)}
          />
          <NativeSelect
            label={t('formResults.filters.handled')}
            value={handled}
            onChange={(event) => onChange({ handled: event.currentTarget.value || null })}
            data={[
              { value: '', label: t('formResults.filters.handledAll') },
              { value: 'true', label: t('formResults.filters.handledYes') },
              { value: 'false', label: t('formResults.filters.handledNo') },
            ]}
            w={{ base: '100%', xs: 200 }}
          />
          {isFiltered ? (
            <Button
              variant="default"
              onClick={() => {
                onChange({ version: null, from: null, to: null, handled: null });
                // The button goes with the filters: the focus stays in the filters.
                first.current?.focus();
              }}
            >
              {t('formResults.filters.clear')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('formResults.filters.timeZone')}
        </Text>
      </Stack>
    </Paper>
  );
}
