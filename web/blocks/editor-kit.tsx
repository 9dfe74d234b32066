import { Divider, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { BLOCK_TYPES, BlockTypeName } from '../../common/blocks/index';
import type { BlockPermissions } from '../../common/blocks/permissions';
import type { Locale } from '../../common/localized-text';
import { useTranslation } from '../i18n';
import '../i18n/editor';

/**
 * What a block type's editor gets from the drawer. The drawer owns the draft, the language tabs,
 * validation (the type's schemas from common/blocks, the same the server checks) and saving; a type's
 * editor only shows its fields.
 */

/** Field errors by key: `nl.alt`, `en.buttons.0.href` for content, `size` for options. */
export type FieldErrors = Record<string, string>;

export type ContentDraft<N extends BlockTypeName> = z.input<(typeof BLOCK_TYPES)[N]['content']>;
export type OptionsDraft<N extends BlockTypeName> = z.input<(typeof BLOCK_TYPES)[N]['options']>;

/** The content of one language. */
export type ContentEditorProps<N extends BlockTypeName> = {
  locale: Locale;
  value: ContentDraft<N>;
  errors: FieldErrors;
  onChange(value: ContentDraft<N>): void;
  /** The block's options as now edited (a gallery's texts follow its images). */
  options: OptionsDraft<N>;
};

/** The options (the same in every language), and for lists who may add items. */
export type OptionsEditorProps<N extends BlockTypeName> = {
  options: OptionsDraft<N>;
  errors: FieldErrors;
  setOptions(changes: Partial<OptionsDraft<N>>): void;
  /** The block's guid once it exists (an image can only be uploaded for an existing block). */
  blockGuid: string | null;
  /** Who may add items (lists and widgets); null until the block is published. */
  permissions: BlockPermissions | null;
  setPermissions(permissions: BlockPermissions): void;
};

/** A type's editor: its content fields (per language) and its options; either may be absent. */
export type BlockEditor<N extends BlockTypeName> = {
  Content?: (props: ContentEditorProps<N>) => ReactNode;
  Options?: (props: OptionsEditorProps<N>) => ReactNode;
};

/** The error of a content field in the current language. */
export const contentError = (errors: FieldErrors, locale: Locale, field: string) =>
  errors[`${locale}.${field}`];

/** The rows with row `index` changed by `patch` (repeating fields: buttons, accordion items). */
export function patchRow<Row>(rows: Row[], index: number, patch: Partial<Row>): Row[] {
  return rows.map((row, at) => (at === index ? { ...row, ...patch } : row));
}

/** The options under their heading. */
export function OptionsSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t('blockEditor.settings')} labelPosition="left" />
      {children}
    </>
  );
}

/** A choice among fixed values, labelled in the interface language. */
export function ChoiceField<V extends string>({
  label,
  values,
  labelOf,
  value,
  error,
  onChange,
}: {
  label: string;
  values: readonly V[];
  labelOf(value: V): string;
  value: V | undefined;
  error?: string | undefined;
  onChange(value: V): void;
}) {
  return (
    <Select
      label={label}
      data={values.map((option) => ({ value: option, label: labelOf(option) }))}
      value={value ?? null}
      error={error}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as V)}
    />
  );
}

/** A one-line text field of the content. */
export function ContentTextField({
  label,
  value,
  error,
  required,
  description,
  onChange,
}: {
  label: string;
  value: string | undefined;
  error: string | undefined;
  required?: boolean;
  description?: string;
  onChange(value: string): void;
}) {
  return (
    <TextInput
      label={label}
      required={required}
      description={description}
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
