import { eq, inArray } from 'drizzle-orm';
import { isGuid } from '../../../common/guid.ts';
import type { LocalizedText } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import {
  apiTokens,
  buildingBlockInstances,
  formSubmissions,
  forms,
  headerImages,
  listItems,
  listItemTypes,
  menuItems,
  menus,
  pages,
  profilePropertyDefinitions,
  redirects,
  roles,
  trashEntries,
} from '../../db/schema.ts';
import { findUserNames } from '../accounts/queries.ts';

/** Reads for the activity presenter: what each audit event's record is called, and where it is. */

/** A record an audit event names, as far as the presenter needs it. */
export type ActivitySubject = {
  name: LocalizedText;
  /** The page the record is or lies on (pages, blocks, list items). */
  pageId?: string | null;
  /** A list item's short id (its URL). */
  itemShortId?: string;
  /** The record is in the trash (issue 26): named by its entry, found again in the admin's trash. */
  inTrash?: boolean;
  /** The form the record is or answers, with what its rights need. */
  form?: { id: string; createdBy: string | null; editorRoleIds: readonly string[] };
};

export const subjectKey = (entityType: string, entityId: string) => `${entityType}:${entityId}`;

type Resolver = (db: Executor, ids: string[]) => Promise<[string, ActivitySubject][]>;

const text = (value: string): LocalizedText => ({ nl: value });
const editorRoles = (settings: unknown): string[] => {
  const value = (settings as { editorRoleIds?: unknown } | null)?.editorRoleIds;
  return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : [];
};

/** One batch read per type of record; records named by something other than a uuid are keyed by name. */
const RESOLVERS: Record<string, { uuid: boolean; resolve: Resolver }> = {
  page: {
    uuid: true,
    resolve: async (db, ids) =>
      (await db.select({ id: pages.id, title: pages.title }).from(pages).where(inArray(pages.id, ids))).map(
        (row) => [row.id, { name: row.title, pageId: row.id }],
      ),
  },
  block: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: buildingBlockInstances.id, pageId: pages.id, title: pages.title })
          .from(buildingBlockInstances)
          .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
          .where(inArray(buildingBlockInstances.id, ids))
      ).map((row) => [row.id, { name: row.title, pageId: row.pageId }]),
  },
  listItem: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({
            id: listItems.id,
            title: listItems.title,
            shortId: listItems.shortId,
            pageId: buildingBlockInstances.pageId,
          })
          .from(listItems)
          .innerJoin(buildingBlockInstances, eq(buildingBlockInstances.id, listItems.blockId))
          .where(inArray(listItems.id, ids))
      ).map((row) => [row.id, { name: row.title, pageId: row.pageId, itemShortId: row.shortId }]),
  },
  role: {
    uuid: true,
    resolve: async (db, ids) =>
      (await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids))).map(
        (row) => [row.id, { name: text(row.name) }],
      ),
  },
  user: {
    uuid: true,
    resolve: async (db, ids) =>
      [...(await findUserNames(db, ids))].map(([id, name]) => [id, { name: text(name) }]),
  },
  apiToken: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: apiTokens.id, name: apiTokens.name })
          .from(apiTokens)
          .where(inArray(apiTokens.id, ids))
      ).map((row) => [row.id, { name: text(row.name) }]),
  },
  menu: {
    uuid: true,
    resolve: async (db, ids) =>
      (await db.select({ id: menus.id, name: menus.name }).from(menus).where(inArray(menus.id, ids))).map(
        (row) => [row.id, { name: text(row.name) }],
      ),
  },
  menuItem: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: menuItems.id, name: menuItems.name })
          .from(menuItems)
          .where(inArray(menuItems.id, ids))
      ).map((row) => [row.id, { name: row.name }]),
  },
  redirect: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: redirects.id, fromPath: redirects.fromPath })
          .from(redirects)
          .where(inArray(redirects.id, ids))
      ).map((row) => [row.id, { name: text(row.fromPath) }]),
  },
  headerImage: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: headerImages.id, title: headerImages.title })
          .from(headerImages)
          .where(inArray(headerImages.id, ids))
      ).map((row) => [row.id, { name: row.title }]),
  },
  itemType: {
    uuid: false,
    resolve: async (db, ids) =>
      (
        await db
          .select({ name: listItemTypes.name, label: listItemTypes.label })
          .from(listItemTypes)
          .where(inArray(listItemTypes.name, ids))
      ).map((row) => [row.name, { name: row.label }]),
  },
  propertyDefinition: {
    uuid: false,
    resolve: async (db, ids) =>
      (
        await db
          .select({ key: profilePropertyDefinitions.key, label: profilePropertyDefinitions.label })
          .from(profilePropertyDefinitions)
          .where(inArray(profilePropertyDefinitions.key, ids))
      ).map((row) => [row.key, { name: row.label }]),
  },
  form: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: forms.id, title: forms.title, createdBy: forms.createdBy, settings: forms.settings })
          .from(forms)
          .where(inArray(forms.id, ids))
      ).map((row) => [
        row.id,
        {
          name: text(row.title),
          form: { id: row.id, createdBy: row.createdBy, editorRoleIds: editorRoles(row.settings) },
        },
      ]),
  },
  trashEntry: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({ id: trashEntries.id, title: trashEntries.title })
          .from(trashEntries)
          .where(inArray(trashEntries.id, ids))
      ).map((row) => [row.id, { name: row.title }]),
  },
  formSubmission: {
    uuid: true,
    resolve: async (db, ids) =>
      (
        await db
          .select({
            id: formSubmissions.id,
            formId: forms.id,
            title: forms.title,
            createdBy: forms.createdBy,
            settings: forms.settings,
          })
          .from(formSubmissions)
          .innerJoin(forms, eq(forms.id, formSubmissions.formId))
          .where(inArray(formSubmissions.id, ids))
      ).map((row) => [
        row.id,
        {
          name: text(row.title),
          form: { id: row.formId, createdBy: row.createdBy, editorRoleIds: editorRoles(row.settings) },
        },
      ]),
  },
};

