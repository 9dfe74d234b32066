import {
  type Answers,
  answerText,
  definitionChanges,
  type FormDefinition,
  isInputKind,
  type PublicFormView,
  withoutDefaultLabels,
} from '../../../common/forms/index.ts';
import { formAvailability } from '../../../common/forms/settings.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import type { FormRow, FormSubmissionRow, FormVersionRow } from '../../db/schema.ts';
import { validationText } from '../../errors.ts';

/** Presenters of forms, versions and submissions (no I/O). */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export type FormAbilities = { update: boolean; viewResults: boolean; delete: boolean; changeRights: boolean };

export function presentFormSummary(row: FormRow, abilities: FormAbilities, now = new Date()) {
  return {
    guid: row.id,
    title: row.title,
    state: row.settings.state,
    openDate: row.settings.openDate,
    closeDate: row.settings.closeDate,
    availability: formAvailability(row.settings, now),
    audience: row.settings.audience,
    currentVersion: row.currentVersion,
    submissionCount: row.submissionCount,
    lastSubmissionAt: iso(row.lastSubmissionAt),
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}

export function presentVersions(versions: FormVersionRow[], counts: Map<number, number>) {
  return versions
    .map((row, index) => ({
      version: row.version,
      publishedAt: row.publishedAt.toISOString(),
      fieldCount: row.definition.fields.filter((field) => isInputKind(field.kind)).length,
      submissionCount: counts.get(row.version) ?? 0,
      changes: labelledChanges(
        index === 0 ? null : (versions[index - 1]?.definition ?? null),
        row.definition,
      ),
    }))
    .reverse();
}

/** What changed between two versions, by key, with each key's question text (issue 26). */
function labelledChanges(before: FormDefinition | null, after: FormDefinition) {
  const changes = definitionChanges(before, after);
  const labels: Record<string, { nl: string; en?: string }> = {};
  for (const field of [...(before?.fields ?? []), ...after.fields]) {
    labels[field.key] = field.label.en ? { nl: field.label.nl, en: field.label.en } : { nl: field.label.nl };
  }
  const named = new Set([...changes.added, ...changes.removed, ...changes.changed]);
  return { ...changes, labels: Object.fromEntries(Object.entries(labels).filter(([key]) => named.has(key))) };
}

/** Whether the draft differs from the latest published version. */
export function hasUnpublishedChanges(draft: FormDefinition, latest: FormDefinition | null): boolean {
  return latest === null || JSON.stringify(draft) !== JSON.stringify(latest);
}

export function presentPublicForm(
  row: FormRow,
  version: FormVersionRow,
  input: { locale: Locale; barrier: PublicFormView['barrier']; now?: Date },
): PublicFormView {
  return {
    guid: row.id,
    title: row.title,
    version: version.version,
    // An English "Option 1" never reaches a visitor: they read the Dutch text instead (issue 26).
    definition: withoutDefaultLabels(version.definition),
    availability: formAvailability(row.settings, input.now ?? new Date()),
    openDate: row.settings.openDate,
    closeDate: row.settings.closeDate,
    barrier: input.barrier,
    closingMessage: row.settings.closingMessage
      ? pickLocale(row.settings.closingMessage, input.locale) || null
      : null,
  };
}

const yesNoWords = (locale: Locale) => ({
  yes: validationText('forms.yes', locale),
  no: validationText('forms.no', locale),
});

/** The answers of a submission as its version asks them, in the form's order, readable in `locale`. */
export function answerRows(definition: FormDefinition, answers: Answers, locale: Locale) {
  const words = yesNoWords(locale);
  return definition.fields
    .filter((field) => isInputKind(field.kind))
    .map((field) => ({
      key: field.key,
      kind: field.kind,
      label: pickLocale(field.label, locale),
      value: answers[field.key] ?? null,
      text: answerText(field, answers[field.key], locale, words),
    }));
}

export function presentSubmission(
  row: FormSubmissionRow,
  input: { title: string; definition: FormDefinition; locale: Locale; canDelete: boolean },
) {
  return {
    guid: row.id,
    formGuid: row.formId,
    formTitle: input.title,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    locale: row.locale,
    handledAt: iso(row.handledAt),
    isAnonymous: row.userId === null,
    answers: answerRows(input.definition, row.answers, input.locale),
    abilities: { delete: input.canDelete },
  };
}

/** A row of the submissions table: the first answers as a preview. */
export function presentSubmissionRow(
  row: FormSubmissionRow,
  definition: FormDefinition | undefined,
  locale: Locale,
) {
  const answers = definition ? answerRows(definition, row.answers, locale) : [];
  return {
    guid: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    handledAt: iso(row.handledAt),
    isAnonymous: row.userId === null,
    preview: answers
      .filter((answer) => answer.text !== '')
      .slice(0, 3)
      .map((answer) => ({ label: answer.label, text: answer.text.slice(0, 200) })),
  };
}
