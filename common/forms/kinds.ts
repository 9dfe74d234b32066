import type { FIELD_RULES } from '../validation.ts';
import type { FormDefinition, FormField } from './definition.ts';

/**
 * What a form's questions can be, their bounds and steps: the parts of the form rules a visitor's
 * form needs, apart from the schemas in definition.ts, so a page with a form never loads zod
 * (issue 32). definition.ts re-exports all of it.
 */

/** Kinds of parts that ask something. */
export const FORM_INPUT_KINDS = [
  'shortText',
  'longText',
  'number',
  'email',
  'phone',
  'date',
  'time',
  'singleChoice',
  'multipleChoice',
  'dropdown',
  'scale',
  'yesNo',
  'consent',
  'file',
] as const;
/** Parts that only show something: a heading, a help text, and a page break that starts a step. */
export const FORM_CONTENT_KINDS = ['heading', 'helpText', 'pageBreak'] as const;
export const FORM_FIELD_KINDS = [...FORM_INPUT_KINDS, ...FORM_CONTENT_KINDS] as const;
export type FormInputKind = (typeof FORM_INPUT_KINDS)[number];
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

export const CHOICE_KINDS = ['singleChoice', 'multipleChoice', 'dropdown'] as const satisfies FormInputKind[];
/** Kinds whose answer is one of a few values: a condition can test them, the dashboard counts them. */
export const COUNTED_KINDS = [...CHOICE_KINDS, 'yesNo', 'consent'] as const satisfies FormInputKind[];
/** Kinds whose answer is a number: the dashboard gives mean, median and distribution. */
export const NUMERIC_KINDS = ['number', 'scale'] as const satisfies FormInputKind[];

export function isInputKind(kind: FormFieldKind): kind is FormInputKind {
  return (FORM_INPUT_KINDS as readonly string[]).includes(kind);
}
export const isChoiceKind = (kind: FormFieldKind) => (CHOICE_KINDS as readonly string[]).includes(kind);
export const isCountedKind = (kind: FormFieldKind) => (COUNTED_KINDS as readonly string[]).includes(kind);
export const isNumericKind = (kind: FormFieldKind) => (NUMERIC_KINDS as readonly string[]).includes(kind);

/** SPEC 5's pattern rules a short text may follow. */
export const FORM_TEXT_PATTERNS = [
  'date',
  'time',
  'fullTime',
  'email',
  'hexColor',
  'hexAlphaColor',
  'rgb',
  'rgba',
] as const satisfies (keyof typeof FIELD_RULES)[];
export type FormTextPattern = (typeof FORM_TEXT_PATTERNS)[number];

export const SCALE_MAXIMA = [5, 10] as const;

/** Bounds (design; SPEC 5 leaves product bounds open). */
export const FORM_LIMITS = {
  fields: 100,
  options: 50,
  labelLength: 300,
  helpLength: 1000,
  shortTextLength: 500,
  longTextLength: 10_000,
  /** A field's key: what the CSV column and the API answers are named by. */
  keyPattern: /^[a-z][a-z0-9_]{0,39}$/,
} as const;

/** The values an answer to a counted field can have, in order (choices, yes/no). */
export function countedValues(field: FormField): string[] {
  if (field.kind === 'yesNo') return ['yes', 'no'];
  if (field.kind === 'consent') return ['yes'];
  return (field.options ?? []).map((option) => option.value);
}

/** The steps of a multi-step form: the fields up to each page break, with the break that starts them. */
export type FormStep = { index: number; start: FormField | null; fields: FormField[] };

export function formSteps(definition: FormDefinition): FormStep[] {
  const steps: FormStep[] = [{ index: 0, start: null, fields: [] }];
  for (const field of definition.fields) {
    if (field.kind === 'pageBreak') {
      steps.push({ index: steps.length, start: field, fields: [] });
    } else {
      steps.at(-1)?.fields.push(field);
    }
  }
  // A break at the very start or two in a row leaves an empty step: it is no step to a visitor.
  return steps.filter((step) => step.fields.length > 0).map((step, index) => ({ ...step, index }));
}