/** The records the events name, by `subjectKey`: one read per type of record. */
export async function findSubjects(
  db: Executor,
  events: readonly { entityType: string; entityId: string | null }[],
): Promise<Map<string, ActivitySubject>> {
  const idsByType = new Map<string, Set<string>>();
  for (const event of events) {
    const resolver = RESOLVERS[event.entityType];
    if (!resolver || event.entityId === null) continue;
    if (resolver.uuid && !isGuid(event.entityId)) continue;
    const ids = idsByType.get(event.entityType) ?? new Set<string>();
    ids.add(event.entityId);
    idsByType.set(event.entityType, ids);
  }
  const found = await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const resolver = RESOLVERS[type];
      const rows = resolver ? await resolver.resolve(db, [...ids]) : [];
      return rows.map(([id, subject]) => [subjectKey(type, id), subject] as const);
    }),
  );
  const subjects = new Map(found.flat());
  // A record in the trash (issue 26) is named by its entry until it is restored or purged.
  const trashed = [...idsByType].flatMap(([type, ids]) =>
    TRASHABLE.has(type) ? [...ids].filter((id) => !subjects.has(subjectKey(type, id))) : [],
  );
  if (trashed.length > 0) {
    const entries = await db
      .select({ kind: trashEntries.kind, targetId: trashEntries.targetId, title: trashEntries.title })
      .from(trashEntries)
      .where(inArray(trashEntries.targetId, trashed));
    for (const entry of entries) {
      subjects.set(subjectKey(entry.kind, entry.targetId), { name: entry.title, inTrash: true });
    }
  }
  return subjects;
}

/** The kinds of record the trash keeps (its entries' `kind`s are entity types). */
const TRASHABLE = new Set<string>(['page', 'listItem', 'form', 'menuItem']);
