import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FormDefinition } from '../../common/forms/definition.ts';
import type { FormSettings } from '../../common/forms/settings.ts';
import type { ItemPlace } from '../../common/list-items.ts';
import type { Localized, LocalizedText } from '../../common/localized-text.ts';
import type { PageChange, PageDocument } from '../../common/page-drafts.ts';
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
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Interface language the user chose; mails go out in it. */
    locale: text('locale', { enum: ['nl', 'en'] })
      .notNull()
      .default('nl'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
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
    /** Admin pages (issue 10, migration 0009): who changed it last (no foreign key: erased users stay named "removed user"). */
    updatedBy: uuid('updated_by'),
    /**
     * Admin pages: a template is a header or a footer (null for pages), or a reusable block (issue
     * 31) that `reusable` blocks place on pages.
     */
    templateKind: text('template_kind', { enum: ['header', 'footer', 'block'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pages_name_unique').on(table.name),
    // Admin pages (issue 10): the admin table sorts by title or last change.
    index('pages_kind_title_idx').on(table.kind, sql`lower(${table.title}->>'nl')`),
    index('pages_kind_updated_idx').on(table.kind, table.updatedAt),
    // The admin table's search (ILIKE '%…%' on either title) uses trigrams (migration 0011).
    index('pages_title_nl_trgm_idx').using('gin', sql`(${table.title}->>'nl') gin_trgm_ops`),
    index('pages_title_en_trgm_idx').using('gin', sql`coalesce(${table.title}->>'en', '') gin_trgm_ops`),
  ],
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
    /**
     * A block in a column of a columns block (issue 31, migration 0027): that block and the column
     * (0 …); null for a block of the position itself. Removing the columns block removes it.
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => buildingBlockInstances.id, {
      onDelete: 'cascade',
    }),
    columnIndex: smallint('column_index'),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('bbi_parent_idx').on(table.parentId).where(sql`${table.parentId} IS NOT NULL`),
    index('bbi_page_idx').on(table.pageId, table.layoutPosition, table.sortId),
    // Where a library image is used (issue 27): image blocks by the asset they name.
    index('bbi_image_guid_idx')
      .on(sql`(${table.options}->>'imageGuid')`)
      .where(sql`${table.buildingBlockName} = 'image'`),
    // Where a reusable block is placed (issue 31, migration 0030): where-used and search.
    index('bbi_reusable_template_idx')
      .on(sql`(${table.options}->>'templateId')`)
      .where(sql`${table.buildingBlockName} = 'reusable'`),
  ],
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
    parentId: uuid('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    urlSegment: text('url_segment').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    pageId: uuid('page_id').references(() => pages.id, { onDelete: 'set null' }),
    externalUrl: text('external_url'),
    isVisible: boolean('is_visible').notNull().default(true),
    sortId: integer('sort_id').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('menu_items_menu_idx').on(table.menuId, table.parentId, table.sortId),
    // SPEC 5: a segment is unique among its siblings (migration 0008).
    uniqueIndex('menu_items_sibling_segment_unique').on(
      table.menuId,
      sql`COALESCE(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.urlSegment,
    ),
    // Admin pages (issue 10): deleting a page finds its menu items.
    index('menu_items_page_idx').on(table.pageId),
  ],
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

/** Custom roles; the built-in ones (User, VerifiedUser, ContentManager, Admin, Mett, Developer) follow from user flags. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('roles_name_unique').on(sql`lower(${table.name})`)],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** What the owner sees and revokes by; the id (a token hash) never leaves the server. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The double-submit XSRF token that belongs to this session. */
    xsrfToken: text('xsrf_token').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    uniqueIndex('sessions_public_id_unique').on(table.publicId),
  ],
);

/** Personal API tokens, sent as `Authorization: Bearer …`; only the SHA-256 is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, so the owner can recognise it in a list. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_unique').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
  ],
);

/** One-time codes mailed to a user: e-mail verification and password reset. Only hashes are stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verifyEmail', 'resetPassword'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_tokens_hash_unique').on(table.tokenHash),
    index('user_tokens_user_idx').on(table.userId, table.kind, table.createdAt),
  ],
);

/** Sign-in attempts, for rate limiting per account and per address across app nodes. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    isSuccess: boolean('is_success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_attempts_email_idx').on(table.email, table.at),
    index('sign_in_attempts_ip_idx').on(table.ip, table.at),
  ],
);

/**
 * Sign-in attempts counted per key and fixed window (issue 34): `account:<email>` (callers at an
 * address the account never signed in from), `address:<address>` and `known:<user>:<hash>` (the
 * account at one of its known addresses); `notice:<user>` marks the window's attack mail and
 * `proof:<nonce>` a used proof of work. An upsert adds one and returns the new count under the row
 * lock, before the password is checked, so concurrent attempts on any node count one by one.
 */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.windowStart, table.key] })],
);

