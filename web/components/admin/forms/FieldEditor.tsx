import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatFileSize } from '../../../../common/file-size';
import {
  acceptedFileTypes,
  CHOICE_KINDS,
  copyDutchToEnglish,
  countedValues,
  FORM_FILE_MAX_BYTES,
  FORM_FILE_TYPES,
  FORM_TEXT_PATTERNS,
  type FormDefinition,
  type FormField,
  isCountedKind,
  isInputKind,
  missingEnglish,
} from '../../../../common/forms/index';
import { pickLocale } from '../../../../common/localized-text';
import { useTranslation } from '../../../i18n';
import { pickedDay, SiteDates, usePickerProps } from '../../dates';
import { GrowingTextarea } from '../../GrowingTextarea';
import '../../../i18n/admin';

/** Problems of the draft by path (`fields.2.label.nl`), in the user's language. */
export type DraftErrors = Record<string, string>;

const TEXT_KINDS = ['shortText', 'longText', 'email', 'phone'];
const LENGTH_KINDS = ['shortText', 'longText'];

/**
 * One question's settings: its key, labels and help in both languages, required, options,
 * bounds, pattern, the consent link and the condition that shows it.
 */
export function FieldEditor({
  definition,
  index,
  errors,
  onChange,
}: {
  definition: FormDefinition;
  index: number;
  errors: DraftErrors;
  onChange(field: FormField): void;
}) {
  const { t, i18n } = useTranslation();
  const picker = usePickerProps();
  const field = definition.fields[index];
  if (!field) return null;
  const path = (suffix: string) => `fields.${index}.${suffix}`;
  const error = (suffix: string) => errors[path(suffix)];
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  const setLocalized = (name: 'label' | 'help' | 'placeholder', locale: 'nl' | 'en', text: string) => {
    const current = (field[name] ?? { nl: '' }) as { nl: string; en?: string | undefined };
    set({ [name]: { ...current, [locale]: text } } as Partial<FormField>);
  };
  const isInput = isInputKind(field.kind);
  const lacksEnglish = missingEnglish(field).length > 0;
  const isChoice = (CHOICE_KINDS as readonly string[]).includes(field.kind);
  const sources = definition.fields.slice(0, index).filter((entry) => isCountedKind(entry.kind));
  const source = sources.find((entry) => entry.key === field.showWhen?.field);
  const uiLocale = i18n.language === 'en' ? 'en' : 'nl';
  const bound = (value: string | number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;

  return (
    <Stack gap="sm" className="form-field-editor">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('adminForms.builder.label', { language: 'NL' })}
          required
          value={field.label.nl}
          error={error('label.nl')}
          onChange={(event) => setLocalized('label', 'nl', event.currentTarget.value)}
        />
        <TextInput
          label={t('adminForms.builder.label', { language: 'EN' })}
          description={t('adminForms.builder.englishFallback')}
          value={field.label.en ?? ''}
          error={error('label.en')}
          onChange={(event) => setLocalized('label', 'en', event.currentTarget.value)}
        />
      </SimpleGrid>
      {lacksEnglish ? (
        <div>
          <Button size="compact-sm" variant="light" onClick={() => onChange(copyDutchToEnglish(field))}>
            {t('adminForms.builder.copyToEnglish')}
          </Button>
        </div>
      ) : null}
      {isInput || field.kind === 'pageBreak' ? (
        <TextInput
          label={t('adminForms.builder.key')}
          description={t('adminForms.builder.keyHint')}
          value={field.key}
          error={error('key')}
          onChange={(event) => set({ key: event.currentTarget.value.trim() })}
        />
      ) : null}
      {isInput ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <GrowingTextarea
              label={t('adminForms.builder.help', { language: 'NL' })}
              minRows={1}
              value={field.help?.nl ?? ''}
              error={error('help.nl')}
              onChange={(event) => setLocalized('help', 'nl', event.currentTarget.value)}
            />
            <GrowingTextarea
              label={t('adminForms.builder.help', { language: 'EN' })}
              minRows={1}
              value={field.help?.en ?? ''}
              error={error('help.en')}
              onChange={(event) => setLocalized('help', 'en', event.currentTarget.value)}
            />
          </SimpleGrid>
          <Switch
            label={t('adminForms.builder.required')}
            checked={field.required}
            onChange={(event) => set({ required: event.currentTarget.checked })}
          />
        </>
      ) : null}
      {TEXT_KINDS.includes(field.kind) ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('adminForms.builder.placeholder', { language: 'NL' })}
            value={field.placeholder?.nl ?? ''}
            onChange={(event) => setLocalized('placeholder', 'nl', event.currentTarget.value)}
          />
          <TextInput
            label={t('adminForms.builder.placeholder', { language: 'EN' })}
            value={field.placeholder?.en ?? ''}
            onChange={(event) => setLocalized('placeholder', 'en', event.currentTarget.value)}
          />
        </SimpleGrid>
      ) : null}
      {field.kind === 'shortText' ? (
        <Select
          label={t('adminForms.builder.pattern')}
          clearable
          placeholder={t('adminForms.builder.noPattern')}
          data={FORM_TEXT_PATTERNS.map((pattern) => ({
            value: pattern,
            label: t(`adminForms.patterns.${pattern}`),
          }))}
          value={field.pattern ?? null}
          onChange={(pattern) => set({ pattern: (pattern ?? undefined) as FormField['pattern'] })}
        />
      ) : null}
      {LENGTH_KINDS.includes(field.kind) || field.kind === 'number' || field.kind === 'multipleChoice' ? (
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={t(
              `adminForms.builder.min.${field.kind === 'number' ? 'value' : field.kind === 'multipleChoice' ? 'choices' : 'length'}`,
            )}
            min={0}
            allowDecimal={false}
            value={field.min ?? ''}
            error={error('min')}
            onChange={(value) => set({ min: bound(value) })}
          />
          <NumberInput
            label={t(
              `adminForms.builder.max.${field.kind === 'number' ? 'value' : field.kind === 'multipleChoice' ? 'choices' : 'length'}`,
            )}
            min={0}
            allowDecimal={false}
            value={field.max ?? ''}
            error={error('max')}
            onChange={(value) => set({ max: bound(value) })}
          />
        </SimpleGrid>
      ) : null}
      {field.kind === 'date' ? (
        <SiteDates language={i18n.language}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePickerInput
              {...picker('min-date')}
              label={t('adminForms.builder.minDate')}
              value={field.minDate ?? null}
              maxDate={field.maxDate}
              valueFormat="D MMMM YYYY"
              clearable
              error={error('minDate')}
              onChange={(value) => set({ minDate: pickedDay(value) ?? undefined })}
            />
            <DatePickerInput
              {...picker('max-date')}
              label={t('adminForms.builder.maxDate')}
              value={field.maxDate ?? null}
              minDate={field.minDate}
              valueFormat="D MMMM YYYY"
              clearable
              error={error('maxDate')}
              onChange={(value) => set({ maxDate: pickedDay(value) ?? undefined })}
            />
          </SimpleGrid>
        </SiteDates>
      ) : null}
      {field.kind === 'scale' ? (
        <Select
          label={t('adminForms.builder.scaleMax')}
          data={['5', '10'].map((value) => ({ value, label: `1–${value}` }))}
          value={String(field.scaleMax ?? 5)}
          allowDeselect={false}
          onChange={(value) => set({ scaleMax: value === '10' ? 10 : 5 })}
        />
      ) : null}
      {field.kind === 'file' ? (
        <Checkbox.Group
          label={t('adminForms.builder.fileTypes')}
          description={t('adminForms.builder.fileTypesHelp', {
            maximum: formatFileSize(FORM_FILE_MAX_BYTES, uiLocale),
          })}
          value={acceptedFileTypes(field)}
          error={error('fileTypes')}
          onChange={(value) => {
            const chosen = FORM_FILE_TYPES.filter((type) => value.includes(type));
            // At least one: unticking the last one keeps it (a question must accept something).
            if (chosen.length > 0)
              set({ fileTypes: chosen.length === FORM_FILE_TYPES.length ? undefined : chosen });
          }}
        >
          <Group gap="lg" mt={6}>
            <Checkbox value="image" label={t('adminForms.builder.fileTypeImage')} />
            <Checkbox value="pdf" label={t('adminForms.builder.fileTypePdf')} />
          </Group>
        </Checkbox.Group>
      ) : null}
      {field.kind === 'consent' ? (
        <TextInput
          label={t('adminForms.builder.link')}
          description={t('adminForms.builder.linkHint')}
          value={field.link ?? ''}
          error={error('link')}
          onChange={(event) => set({ link: event.currentTarget.value || undefined })}
        />
      ) : null}
      {isChoice ? (
        <OptionsEditor field={field} errors={errors} index={index} onChange={(options) => set({ options })} />
      ) : null}
      {isInput || field.kind === 'pageBreak' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t(
              field.kind === 'pageBreak' ? 'adminForms.builder.stepShowWhen' : 'adminForms.builder.showWhen',
            )}
            description={sources.length === 0 ? t('adminForms.builder.showWhenNone') : undefined}
            clearable
            placeholder={t('adminForms.builder.always')}
            data={sources.map((entry) => ({
              value: entry.key,
              label: pickLocale(entry.label, uiLocale) || entry.key,
            }))}
            value={field.showWhen?.field ?? null}
            error={error('showWhen.field')}
            onChange={(key) => {
              const next = sources.find((entry) => entry.key === key);
              set({ showWhen: next ? { field: next.key, equals: countedValues(next)[0] ?? '' } : undefined });
            }}
          />
          {source ? (
            <Select
              label={t('adminForms.builder.equals')}
              allowDeselect={false}
              data={countedValues(source).map((value) => {
                const option = source.options?.find((entry) => entry.value === value);
                return {
                  value,
                  label: option
                    ? pickLocale(option.label, uiLocale)
                    : t(`forms.${value === 'yes' ? 'yes' : 'no'}`),
                };
              })}
              value={field.showWhen?.equals ?? null}
              onChange={(equals) => set({ showWhen: { field: source.key, equals: equals ?? '' } })}
            />
          ) : null}
        </SimpleGrid>
      ) : null}
      {field.kind === 'helpText' || field.kind === 'heading' ? (
        <Text size="xs" c="dimmed">
          {t('adminForms.builder.contentHint')}
        </Text>
      ) : null}
    </Stack>
  );
}

