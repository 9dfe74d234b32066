import type { auditEvents } from '../../db/schema.ts';
import { findUserNames } from '../accounts/queries.ts';
import type { Ctx } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { findSubjects } from './queries.ts';
import { presentActivityEvent } from './view.ts';

export type { PresentedActivityEvent, SentencePart } from './view.ts';

type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * Audit events as sentences in the reader's language (issue 26), wherever activity is shown: the
 * account's own activity, an account's trail in the admin area, the dashboard. The caller has
 * decided which events the reader may read; this names who did what to which record, with links.
 */
export async function describeActivity(
  ctx: Pick<Ctx, 'db' | 'actor' | 'locale'>,
  rows: readonly AuditEventRow[],
) {
  if (rows.length === 0) return [];
  const [names, subjects, pagePaths] = await Promise.all([
    findUserNames(
      ctx.db,
      rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
    ),
    findSubjects(ctx.db, rows),
    loadPagePaths(ctx.db, ctx.locale),
  ]);
  const lookups = { reader: ctx.actor, locale: ctx.locale, names, subjects, pagePaths };
  return rows.map((row) => presentActivityEvent(row, lookups));
}