/** Where an account signed in with its password before: a keyed hash of the address (an IPv6 /64). */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.addressHash] })],
);

/** The profile properties a site defines (SPEC 3). Values live in user_properties. */
export const profilePropertyDefinitions = pgTable('profile_property_definitions', {
  key: text('key').primaryKey(),
  label: jsonb('label').$type<LocalizedText>().notNull(),
  category: text('category', { enum: ['profile', 'security', 'privacy'] })
    .notNull()
    .default('profile'),
  section: text('section').notNull().default(''),
  subsection: text('subsection').notNull().default(''),
  sectionSortOrdinal: integer('section_sort_ordinal').notNull().default(0),
  sortOrdinal: integer('sort_ordinal').notNull().default(0),
  /** Who may see the value on another user's profile: only the user (and admins), or every signed-in user. */
  visibleFor: text('visible_for', { enum: ['self', 'user'] })
    .notNull()
    .default('self'),
  inputType: text('input_type').notNull().default('text'),
  isRequired: boolean('is_required').notNull().default(false),
  options: jsonb('options').$type<{ value: string; label: LocalizedText }[]>().notNull().default([]),
  /** Platform-operator-only: visible to isMett users only. */
  isMettOnly: boolean('is_mett_only').notNull().default(false),
  isBuiltIn: boolean('is_built_in').notNull().default(false),
  updatedAt: updatedAt(),
});

export const userProperties = pgTable(
  'user_properties',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('user_properties_pk').on(table.userId, table.key)],
);

