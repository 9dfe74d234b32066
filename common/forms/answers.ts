import { isPhoneNumber } from '../contact.ts';
import { longDayOf, parseDayInput, typedDayOf } from '../dates.ts';
import type { IssueMessage } from '../issues.ts';
import { type Locale, pickLocale } from '../localized-text.ts';
import { FIELD_RULES } from '../validation.ts';
import type { FormDefinition, FormField } from './definition.ts';
import { displayFileName } from './files.ts';
import { FORM_LIMITS, type FormInputKind, isInputKind } from './kinds.ts';

/**
 * The one rule for a form's answers: the browser runs it as the visitor types and the server runs
 * it on every submission, so what one refuses the other refuses, with the same message per field.
 */

/** An answer as stored: text, a number (number, scale), or the chosen values of a multiple choice. */
export type AnswerValue = string | number | string[];
export type Answers = Record<string, AnswerValue>;
export type FieldProblem = { field: string; message: IssueMessage };

/** What a submission sends: form fields arrive as text (or several texts), JSON may hold numbers. */
export type RawAnswers = Record<string, unknown>;

const TRUE_TEXTS = new Set(['yes', 'on', 'true', '1']);
const FALSE_TEXTS = new Set(['no', 'false', '0']);
const NUMBER = /^-?\d{1,12}([.,]\d{1,6})?$/;

