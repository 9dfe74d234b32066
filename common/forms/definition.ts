import { z } from 'zod';
import { parseIsoDay } from '../dates.ts';
import { localized } from '../localized-text-schemas.ts';
import { linkSchema } from '../url-schemas.ts';
import { parseLinkReference, URL_RULES } from '../urls.ts';
import { FORM_FILE_QUESTIONS, FORM_FILE_TYPES } from './files.ts';
import {
  FORM_FIELD_KINDS,
  FORM_LIMITS,
  FORM_TEXT_PATTERNS,
  type FormFieldKind,
  isChoiceKind,
  isCountedKind,
} from './kinds.ts';

// The kinds, bounds and steps without zod, for a visitor's form (issue 32).
export * from './kinds.ts';

/**
 * A form's questions, as an admin builds them and as each published version keeps them: one schema
 * the builder checks at the field, the server checks before a save, and the public form, the
 * receipt, the CSV export and the dashboard read.
 */

const label = localized(z.string().trim().max(FORM_LIMITS.labelLength));
const requiredLabel = z.object({
  nl: z.string().trim().min(1).max(FORM_LIMITS.labelLength),
  en: z.string().trim().max(FORM_LIMITS.labelLength).optional(),
});
const help = localized(z.string().trim().max(FORM_LIMITS.helpLength));

export const formOptionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  label: requiredLabel,
});

/** Show a field (or, on a page break, the whole step) only when another answer has a value. */
export const formConditionSchema = z.object({
  field: z.string().regex(FORM_LIMITS.keyPattern, 'validation.formFieldKey'),
  equals: z.string().max(100),
});
export type FormCondition = z.infer<typeof formConditionSchema>;

const isoDay = z.string().refine((value) => parseIsoDay(value) !== null, 'validation.isoDate');

export const formFieldSchema = z.object({
  key: z.string().regex(FORM_LIMITS.keyPattern, 'validation.formFieldKey'),
  kind: z.enum(FORM_FIELD_KINDS),
  label: requiredLabel,
  help: help.optional(),
  placeholder: label.optional(),
  required: z.boolean().default(false),
  /** Choices of single/multiple choice and dropdown. */
  options: z.array(formOptionSchema).max(FORM_LIMITS.options).optional(),
  /** Length of a text, value of a number, number of choices of a multiple choice. */
  min: z.number().int().min(0).max(1_000_000_000).optional(),
  max: z.number().int().min(0).max(1_000_000_000).optional(),
  /** Earliest and latest day of a date field (YYYY-MM-DD). */
  minDate: isoDay.optional(),
  maxDate: isoDay.optional(),
  /** A scale runs from 1 to 5 or 1 to 10. */
  scaleMax: z.union([z.literal(5), z.literal(10)]).optional(),
  /** A short text that must follow one of SPEC 5's patterns. */
  pattern: z.enum(FORM_TEXT_PATTERNS).optional(),
  /**
   * The consent checkbox's link (terms, privacy statement): typed, not a page or item reference
   * (`page:<guid>`), which only block content resolves when a page is built.
   */
  link: linkSchema.refine((value) => parseLinkReference(value) === null, URL_RULES.link.message).optional(),
  /** What a file question accepts: images, PDF or both (absent: both). */
  fileTypes: z.array(z.enum(FORM_FILE_TYPES)).min(1).max(FORM_FILE_TYPES.length).optional(),
  showWhen: formConditionSchema.optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

const problem = (ctx: z.RefinementCtx, path: (string | number)[], message: `validation.${string}`) =>
  ctx.addIssue({ code: 'custom', path, message });

/** The questions of a form: keys unique, conditions pointing back at a question that can be tested. */
export const formDefinitionSchema = z
  .object({ fields: z.array(formFieldSchema).max(FORM_LIMITS.fields) })
  .superRefine((definition, ctx) => {
    const seen = new Map<string, FormField>();
    let files = 0;
    definition.fields.forEach((field, index) => {
      if (seen.has(field.key)) problem(ctx, ['fields', index, 'key'], 'validation.duplicate');
      if (isChoiceKind(field.kind)) {
        const values = (field.options ?? []).map((option) => option.value);
        if (values.length === 0) problem(ctx, ['fields', index, 'options'], 'validation.optionsRequired');
        if (new Set(values).size !== values.length) {
          problem(ctx, ['fields', index, 'options'], 'validation.optionsUnique');
        }
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        problem(ctx, ['fields', index, 'max'], 'validation.rangeOrder');
      }
      if (field.minDate && field.maxDate && field.minDate > field.maxDate) {
        problem(ctx, ['fields', index, 'maxDate'], 'validation.dateOrder');
      }
      if (field.kind === 'file' && ++files > FORM_FILE_QUESTIONS) {
        problem(ctx, ['fields', index, 'kind'], 'validation.formFileQuestions');
      }
      if (field.showWhen) {
        const source = seen.get(field.showWhen.field);
        if (!source || !isCountedKind(source.kind)) {
          problem(ctx, ['fields', index, 'showWhen', 'field'], 'validation.formCondition');
        }
      }
      seen.set(field.key, field);
    });
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

export const EMPTY_DEFINITION: FormDefinition = { fields: [] };

/** A new field's key: the kind's name and the first free number. */
export function newFieldKey(definition: FormDefinition, kind: FormFieldKind): string {
  const base = kind.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const taken = new Set(definition.fields.map((field) => field.key));
  for (let number = 1; ; number += 1) {
    const key = `${base}_${number}`;
    if (!taken.has(key)) return key;
  }
}

/** What a version list says changed: keys added, removed, and changed between two definitions. */
export function definitionChanges(
  before: FormDefinition | null,
  after: FormDefinition,
): { added: string[]; removed: string[]; changed: string[] } {
  const old = new Map((before?.fields ?? []).map((field) => [field.key, JSON.stringify(field)]));
  const now = new Map(after.fields.map((field) => [field.key, JSON.stringify(field)]));
  return {
    added: [...now.keys()].filter((key) => !old.has(key)),
    removed: [...old.keys()].filter((key) => !now.has(key)),
    changed: [...now.keys()].filter((key) => old.has(key) && old.get(key) !== now.get(key)),
  };
}