function OptionsEditor({
  field,
  errors,
  index,
  onChange,
}: {
  field: FormField;
  errors: DraftErrors;
  index: number;
  onChange(options: NonNullable<FormField['options']>): void;
}) {
  const { t } = useTranslation();
  const options = field.options ?? [];
  const patch = (at: number, change: Partial<(typeof options)[number]>) =>
    onChange(options.map((option, position) => (position === at ? { ...option, ...change } : option)));
  const listError = errors[`fields.${index}.options`];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('adminForms.builder.options')}
      </Text>
      {listError ? (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      ) : null}
      {options.map((option, at) => {
        const number = at + 1;
        const optionError = (suffix: string) => errors[`fields.${index}.options.${at}.${suffix}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their value may be empty or change
          <Group key={at} gap="xs" align="flex-end" wrap="wrap" className="form-option-row">
            <TextInput
              label={t('adminForms.builder.optionLabel', { number, language: 'NL' })}
              value={option.label.nl}
              error={optionError('label.nl')}
              onChange={(event) => {
                const nl = event.currentTarget.value;
                // A new option's value follows its Dutch label until it is set apart.
                const follows = option.value === '' || option.value === slugOf(option.label.nl);
                patch(at, { label: { ...option.label, nl }, ...(follows ? { value: slugOf(nl) } : {}) });
              }}
            />
            <TextInput
              label={t('adminForms.builder.optionLabel', { number, language: 'EN' })}
              value={option.label.en ?? ''}
              onChange={(event) => patch(at, { label: { ...option.label, en: event.currentTarget.value } })}
            />
            <TextInput
              label={t('adminForms.builder.optionValue', { number })}
              value={option.value}
              error={optionError('value')}
              onChange={(event) => patch(at, { value: event.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('adminForms.builder.removeOption', { number })}
              onClick={() => onChange(options.filter((_, position) => position !== at))}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        );
      })}
      <div>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onChange([...options, { value: '', label: { nl: '' } }])}
        >
          {t('adminForms.builder.addOption')}
        </Button>
      </div>
    </Stack>
  );
}

function slugOf(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 100);
}