/** Invitations to join, mailed as a code; only the code's hash is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    email: text('email').notNull(),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    isContentManager: boolean('is_content_manager').notNull().default(false),
    locale: text('locale', { enum: ['nl', 'en'] })
      .notNull()
      .default('nl'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('invitations_code_unique').on(table.codeHash)],
);

/**
 * An asset of the media library (issue 27): an uploaded image with what describes it once for every
 * use (title, alt text per language or decorative, caption, credit, tags, focal point). The file
 * behind it can be replaced (`version` counts the files it had): references name the asset, the
 * transform URLs carry `v` so that a replaced file is a new URL while the asset keeps its guid. The
 * original is stored once per content hash.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the original's bytes (hex): its storage key, and the key of its cached variants. */
    contentHash: text('content_hash').notNull(),
    /** What the upload was for (its query flag); `library` for an upload into the library itself. */
    purpose: text('purpose', { enum: ['public', 'item', 'block', 'profile', 'api', 'library'] }).notNull(),
    /** The block, item or user the image was uploaded for (null for public, api and library uploads). */
    ownerGuid: uuid('owner_guid'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /**
     * Detected from the content: png, jpeg, webp, avif or gif for images; a document's format
     * (issue 27: pdf, the OpenXML and OpenDocument office formats, csv, txt). Documents have the
     * size of their thumbnail (a PDF's first page) as width and height, 0 without one.
     */
    format: text('format', {
      enum: [
        'png',
        'jpeg',
        'webp',
        'avif',
        'gif',
        'pdf',
        'docx',
        'xlsx',
        'pptx',
        'odt',
        'ods',
        'odp',
        'csv',
        'txt',
      ],
    }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    title: text('title').notNull().default(''),
    /** Alt text per language (nl, en); ignored while `isDecorative`. */
    alt: jsonb('alt').$type<Partial<Record<'nl' | 'en', string>>>().notNull().default({}),
    isDecorative: boolean('is_decorative').notNull().default(false),
    caption: jsonb('caption').$type<Partial<Record<'nl' | 'en', string>>>().notNull().default({}),
    credit: text('credit').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    /** Focal point as fractions of width and height (0–1): crops keep it in view. */
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
    /** The file's version: 1 for the first upload, one more per replaced file. */
    version: integer('version').notNull().default(1),
    /** A document's language (issue 27): nl, en or other; null for images. */
    language: text('language', { enum: ['nl', 'en', 'other'] }),
    /** A PDF's text (for the site search, capped), '' for anything else. */
    documentText: text('document_text').notNull().default(''),
    /** A PDF with JavaScript (actions, scripts): stored, but only ever served as an attachment. */
    hasScript: boolean('has_script').notNull().default(false),
    /** The storage key (content hash) of a PDF's first page as a PNG: the source of its thumbnails. */
    thumbnailHash: text('thumbnail_hash'),
    /** Lower-case title, file name, alt texts and tags: what the library's search matches. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('media_content_hash_idx').on(table.contentHash),
    index('media_owner_idx').on(table.ownerGuid),
    index('media_uploaded_by_idx').on(table.uploadedBy),
    // The library's search (title, file name, alt texts, tags): one trigram index over one expression.
    index('media_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The library's sorts and filters over its assets (every upload but profile photos, issue 27):
    // the page read from the index in order, the total counted from it alone (bench/media-library.ts).
    // DESC is NULLS FIRST, as ORDER BY … DESC is: an index in the other null order is not used for it.
    index('media_library_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`purpose <> 'profile'`),
    index('media_library_title_idx')
      .on(sql`lower(${table.title})`, table.id)
      .where(sql`purpose <> 'profile'`),
    index('media_library_size_idx')
      .on(table.size.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`purpose <> 'profile'`),
    index('media_library_format_idx')
      .on(table.format, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`purpose <> 'profile'`),
  ],
);

/** A PostgreSQL full-text document (search_documents.tsv). */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** An item's own block (an item page renders them like page blocks). */
export type ListItemContentBlock = {
  guid: string;
  buildingBlockName: string;
  content: Localized<unknown>;
  options: Record<string, unknown>;
  sortId: number;
};

/** Kinds of list items (nieuws, evenement, vacature, …); an item names its type. */
export const listItemTypes = pgTable('list_item_types', {
  name: text('name').primaryKey(),
  label: jsonb('label').$type<LocalizedText>().notNull(),
  updatedAt: updatedAt(),
});

/** An item of a list block (SPEC 3). Visibility: published, publishedOn passed, its page visible. */
export const listItems = pgTable(
  'list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short, URL-friendly id (8 base62 characters) used in item URLs. */
    shortId: text('short_id').notNull(),
    blockId: uuid('block_id')
      .notNull()
      .references(() => buildingBlockInstances.id, { onDelete: 'cascade' }),
    listItemTypeName: text('list_item_type_name')
      .notNull()
      .references(() => listItemTypes.name, { onUpdate: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default({ nl: '' }),
    content: jsonb('content').$type<ListItemContentBlock[]>().notNull().default([]),
    publishedOn: timestamp('published_on', { withTimezone: true }).notNull().defaultNow(),
    /** After this moment the item counts as expired (hidden from lists unless asked for). */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Where it takes place (issue 30): a name per language and an address line; null for none. */
    place: jsonb('place').$type<ItemPlace>(),
    highlight: boolean('highlight').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** The editors' order, for lists whose sortOrder is manual. */
    sortId: integer('sort_id').notNull().default(0),
    imageGuid: uuid('image_guid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('list_items_short_id_unique').on(table.shortId),
    // list_items_block_published_idx (block, published_on desc, id desc, covering the visibility
    // columns for index-only counts and deep pages) is created in migration 0004: Drizzle has no INCLUDE.
    // So is list_items_visibility_idx (id INCLUDE the visibility columns, for parent-filtered lists).
    index('list_items_block_sort_idx').on(table.blockId, table.sortId),
    index('list_items_block_type_idx').on(table.blockId, table.listItemTypeName, table.publishedOn.desc()),
    // Where a library image is used (issue 27).
    index('list_items_image_idx').on(table.imageGuid),
  ],
);

/**
 * An item's parents: category items or items of another list. `published_on` mirrors the item's
 * (a trigger keeps it in step) so that "items under a parent, newest first" is one index range.
 */
export const listItemParents = pgTable(
  'list_item_parents',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => listItems.id, { onDelete: 'cascade' }),
    parentGuid: uuid('parent_guid').notNull(),
    publishedOn: timestamp('published_on', { withTimezone: true }).notNull(),
    /**
     * The item's block and visibility columns, mirrored like published_on (triggers of migration
     * 0005 fill them on insert and follow every item update): a list filtered by one parent pages
     * through list_item_parents_visible_idx alone, without a lookup per skipped item.
     */
    blockId: uuid('block_id'),
    isPublished: boolean('is_published').notNull().default(true),
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.parentGuid] }),
    // list_item_parents_visible_idx (parent, published_on desc, item desc) INCLUDE (block_id,
    // is_published, period_end) is created in migration 0005: Drizzle has no INCLUDE. It replaces
    // the plain (parent, published_on desc, item desc) index of 0004.
  ],
);

