import { Readable } from 'node:stream';
import { and, asc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import { CSV_BOM, csvLine } from '../../../common/csv.ts';
import {
  answerText,
  countedValues,
  isCountedKind,
  isInputKind,
  isNumericKind,
} from '../../../common/forms/index.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { formAnswerCounts, formSubmissions } from '../../db/schema.ts';
import { AppError, validationText } from '../../errors.ts';
import { authorize, ensureVisible } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import { amsterdamDayStart } from './index.ts';
import { findForm, findVersion, submissionWhere } from './queries.ts';

/** A version's results: its dashboard and its CSV export, each over exactly that version's questions. */

async function versionFor(ctx: Ctx, formId: string, version: number) {
  authorize(ctx.actor, 'form.list');
  const found = await findForm(ctx.db, formId);
  if (!found) throw new AppError('not_found', 'form not found');
  ensureVisible(ctx.actor, 'form.viewResults', found.policy, 'form');
  const row = await findVersion(ctx.db, formId, version);
  if (!row) throw new AppError('not_found', 'version not found');
  return { form: found.form, version: row };
}

const LATEST_TEXTS = 10;

/**
 * Per version: submissions per day (Europe/Amsterdam), per choice field the count of each value,
 * per number or scale field mean, median and distribution, per text field the latest answers;
 * all over an optional range of days.
 */
export async function dashboard(
  ctx: Ctx,
  formId: string,
  version: number,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const { form, version: row } = await versionFor(ctx, formId, version);
  const where = submissionWhere({
    formId,
    version,
    from: range.from ? amsterdamDayStart(range.from) : undefined,
    to: range.to ? amsterdamDayStart(range.to, true) : undefined,
  });
  const db = ctx.db;
  const inputs = row.definition.fields.filter((field) => isInputKind(field.kind));
  const { perDay, tally } = await countsOf(ctx, { formId, version, from: range.from, to: range.to });
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const words = { yes: validationText('forms.yes', ctx.locale), no: validationText('forms.no', ctx.locale) };
  const fields = [];
  for (const field of inputs) {
    const base = { key: field.key, kind: field.kind, label: pickLocale(field.label, ctx.locale) };
    const counted = tally.get(field.key);
    const answered = counted?.answered ?? 0;
    if (isCountedKind(field.kind)) {
      const byValue = counted?.values ?? new Map<string, number>();
      fields.push({
        ...base,
        type: 'choice' as const,
        answered,
        options: countedValues(field).map((value) => ({
          value,
          label: answerText(field, field.kind === 'multipleChoice' ? [value] : value, ctx.locale, words),
          count: byValue.get(value) ?? 0,
          percentage: answered === 0 ? 0 : Math.round(((byValue.get(value) ?? 0) / answered) * 1000) / 10,
        })),
      });
    } else if (isNumericKind(field.kind)) {
      const numbers = [...(counted?.values ?? new Map<string, number>())]
        .map(([value, count]) => ({ value: Number(value), count }))
        .filter((entry) => Number.isFinite(entry.value))
        .sort((a, b) => a.value - b.value);
      const stats = numberStatistics(numbers);
      const scale =
        field.kind === 'scale'
          ? Array.from({ length: field.scaleMax ?? 5 }, (_, index) => String(index + 1))
          : null;
      const counts = new Map(numbers.map((entry) => [String(entry.value), entry.count]));
      fields.push({
        ...base,
        type: 'number' as const,
        answered: stats.answered,
        mean: round(stats.mean),
        median: round(stats.median),
        min: round(stats.min),
        max: round(stats.max),
        distribution: (scale ?? [...counts.keys()].slice(0, DISTRIBUTION_VALUES)).map((value) => ({
          value,
          count: counts.get(value) ?? 0,
        })),
      });
    } else {
      // A file question counts as answered only: its file names are no "latest answers" to show.
      const latest =
        field.kind === 'file'
          ? []
          : await db
              .select({
                text: sql<string>`${formSubmissions.answers} ->> ${field.key}`,
                at: formSubmissions.createdAt,
              })
              .from(formSubmissions)
              .where(and(where, sql`${formSubmissions.answers} ? ${field.key}`))
              .orderBy(sql`${formSubmissions.createdAt} desc`)
              .limit(LATEST_TEXTS);
      fields.push({
        ...base,
        type: 'text' as const,
        answered,
        latest: latest.map((entry) => ({ text: entry.text, at: entry.at.toISOString() })),
      });
    }
  }
  return {
    guid: form.id,
    title: form.title,
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    total,
    perDay,
    fields,
  };
}

type Tally = Map<string, { answered: number; values: Map<string, number> }>;

/**
 * A version's counts over a range of Europe/Amsterdam days, from form_answer_counts (kept by a
 * trigger as submissions come and go, see tallyOf): submissions per day, and per question how many
 * answered it and how often each choice or number was given. A few hundred rows per month instead
 * of every submission, so the dashboard stays fast however many there are.
 */
async function countsOf(
  ctx: Ctx,
  filter: { formId: string; version: number; from?: string | undefined; to?: string | undefined },
) {
  const where = and(
    eq(formAnswerCounts.formId, filter.formId),
    eq(formAnswerCounts.version, filter.version),
    filter.from ? gte(formAnswerCounts.day, filter.from) : undefined,
    filter.to ? lte(formAnswerCounts.day, filter.to) : undefined,
  );
  const rows = await ctx.db
    .select({
      key: formAnswerCounts.key,
      value: formAnswerCounts.value,
      count: sql<number>`sum(${formAnswerCounts.count})::int`,
    })
    .from(formAnswerCounts)
    .where(and(where, sql`${formAnswerCounts.key} <> ''`))
    .groupBy(formAnswerCounts.key, formAnswerCounts.value)
    .having(sql`sum(${formAnswerCounts.count}) > 0`);
  const perDay = await ctx.db
    .select({ day: formAnswerCounts.day, count: formAnswerCounts.count })
    .from(formAnswerCounts)
    .where(
      and(where, eq(formAnswerCounts.key, ''), eq(formAnswerCounts.value, ''), gt(formAnswerCounts.count, 0)),
    )
    .orderBy(asc(formAnswerCounts.day));
  const tally: Tally = new Map();
  for (const entry of rows) {
    const counted = tally.get(entry.key) ?? { answered: 0, values: new Map<string, number>() };
    if (entry.value === '') counted.answered = entry.count;
    else counted.values.set(entry.value, entry.count);
    tally.set(entry.key, counted);
  }
  return { perDay, tally };
}

const DISTRIBUTION_VALUES = 50;

const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** Count, mean, median (halfway between the middle two of an even count), min and max of counted values. */
export function numberStatistics(sorted: { value: number; count: number }[]) {
  const answered = sorted.reduce((sum, entry) => sum + entry.count, 0);
  if (answered === 0) return { answered, mean: null, median: null, min: null, max: null };
  const sum = sorted.reduce((total, entry) => total + entry.value * entry.count, 0);
  const at = (position: number) => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.count;
      if (position < seen) return entry.value;
    }
    return sorted[sorted.length - 1]?.value ?? 0;
  };
  const middle = (answered - 1) / 2;
  const median = (at(Math.floor(middle)) + at(Math.ceil(middle))) / 2;
  return {
    answered,
    mean: sum / answered,
    median,
    min: sorted[0]?.value ?? null,
    max: sorted[sorted.length - 1]?.value ?? null,
  };
}

