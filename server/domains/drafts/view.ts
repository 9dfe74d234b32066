import type { AccessibilityFinding } from '../../../common/accessibility-checks.ts';
import type { PageChange, PageDocument } from '../../../common/page-drafts.ts';
import type {
  PageDraftRow,
  PageRevisionRow,
  PageRow,
  PageScheduleRow,
  PreviewLinkRow,
} from '../../db/schema.ts';

/** Presenters of drafts, revisions and schedules: rows in, API shapes out. */

type Names = ReadonlyMap<string, string>;

/** Who did it: a name, "removed user" (isRemoved) for an erased account, null for the system. */
export function presentPerson(id: string | null, names: Names) {
  if (id === null) return null;
  const name = names.get(id);
  return { guid: id, name: name ?? null, isRemoved: name === undefined };
}

export function presentSchedule(row: PageScheduleRow, names: Names) {
  return {
    guid: row.id,
    action: row.action,
    at: row.runAt.toISOString(),
    draftVersion: row.draftVersion,
    createdBy: presentPerson(row.createdBy, names),
  };
}

/** A preview link, with the URL to share (its token made again from the row: the same each time). */
export function presentPreviewLink(row: PreviewLinkRow, url: string, names: Names) {
  return {
    guid: row.id,
    url,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdBy: presentPerson(row.createdBy, names),
  };
}

/** What an autosave answers: the draft's new version, and when and by whom it was saved. */
export function presentDraftVersion(row: PageDraftRow) {
  return {
    version: row.version,
    basedOn: row.basedOn,
    hasDraft: true as const,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDraft(input: {
  page: PageRow;
  draft: PageDraftRow | undefined;
  document: PageDocument;
  revision: number | null;
  schedules: PageScheduleRow[];
  names: Names;
  findings: AccessibilityFinding[];
  publishedChanges: PageChange[];
}) {
  const { page, draft } = input;
  return {
    pageGuid: page.id,
    kind: page.kind,
    isPublished: page.isPublished,
    /** 0 while there is no draft: the document is the published page. */
    version: draft?.version ?? 0,
    hasDraft: draft !== undefined,
    /** The page's latest revision (a save without a draft names it). */
    revision: input.revision,
    basedOn: draft ? draft.basedOn : input.revision,
    updatedAt: (draft?.updatedAt ?? page.updatedAt).toISOString(),
    updatedBy: presentPerson(draft?.updatedBy ?? page.updatedBy, input.names),
    document: input.document,
    schedules: input.schedules.map((row) => presentSchedule(row, input.names)),
    /** What the accessibility check finds in the document (publishing them needs a confirmation). */
    findings: input.findings,
    /** What changed in the published page outside the draft since it started (publishing undoes it). */
    publishedChanges: input.publishedChanges,
  };
}

export function presentRevisionSummary(
  row: Pick<PageRevisionRow, 'number' | 'changes' | 'publishedBy' | 'publishedAt' | 'source'>,
  names: Names,
) {
  return {
    number: row.number,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: presentPerson(row.publishedBy, names),
    source: row.source,
    changes: row.changes as PageChange[],
  };
}

export function presentRevision(row: PageRevisionRow, names: Names) {
  return { ...presentRevisionSummary(row, names), document: row.document };
}
