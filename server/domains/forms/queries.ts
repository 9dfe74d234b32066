import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  buildingBlockInstances,
  type FormRow,
  type FormSubmissionRow,
  type FormVersionRow,
  formSubmissions,
  forms,
  formVersions,
  listItems,
  pages,
  users,
} from '../../db/schema.ts';
import type { FormForPolicy, PageForPolicy } from '../../policies/index.ts';

export type FormSortKey = 'title' | 'state' | 'openDate' | 'closeDate' | 'submissions' | 'lastSubmission';
export type SubmissionSortKey = 'createdAt' | 'version' | 'handled';

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** A page a form is placed on, as the rules and the builder need it. */
export type FormPlacement = PageForPolicy & { id: string; name: string; kind: 'page' | 'template' };

/** The pages whose form blocks show each of these forms. */
export async function loadPlacements(db: Executor, formIds: readonly string[]) {
  const placements = new Map<string, FormPlacement[]>();
  if (formIds.length === 0) return placements;
  const rows = await db
    .selectDistinct({
      formId: sql<string>`${buildingBlockInstances.options}->>'formGuid'`,
      page: {
        id: pages.id,
        name: pages.name,
        kind: pages.kind,
        isPublished: pages.isPublished,
        editPermission: pages.editPermission,
        editRoles: pages.editRoles,
        roleIds: pages.roleIds,
      },
    })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(
      and(
        eq(buildingBlockInstances.buildingBlockName, 'form'),
        inArray(sql`${buildingBlockInstances.options}->>'formGuid'`, [...formIds]),
      ),
    );
  for (const row of rows) {
    const list = placements.get(row.formId) ?? [];
    list.push(row.page);
    placements.set(row.formId, list);
  }
  return placements;
}

export type FormWithPlacements = { form: FormRow; policy: FormForPolicy; placements: FormPlacement[] };

/**
 * What the rules decide a form on: its own rights (owner and editor roles), never its placements.
 * Settings stored before issue 34 have no editor roles.
 */
export const formPolicyOf = (form: Pick<FormRow, 'createdBy' | 'settings'>): FormForPolicy => ({
  createdBy: form.createdBy,
  editorRoleIds: form.settings.editorRoleIds ?? [],
});

export async function findForm(db: Executor, id: string): Promise<FormWithPlacements | null> {
  const [form] = await db.select().from(forms).where(eq(forms.id, id)).limit(1);
  if (!form) return null;
  const placements = (await loadPlacements(db, [id])).get(id) ?? [];
  return { form, policy: formPolicyOf(form), placements };
}

/** A content manager as the forms table filters for them: the forms they own or whose roles they hold. */
export type FormWorker = { userId: string; roleIds: readonly string[] };

/**
 * Whether visitors can come across the form: a form block names it on a published page, on a
 * header or footer template (shown on the pages that use it), or among the own blocks of a
 * published item of a list on a published page.
 */
export async function isOnPublishedPage(db: Executor, formId: string): Promise<boolean> {
  const onPage = await db
    .select({ id: buildingBlockInstances.id })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(
      and(
        eq(buildingBlockInstances.buildingBlockName, 'form'),
        sql`${buildingBlockInstances.options}->>'formGuid' = ${formId}`,
        or(eq(pages.kind, 'template'), eq(pages.isPublished, true)),
      ),
    )
    .limit(1);
  if (onPage.length > 0) return true;
  const inItem = await db
    .select({ id: listItems.id })
    .from(listItems)
    .innerJoin(buildingBlockInstances, eq(buildingBlockInstances.id, listItems.blockId))
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(
      and(
        eq(listItems.isPublished, true),
        lte(listItems.publishedOn, sql`now()`),
        or(eq(pages.kind, 'template'), eq(pages.isPublished, true)),
        sql`${listItems.content} @> ${JSON.stringify([{ buildingBlockName: 'form', options: { formGuid: formId } }])}::jsonb`,
      ),
    )
    .limit(1);
  return inItem.length > 0;
}