/**
 * The site search index: one row per page or item and language. Rebuilt from the source rows by
 * server/services/search.ts for everything search_dirty names (triggers fill it on every write).
 * Visibility is not stored: a search joins the source rows, so a stale row can never leak.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: text('kind', { enum: ['page', 'item'] }).notNull(),
    refId: uuid('ref_id').notNull(),
    locale: text('locale', { enum: ['nl', 'en'] }).notNull(),
    /** Text search configuration of the text (bs_dutch or bs_english: stemming plus unaccent). */
    config: text('config').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Lower-case, unaccented title for the trigram (typo) fallback. */
    titleNorm: text('title_norm').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.refId, table.locale] }),
    // One full-text index per language: a search reads one language, so a common word's posting
    // lists (and the rows they point to) are half as long as with one index over both.
    index('search_documents_tsv_nl_idx').using('gin', table.tsv).where(sql`${table.locale} = 'nl'`),
    index('search_documents_tsv_en_idx').using('gin', table.tsv).where(sql`${table.locale} = 'en'`),
    index('search_documents_title_trgm_idx').using('gin', sql`${table.titleNorm} gin_trgm_ops`),
  ],
);

/** Pages and items whose search documents must be rebuilt before the next search. */
export const searchDirty = pgTable(
  'search_dirty',
  {
    kind: text('kind', { enum: ['page', 'item'] }).notNull(),
    refId: uuid('ref_id').notNull(),
    /** Bumped on every new mark, so a rebuild only clears the marks it has seen. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.refId] })],
);

// Menus and redirects (issue 10)

/** An old path that answers 301 with the new one: a changed segment, a moved item, or by hand. */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('redirects_from_path_unique').on(table.fromPath),
    index('redirects_to_path_idx').on(table.toPath),
  ],
);

// Statistics (issue 10): counters per day, flushed in batches by each node (migration 0007).

/** Page views per day and path; `entries` counts views that began a visit. */
export const statisticsPageViews = pgTable(
  'statistics_page_views',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);

/** Visits that came from another site, per day and referrer host (never the full URL). */
export const statisticsReferrers = pgTable(
  'statistics_referrers',
  {
    day: date('day').notNull(),
    host: text('host').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.host] })],
);

/** Site searches per day and normalised term, and how many of them found nothing. */
export const statisticsSearches = pgTable(
  'statistics_searches',
  {
    day: date('day').notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    noResults: integer('no_results').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.term] })],
);

/** Distinct visitors per day: a per-day hash of the analytics cookie (only with analytical consent). */
export const statisticsVisitors = pgTable(
  'statistics_visitors',
  {
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitorHash] })],
);

/** Row types, for the domains' queries and presenters. */
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type BlockRow = typeof buildingBlockInstances.$inferSelect;
export type PageDraftRow = typeof pageDrafts.$inferSelect;
export type PageRevisionRow = typeof pageRevisions.$inferSelect;
export type PageScheduleRow = typeof pageSchedules.$inferSelect;
export type PreviewLinkRow = typeof previewLinks.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type HeaderImageRow = typeof headerImages.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type ListItemRow = typeof listItems.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type RedirectRow = typeof redirects.$inferSelect;

/**
 * Machine translations of the site's texts (automatic translation, SPEC 1 and 9), shared by every
 * node: a text is sent to the translation service once per pair of languages.
 */
