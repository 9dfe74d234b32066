import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Localized, LocalizedText } from '../../common/localized-text.ts';
import type { PageOption } from '../../common/pages.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    isContentManager: boolean('is_content_manager').notNull().default(false),
    isMett: boolean('is_mett').notNull().default(false),
    isDeveloper: boolean('is_developer').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    termsOfUseVersionAccepted: integer('terms_of_use_version_accepted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** A page, or a page template (kind 'template') whose blocks form a header or footer. */
export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['page', 'template'] })
      .notNull()
      .default('page'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    isPublished: boolean('is_published').notNull().default(false),
    layout: text('layout', { enum: ['100', '25-75', '75-25', '25-50-25'] })
      .notNull()
      .default('100'),
    options: jsonb('options').$type<PageOption[]>().notNull().default([]),
    editPermission: text('edit_permission', { enum: ['admins', 'roles'] })
      .notNull()
      .default('admins'),
    editRoles: jsonb('edit_roles').$type<string[]>().notNull().default([]),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('pages_name_unique').on(table.name)],
);

export const buildingBlockInstances = pgTable(
  'building_block_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id').references(() => pages.id, { onDelete: 'cascade' }),
    buildingBlockName: text('building_block_name').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    content: jsonb('content').$type<Localized<unknown>>(),
    layoutPosition: text('layout_position', { enum: ['top', 'left', 'main', 'right', 'bottom'] })
      .notNull()
      .default('main'),
    sortId: integer('sort_id').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [index('bbi_page_idx').on(table.pageId, table.layoutPosition, table.sortId)],
);

export const menus = pgTable(
  'menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('menus_name_unique').on(table.name)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    urlSegment: text('url_segment').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    pageId: uuid('page_id').references(() => pages.id, { onDelete: 'set null' }),
    externalUrl: text('external_url'),
    isVisible: boolean('is_visible').notNull().default(true),
    sortId: integer('sort_id').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [index('menu_items_menu_idx').on(table.menuId, table.parentId, table.sortId)],
);

export const headerImages = pgTable('header_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  imageGuid: uuid('image_guid'),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  text: jsonb('text').$type<LocalizedText>(),
  updatedAt: updatedAt(),
});

/** Who changed what and when; written in the same transaction as the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_events_entity_idx').on(table.entityType, table.entityId)],
);