/** The forms table: every form, or those a content manager works on. */
export async function findForms(
  db: Executor,
  query: {
    page: number;
    pageSize: number;
    sortBy: FormSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
    /** Only the forms this content manager works on; undefined: all (admins). */
    workableBy?: FormWorker | undefined;
  },
) {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(ilike(forms.title, likePattern(query.search)));
  if (query.workableBy) {
    const { userId, roleIds } = query.workableBy;
    const owned = eq(forms.createdBy, userId);
    conditions.push(
      roleIds.length === 0
        ? owned
        : (or(
            owned,
            sql`coalesce(${forms.settings}->'editorRoleIds', '[]'::jsonb) ?| array[${sql.join(
              roleIds.map((role) => sql`${role}`),
              sql`, `,
            )}]::text[]`,
          ) as SQL),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = {
    title: sql`lower(${forms.title})`,
    state: sql`${forms.settings}->>'state'`,
    openDate: sql`(${forms.settings}->>'openDate')::timestamptz`,
    closeDate: sql`(${forms.settings}->>'closeDate')::timestamptz`,
    submissions: forms.submissionCount,
    lastSubmission: forms.lastSubmissionAt,
  }[query.sortBy];
  const order =
    query.sortDirection === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(forms)
      .where(where)
      .orderBy(order, asc(forms.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(forms).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findVersion(db: Executor, formId: string, version: number) {
  const [row] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)))
    .limit(1);
  return row;
}

export async function findVersions(db: Executor, formId: string): Promise<FormVersionRow[]> {
  return db
    .select()
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(asc(formVersions.version));
}

/** Submissions per version of a form. */
export async function countByVersion(db: Executor, formId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ version: formSubmissions.version, count: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(eq(formSubmissions.formId, formId))
    .groupBy(formSubmissions.version);
  return new Map(rows.map((row) => [row.version, row.count]));
}

export type SubmissionFilter = {
  formId: string;
  version?: number | undefined;
  /** From this day on (Europe/Amsterdam), through `to` (inclusive). */
  from?: Date | undefined;
  to?: Date | undefined;
  handled?: boolean | undefined;
  search?: string | undefined;
};

export function submissionWhere(filter: SubmissionFilter): SQL {
  const conditions: SQL[] = [eq(formSubmissions.formId, filter.formId)];
  if (filter.version !== undefined) conditions.push(eq(formSubmissions.version, filter.version));
  if (filter.from) conditions.push(gte(formSubmissions.createdAt, filter.from));
  if (filter.to) conditions.push(lt(formSubmissions.createdAt, filter.to));
  if (filter.handled !== undefined) {
    conditions.push(
      filter.handled
        ? sql`${formSubmissions.handledAt} is not null`
        : sql`${formSubmissions.handledAt} is null`,
    );
  }
  if (filter.search) {
    conditions.push(sql`${formSubmissions.answers}::text ilike ${likePattern(filter.search)}`);
  }
  return and(...conditions) as SQL;
}

export async function findSubmissions(
  db: Executor,
  query: SubmissionFilter & {
    page: number;
    pageSize: number;
    sortBy: SubmissionSortKey;
    sortDirection: 'asc' | 'desc';
  },
) {
  const where = submissionWhere(query);
  const column = {
    createdAt: formSubmissions.createdAt,
    version: formSubmissions.version,
    handled: formSubmissions.handledAt,
  }[query.sortBy];
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(formSubmissions)
      .where(where)
      .orderBy(direction(column), direction(formSubmissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(formSubmissions).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findSubmission(db: Executor, id: string): Promise<FormSubmissionRow | undefined> {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1);
  return row;
}

/** Whether this user or browser already answered the form (one submission per person). */
export async function hasSubmitted(
  db: Executor,
  formId: string,
  who: { userId: string | null; browserToken: string | null },
): Promise<boolean> {
  const condition = who.userId
    ? eq(formSubmissions.userId, who.userId)
    : who.browserToken
      ? eq(formSubmissions.browserToken, who.browserToken)
      : null;
  if (!condition) return false;
  const [row] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), condition))
    .limit(1);
  return row !== undefined;
}

/** A user's submissions, for their data export. */
export async function findSubmissionsOfUser(db: Executor, userId: string) {
  return db
    .select({ submission: formSubmissions, title: forms.title, definition: formVersions.definition })
    .from(formSubmissions)
    .innerJoin(forms, eq(forms.id, formSubmissions.formId))
    .innerJoin(
      formVersions,
      and(eq(formVersions.formId, formSubmissions.formId), eq(formVersions.version, formSubmissions.version)),
    )
    .where(eq(formSubmissions.userId, userId))
    .orderBy(asc(formSubmissions.createdAt));
}

/** The e-mail addresses of the members of roles (active accounts), for notifications. */
export async function roleMemberEmails(db: Executor, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`${users.roleIds} ?| array[${sql.join(
          roleIds.map((role) => sql`${role}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  return rows.map((row) => row.email);
}