export const machineTranslations = pgTable('machine_translations', {
  /** sha256 of "from:to:text", hex. */
  key: text('key').primaryKey(),
  fromLocale: text('from_locale').notNull(),
  toLocale: text('to_locale').notNull(),
  translation: text('translation').notNull(),
  createdAt: createdAt(),
});

/**
 * Characters sent to the translation service per day (UTC), per client address (`client` is a
 * per-day hash of it) and for the whole site (`client` '*'): the daily caps of automatic translation
 * hold across nodes. Answers read from machine_translations are not counted.
 */
export const translationUsage = pgTable(
  'translation_usage',
  {
    day: date('day').notNull(),
    client: text('client').notNull(),
    characters: integer('characters').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.client] })],
);

/**
 * A form (issue 11): its draft questions, its settings (open state, audience, limits, actions) and
 * the number of its latest published version. Visitors fill in published versions only.
 */
export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    settings: jsonb('settings').$type<FormSettings>().notNull(),
    /** The questions as the builder last saved them; publishing copies them into a new version. */
    draft: jsonb('draft').$type<FormDefinition>().notNull(),
    /** The version visitors fill in (null: never published). */
    currentVersion: integer('current_version'),
    /** Kept in step by every submission and deletion, under the form's row lock. */
    submissionCount: integer('submission_count').notNull().default(0),
    lastSubmissionAt: timestamp('last_submission_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('forms_title_idx').on(table.title)],
);

/** A published version of a form's questions. Never changes (a trigger refuses updates). */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.formId, table.version] })],
);

/**
 * One submission (content kind FormSubmission), tied to the exact version the visitor saw. A
 * visitor's is found again by its unguessable id (the receipt link) or the browser's form-survey
 * token; a user's by the account.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id').notNull(),
    version: integer('version').notNull(),
    /** The submitter's account: deleting the account deletes its submissions (they are personal data). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the browser's form-survey cookie value (visitors; one submission per browser). */
    browserToken: text('browser_token'),
    /** sha256 of form and address, for the per-address limit; the retention job clears it after a day. */
    clientHash: text('client_hash'),
    /** The nonce of the proof-of-work challenge the submission solved: a solution counts once. */
    proofNonce: text('proof_nonce'),
    /**
     * What the submission adds to its version's dashboard counts, as `key=value` entries: `=` for
     * the submission, `key=` for an answered question, `key=value` per choice made or number given.
     * A trigger adds them to form_answer_counts on insert and takes them off on delete.
     */
    tally: text('tally').array().notNull().default(sql`'{}'::text[]`),
    answers: jsonb('answers').$type<Record<string, string | number | string[]>>().notNull(),
    locale: text('locale', { enum: ['nl', 'en'] }).notNull(),
    /** The list item the submission became, if the form makes one. */
    listItemId: uuid('list_item_id').references(() => listItems.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    // Deleting a form deletes its versions and, through them, its submissions.
    foreignKey({
      columns: [table.formId, table.version],
      foreignColumns: [formVersions.formId, formVersions.version],
      name: 'form_submissions_version_fk',
    }).onDelete('cascade'),
    index('form_submissions_form_version_created_idx').on(table.formId, table.version, table.createdAt),
    index('form_submissions_form_created_idx').on(table.formId, table.createdAt),
    index('form_submissions_user_idx').on(table.userId),
    index('form_submissions_browser_idx').on(table.formId, table.browserToken),
    index('form_submissions_client_idx').on(table.formId, table.clientHash, table.createdAt),
    uniqueIndex('form_submissions_proof_nonce_idx').on(table.proofNonce),
  ],
);

/**
 * A version's dashboard, kept up to date by a trigger on form_submissions (see `tally` there): per
 * Europe/Amsterdam day, how many submissions (key and value ''), answers per question (value ''),
 * and choices and numbers per value. A dashboard sums a range of days instead of reading every
 * submission. Deleting the form deletes its counts.
 */
export const formAnswerCounts = pgTable(
  'form_answer_counts',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.formId, table.version, table.day, table.key, table.value] })],
);

export type FormRow = typeof forms.$inferSelect;
export type FormVersionRow = typeof formVersions.$inferSelect;
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;

/**
 * The file a submission sent for a file question (issue 11). The bytes live in the form-file
 * storage (private: only GET /api/submissions/{guid}/files/{key} serves them) under `storageKey`;
 * deleting the submission, in any way, deletes this row, and the retention job then removes the
 * bytes no row names any more.
 */