const EXPORT_BATCH = 1000;

/**
 * One version's submissions as CSV: UTF-8 with a BOM (spreadsheets read é), a column per question
 * (labelled in the request's language), choices by their labels, cells a spreadsheet would run as a
 * formula neutralised. Streamed in batches by keyset, so memory stays flat however many rows.
 */
export async function exportVersion(ctx: Ctx, formId: string, version: number) {
  const { form, version: row } = await versionFor(ctx, formId, version);
  const fields = row.definition.fields.filter((field) => isInputKind(field.kind));
  const locale = ctx.locale;
  const words = { yes: validationText('forms.yes', locale), no: validationText('forms.no', locale) };
  const header = [
    validationText('forms.csv.submission', locale),
    validationText('forms.csv.submittedAt', locale),
    validationText('forms.csv.handled', locale),
    ...fields.map((field) => pickLocale(field.label, locale)),
  ];
  const db = ctx.db;
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    // The cursor keeps the database's microseconds (a JavaScript Date would round them away).
    let after = null as { at: string; id: string } | null;
    for (;;) {
      const cursor: { at: string; id: string } | null = after;
      const batch = await db
        .select({
          submission: formSubmissions,
          at: sql<string>`to_char(${formSubmissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.formId, formId),
            eq(formSubmissions.version, version),
            cursor
              ? or(
                  sql`${formSubmissions.createdAt} > ${cursor.at}::timestamptz`,
                  and(
                    sql`${formSubmissions.createdAt} = ${cursor.at}::timestamptz`,
                    gt(formSubmissions.id, cursor.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id))
        .limit(EXPORT_BATCH);
      if (batch.length === 0) return;
      let chunk = '';
      for (const { submission } of batch) {
        chunk += csvLine([
          submission.id,
          submission.createdAt.toISOString(),
          submission.handledAt ? words.yes : words.no,
          // Dates stay ISO days in a spreadsheet's cells (machines read them there).
          ...fields.map((field) =>
            answerText(field, submission.answers[field.key], locale, words, { isoDates: true }),
          ),
        ]);
      }
      yield chunk;
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = { at: last.at, id: last.submission.id };
    }
  }
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.version, version)));
  const slug =
    form.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'form';
  return {
    filename: `${slug}-v${version}.csv`,
    total: counted?.total ?? 0,
    stream: Readable.from(lines()),
  };
}