function texts(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return list
    .filter((value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    .map((value) => String(value).trim())
    .filter((value) => value !== '');
}

/** The last non-empty text of a raw answer (a form may send a field twice: a hidden default, then the box). */
const firstText = (raw: unknown): string | undefined => texts(raw).at(-1);

/** The answer of a counted field as text, for conditions (a multiple choice: any of its values). */
function conditionValues(field: FormField, raw: unknown): string[] {
  const values = texts(raw);
  if (field.kind === 'yesNo' || field.kind === 'consent') {
    const value = values.at(-1)?.toLowerCase();
    if (value === undefined) return [];
    return TRUE_TEXTS.has(value) ? ['yes'] : FALSE_TEXTS.has(value) ? ['no'] : [];
  }
  return values;
}

/**
 * The keys of the fields a visitor sees with these answers: a field with a condition shows when the
 * field it names is shown and has the value; a page break's condition shows or hides its whole step.
 */
export function shownFieldKeys(definition: FormDefinition, raw: RawAnswers): Set<string> {
  const shown = new Set<string>();
  const byKey = new Map(definition.fields.map((field) => [field.key, field]));
  const meets = (field: FormField) => {
    if (!field.showWhen) return true;
    const source = byKey.get(field.showWhen.field);
    if (!source || !shown.has(source.key)) return false;
    return conditionValues(source, raw[source.key]).includes(field.showWhen.equals);
  };
  let stepShown = true;
  for (const field of definition.fields) {
    if (field.kind === 'pageBreak') stepShown = meets(field);
    if (stepShown && meets(field)) shown.add(field.key);
  }
  return shown;
}

type Check = { value: AnswerValue } | { problem: IssueMessage };

const fail = (key: IssueMessage['key'], params?: IssueMessage['params']): Check => ({
  problem: params ? { key, params } : { key },
});

function checkLength(field: FormField, text: string, ceiling: number): Check | null {
  if (text.length > Math.min(field.max ?? ceiling, ceiling)) {
    return fail('validation.maxLength', { maximum: Math.min(field.max ?? ceiling, ceiling) });
  }
  if (field.min !== undefined && text.length < field.min)
    return fail('validation.minLength', { minimum: field.min });
  return null;
}

const rule = (key: keyof typeof FIELD_RULES, text: string): Check => {
  const outcome = FIELD_RULES[key](text);
  return outcome === true
    ? { value: text }
    : fail(typeof outcome === 'string' ? (outcome as IssueMessage['key']) : 'validation.invalid');
};

/** One answer given (not empty) checked by its field's rules, or null when there is no answer. */
function checkOne(field: FormField & { kind: FormInputKind }, raw: unknown): Check | null {
  const options = (field.options ?? []).map((option) => option.value);
  switch (field.kind) {
    case 'multipleChoice': {
      const chosen = [...new Set(texts(raw))];
      if (chosen.length === 0) return null;
      if (chosen.some((value) => !options.includes(value))) return fail('validation.option');
      if (field.min !== undefined && chosen.length < field.min) {
        return fail('validation.minItems', { minimum: field.min });
      }
      if (field.max !== undefined && chosen.length > field.max) {
        return fail('validation.maxItems', { maximum: field.max });
      }
      // In the order the form lists them, whatever order they came in.
      return { value: options.filter((value) => chosen.includes(value)) };
    }
    case 'yesNo':
    case 'consent': {
      const [value] = conditionValues(field, raw);
      const given = firstText(raw);
      if (given === undefined) return null;
      if (value === undefined) return fail('validation.boolean');
      // An unticked consent box is no answer: required makes it a problem.
      if (field.kind === 'consent' && value === 'no') return null;
      return { value };
    }
    default:
      break;
  }
  const text = firstText(raw);
  if (text === undefined) return null;
  switch (field.kind) {
    case 'shortText':
      return (
        checkLength(field, text, FORM_LIMITS.shortTextLength) ??
        (field.pattern ? rule(field.pattern, text) : { value: text })
      );
    case 'longText':
      return checkLength(field, text, FORM_LIMITS.longTextLength) ?? { value: text };
    case 'email':
      return checkLength(field, text, 254) ?? rule('email', text);
    case 'phone':
      // The one phone rule (common/contact.ts), as the contact block's.
      return isPhoneNumber(text) ? { value: text } : fail('validation.phone');
    case 'time':
      return rule('time', text);
    case 'date': {
      // Typed day first (04-05-2016) or posted the ISO way; kept as the ISO day (issue 26).
      const day = parseDayInput(text);
      if (!day) return fail('validation.formDate');
      if (field.minDate && day < field.minDate) {
        return fail('validation.dateMin', { date: typedDayOf(field.minDate) });
      }
      if (field.maxDate && day > field.maxDate) {
        return fail('validation.dateMax', { date: typedDayOf(field.maxDate) });
      }
      return { value: day };
    }
    case 'number': {
      if (!NUMBER.test(text)) return fail('validation.types.number');
      const value = Number(text.replace(',', '.'));
      if (field.min !== undefined && value < field.min)
        return fail('validation.minimum', { minimum: field.min });
      if (field.max !== undefined && value > field.max)
        return fail('validation.maximum', { maximum: field.max });
      return { value };
    }
    case 'scale': {
      const maximum = field.scaleMax ?? 5;
      const value = Number(text);
      if (!/^\d{1,2}$/.test(text) || value < 1 || value > maximum) {
        return fail('validation.scale', { maximum });
      }
      return { value };
    }
    case 'singleChoice':
    case 'dropdown':
      return options.includes(text) ? { value: text } : fail('validation.option');
    case 'file':
      // The answer is the file's name; the server sets it from the file it received (and checked).
      return { value: displayFileName(text) };
  }
}

/** The problem of one field with these answers, or null (for checking a field as the visitor leaves it). */
export function fieldProblem(field: FormField, raw: unknown): IssueMessage | null {
  if (!isInputKind(field.kind)) return null;
  const checked = checkOne(field as FormField & { kind: FormInputKind }, raw);
  if (checked === null) {
    if (!field.required) return null;
    return { key: field.kind === 'consent' ? 'validation.consent' : 'validation.required' };
  }
  return 'problem' in checked ? checked.problem : null;
}

/**
 * Every answer of a submission checked against its version: the answers of the fields shown (hidden
 * fields are not asked, so a hidden required field is not required, and what a hidden field sent is
 * dropped), or one problem per wrong field, in the form's order.
 */
export function checkAnswers(
  definition: FormDefinition,
  raw: RawAnswers,
  only?: ReadonlySet<string>,
): { answers: Answers; problems: FieldProblem[] } {
  const shown = shownFieldKeys(definition, raw);
  const answers: Answers = {};
  const problems: FieldProblem[] = [];
  for (const field of definition.fields) {
    if (!isInputKind(field.kind) || !shown.has(field.key)) continue;
    if (only && !only.has(field.key)) continue;
    const checked = checkOne(field as FormField & { kind: FormInputKind }, raw[field.key]);
    if (checked === null) {
      if (field.required) {
        problems.push({
          field: field.key,
          message: { key: field.kind === 'consent' ? 'validation.consent' : 'validation.required' },
        });
      }
    } else if ('problem' in checked) {
      problems.push({ field: field.key, message: checked.problem });
    } else {
      answers[field.key] = checked.value;
    }
  }
  return { answers, problems };
}

/** An answer as people read it (receipt, admin view, CSV): choices by their label in `locale`. */
export function answerText(
  field: FormField,
  value: AnswerValue | undefined,
  locale: Locale,
  words: { yes: string; no: string },
  /** Dates the ISO way (a spreadsheet's cells) instead of as people read them ("4 mei 2016"). */
  options: { isoDates?: boolean } = {},
): string {
  if (value === undefined) return '';
  if (field.kind === 'date' && typeof value === 'string' && !options.isoDates)
    return longDayOf(value, locale);
  const labelOf = (option: string) => {
    const found = field.options?.find((entry) => entry.value === option);
    return found ? pickLocale(found.label, locale) : option;
  };
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (field.kind === 'yesNo' || field.kind === 'consent') return value === 'yes' ? words.yes : words.no;
  if (field.kind === 'singleChoice' || field.kind === 'dropdown') return labelOf(String(value));
  return String(value);
}