export const formSubmissionFiles = pgTable(
  'form_submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    fieldKey: text('field_key').notNull(),
    /** The name the submitter's file had, cleaned for display; never used as a path. */
    fileName: text('file_name').notNull(),
    /** As sniffed from the bytes (image/png, application/pdf, …), not as the client said. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** 64 random hex digits: the key in the form-file storage. */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('form_submission_files_field_idx').on(table.submissionId, table.fieldKey),
    uniqueIndex('form_submission_files_storage_idx').on(table.storageKey),
  ],
);
export type FormSubmissionFileRow = typeof formSubmissionFiles.$inferSelect;

/**
 * Scheduled work that must happen once across all nodes (issue 11: form retention): the node that
 * inserts a job's row for a slot (an hour, a day) runs it; the others see the row and skip.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    slot: text('slot').notNull(),
    node: text('node').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (table) => [primaryKey({ columns: [table.job, table.slot] })],
);

/**
 * A page's (or template's) draft (issue 13): the whole document an editor works on. Visitors never
 * read it; "publish" writes it to pages and building_block_instances. `version` counts saves: a
 * save names the version it started from, and a stale one is refused (optimistic concurrency).
 */
export const pageDrafts = pgTable('page_drafts', {
  pageId: uuid('page_id')
    .primaryKey()
    .references(() => pages.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  document: jsonb('document').$type<PageDocument>().notNull(),
  /** The revision the draft started from (null: from a page published before revisions existed). */
  basedOn: integer('based_on'),
  updatedBy: uuid('updated_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every publish of a page keeps what was published, numbered per page, with what changed. */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    document: jsonb('document').$type<PageDocument>().notNull(),
    changes: jsonb('changes').$type<PageChange[]>().notNull().default([]),
    /** Who published it (no foreign key: an erased user's revisions stay, by "removed user"). */
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** How it was published: by hand or by a schedule. */
    source: text('source', { enum: ['manual', 'schedule'] })
      .notNull()
      .default('manual'),
  },
  (table) => [uniqueIndex('page_revisions_page_number_unique').on(table.pageId, table.number)],
);

/**
 * A publish or unpublish at a moment. A publish keeps the draft as it was when scheduled (later
 * edits wait for their own publish). Every node checks for due rows; the one whose update claims a
 * row (claimed_at was null) carries it out, in the same transaction, so it happens once.
 */
export const pageSchedules = pgTable(
  'page_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['publish', 'unpublish'] }).notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<PageDocument>(),
    draftVersion: integer('draft_version'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    claimedBy: text('claimed_by'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (table) => [
    index('page_schedules_due_idx').on(table.runAt).where(sql`${table.finishedAt} is null`),
    index('page_schedules_page_idx').on(table.pageId),
  ],
);

/**
 * The preview links of a page's draft (issue 13, issue 34): a link's token names its row, so a link
 * works only while its row exists and has not expired. Revoking a link deletes its row.
 */
export const previewLinks = pgTable(
  'preview_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [index('preview_links_page_idx').on(table.pageId)],
);

/**
 * Secrets the server makes for itself, shared by every node (the first to need one creates it):
 * e.g. the key that signs the forms' proof-of-work challenges. Never sent to a client.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The trash (issue 26): a deleted page, list item, form or menu item, kept 30 days as a snapshot of
 * every row its deletion removed or changed (`snapshot`: rows per table as `to_jsonb`, written back
 * by `jsonb_populate_recordset` on restore). The live tables never hold trashed rows, so no query
 * has to filter them. `fileKeys`: the form-file storage keys its submissions' files keep (the
 * file sweep leaves them alone).
 */
export const trashEntries = pgTable(
  'trash_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['page', 'listItem', 'form', 'menuItem'] }).notNull(),
    /** The id of the deleted record (its guid comes back with it). */
    targetId: uuid('target_id').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Who deleted it (no foreign key: an erased user stays named "removed user"). */
    deletedBy: uuid('deleted_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    fileKeys: text('file_keys').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    index('trash_entries_deleted_at_idx').on(table.deletedAt),
    index('trash_entries_file_keys_idx').using('gin', table.fileKeys),
  ],
);
export type TrashEntryRow = typeof trashEntries.$inferSelect;
