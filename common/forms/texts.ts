import type { FormDefinition, FormField } from './definition.ts';

/**
 * A form's texts in both languages (issue 26): which questions lack an English text (visitors who
 * read English then see the Dutch one), copying the Dutch text into English, and the placeholder
 * labels ("Optie 1", "Option 2") that must never reach a visitor.
 */

/** "Optie 1", "Option 2", "Keuze 3", "Choice 4": a number after a word that names no answer. */
const DEFAULT_LABEL = /^\s*(optie|option|keuze|choice|antwoord|answer)\s*\d+\s*$/i;

export const isDefaultLabel = (text: string | undefined): boolean => DEFAULT_LABEL.test(text ?? '');

type Texts = { nl: string; en?: string | undefined };

const lacksEnglish = (text: Texts | undefined) =>
  text !== undefined && text.nl.trim() !== '' && (text.en ?? '').trim() === '';

/** The texts of a question that have Dutch but no English: its label, help, placeholder, choices. */
export function missingEnglish(field: FormField): string[] {
  const missing: string[] = [];
  if (lacksEnglish(field.label)) missing.push('label');
  if (lacksEnglish(field.help)) missing.push('help');
  if (lacksEnglish(field.placeholder)) missing.push('placeholder');
  (field.options ?? []).forEach((option, index) => {
    if (lacksEnglish(option.label)) missing.push(`options.${index}`);
  });
  return missing;
}

const copied = <T extends Texts | undefined>(text: T): T =>
  text && lacksEnglish(text) ? ({ ...text, en: text.nl } as T) : text;

/** The question with its Dutch texts copied into every English text left empty. */
export function copyDutchToEnglish(field: FormField): FormField {
  return {
    ...field,
    label: copied(field.label),
    ...(field.help ? { help: copied(field.help) } : {}),
    ...(field.placeholder ? { placeholder: copied(field.placeholder) } : {}),
    ...(field.options
      ? { options: field.options.map((option) => ({ ...option, label: copied(option.label) })) }
      : {}),
  };
}

/** Where a choice still has a placeholder label: `fields.{i}.options.{j}.label.{nl|en}`. */
export function defaultLabelPaths(
  definition: FormDefinition,
): { path: string; field: number; option: number }[] {
  const found: { path: string; field: number; option: number }[] = [];
  definition.fields.forEach((field, index) => {
    (field.options ?? []).forEach((option, at) => {
      for (const locale of ['nl', 'en'] as const) {
        if (isDefaultLabel(option.label[locale])) {
          found.push({ path: `fields.${index}.options.${at}.label.${locale}`, field: index, option: at });
        }
      }
    });
  });
  return found;
}

/**
 * What a visitor reads: an English choice label that is only a placeholder ("Option 1") is left
 * out, so English visitors read the Dutch text instead (versions published before issue 26).
 */
export function withoutDefaultLabels(definition: FormDefinition): FormDefinition {
  if (!definition.fields.some((field) => field.options?.some((option) => isDefaultLabel(option.label.en)))) {
    return definition;
  }
  return {
    ...definition,
    fields: definition.fields.map((field) =>
      field.options
        ? {
            ...field,
            options: field.options.map((option) =>
              isDefaultLabel(option.label.en) ? { ...option, label: { nl: option.label.nl } } : option,
            ),
          }
        : field,
    ),
  };
}
