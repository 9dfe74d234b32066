import { z } from 'zod';
import { pageOptionSchema } from '../../../common/page-schemas.ts';
import { LAYOUT_POSITIONS, PAGE_LAYOUTS } from '../../../common/pages.ts';
import { LEGAL_PAGES, type LegalPageKey } from '../../../common/site.ts';
import {
  guidSchema,
  nameSchema,
  pagedSchema,
  queryBoolean,
  queryList,
  tableQuerySchema,
} from '../common-schemas.ts';

const localizedSchema = z.object({ nl: z.string(), en: z.string().optional() });

export const blockInstanceSchema = z
  .object({
    guid: z.string(),
    pageGuid: z.string().nullable(),
    buildingBlockName: z.string(),
    options: z.record(z.string(), z.unknown()),
    content: z.unknown().describe('Content per locale: { nl, en? }'),
    layoutPosition: z.enum(LAYOUT_POSITIONS),
    sortId: z.number().int(),
    parentGuid: z
      .string()
      .nullable()
      .optional()
      .describe('The columns block this block sits in (issue 31); null for a block of its position'),
    columnIndex: z.number().int().nullable().optional().describe('Its column in that block (0 …)'),
  })
  .meta({ id: 'BuildingBlockInstance' });

export const pageSchema = z
  .object({
    guid: z.string(),
    name: z.string(),
    title: z.string(),
    titleTranslations: localizedSchema,
    description: z.string(),
    descriptionTranslations: localizedSchema.nullable(),
    isPublished: z.boolean(),
    isTemplate: z.boolean(),
    layout: z.enum(PAGE_LAYOUTS),
    options: z.array(z.object({ name: z.string(), value: z.string() })),
    editPermission: z.enum(['admins', 'roles']),
    editRoles: z.array(z.string()),
    roleIds: z.array(z.string()),
    updatedAt: z.string(),
    abilities: z.object({ update: z.boolean(), changeRights: z.boolean(), chooseSocialImage: z.boolean() }),
    buildingBlockInstances: z.array(blockInstanceSchema).optional(),
  })
  .meta({ id: 'Page' });

export const listPagesQuery = z.object({
  IncludeBbis: queryBoolean.optional(),
  FilterBbisByBuildingBlocks: queryList(50).optional(),
});

export const pageIdParams = z.object({ id: guidSchema });
export const pageWithNameQuery = z.object({ name: nameSchema(200) });

export const pageResponse = z
  .object({
    page: pageSchema,
    listMetadata: z
      .record(z.string(), z.object({ totalNumberOfItems: z.number().int() }))
      .describe('Per list block on the page: how many items it has'),
  })
  .meta({ id: 'PageWithMetadata' });

/** A page's description (`<meta name="description">`); empty in both languages: none (the site's description then). */
const descriptionBody = z
  .object({ nl: z.string().trim().max(500), en: z.string().trim().max(500).optional() })
  .nullable()
  .meta({ id: 'PageDescriptionInput' });

export const pageSettingsBody = z
  .object({
    description: descriptionBody.optional(),
    titleTranslations: z
      .object({ nl: z.string().trim().min(1).max(200), en: z.string().trim().max(200).optional() })
      .optional(),
    isPublished: z.boolean().optional(),
    layout: z.enum(PAGE_LAYOUTS).optional(),
    options: z.array(pageOptionSchema).max(50).optional(),
    editPermission: z.enum(['admins', 'roles']).optional().describe('Admins only'),
    editRoles: z.array(guidSchema).max(100).optional().describe('Admins only'),
    roleIds: z.array(guidSchema).max(100).optional().describe('Who may view (admins only)'),
    moveHiddenBlocksTo: z
      .enum(LAYOUT_POSITIONS)
      .optional()
      .describe(
        'With a new layout: move the blocks of the side columns it hides to the end of this position',
      ),
  })
  .meta({ id: 'PageSettingsUpdate' });

// Admin pages (issue 10).

export const titleBody = z
  .object({ nl: z.string().trim().min(1).max(200), en: z.string().trim().max(200).optional() })
  .meta({ id: 'PageTitleInput' });
const roleList = z.array(guidSchema).max(100);

const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGES) as [LegalPageKey, ...LegalPageKey[]];

export const ADMIN_PAGE_SORT_KEYS = ['title', 'path', 'isPublished', 'layout', 'updatedAt'] as const;
export const adminPagesQuery = tableQuerySchema(ADMIN_PAGE_SORT_KEYS, 'title');

const namedRole = z.object({ guid: z.string(), name: z.string().nullable() }).meta({ id: 'NamedRole' });

export const adminPageRowSchema = z
  .object({
    guid: z.string(),
    title: localizedSchema,
    path: z.string().nullable().describe('Path through the "Top level menu"; null: not in the menu'),
    legalPage: z
      .object({ key: z.enum(LEGAL_PAGE_KEYS), path: z.string() })
      .nullable()
      .describe(
        "A legal page: which one, and its own route in the caller's language; null: not a legal page",
      ),
    isPublished: z.boolean(),
    layout: z.enum(PAGE_LAYOUTS),
    updatedAt: z.string(),
    updatedBy: z
      .object({ guid: z.string(), name: z.string().nullable(), isRemoved: z.boolean() })
      .nullable()
      .describe('Who changed the page last; isRemoved: the account was erased ("removed user")'),
    editPermission: z.enum(['admins', 'roles']),
    editRoles: z.array(namedRole),
    roleIds: z
      .array(namedRole)
      .describe('Who may view: empty for everyone, else members with one of these roles'),
  })
  .meta({ id: 'AdminPageRow' });
export const adminPagesResponse = pagedSchema(adminPageRowSchema).meta({ id: 'AdminPagePage' });

export const newPageBody = z
  .object({
    title: titleBody,
    description: descriptionBody.optional(),
    layout: z.enum(PAGE_LAYOUTS),
    isPublished: z.boolean().optional(),
    options: z.array(pageOptionSchema).max(50).optional(),
    editPermission: z.enum(['admins', 'roles']).optional(),
    editRoles: roleList.optional(),
    roleIds: roleList.optional(),
  })
  .meta({ id: 'NewPage' });

export const pageDependentsSchema = z
  .object({
    menuItems: z.array(z.object({ guid: z.string(), menuName: z.string(), name: z.string() })),
    lists: z.array(z.object({ guid: z.string(), title: z.string().nullable(), itemCount: z.number().int() })),
  })
  .meta({ id: 'PageDependents' });

export const templateSchema = z
  .object({
    guid: z.string(),
    name: z.string(),
    title: localizedSchema,
    templateKind: z.enum(['header', 'footer', 'block']),
    layout: z.enum(PAGE_LAYOUTS),
    updatedAt: z.string(),
  })
  .meta({ id: 'PageTemplate' });

export const newTemplateBody = z
  .object({
    title: titleBody,
    /** `block`: a reusable block (issue 31), placed on pages by `reusable` blocks. */
    templateKind: z.enum(['header', 'footer', 'block']),
    layout: z.enum(PAGE_LAYOUTS).optional(),
  })
  .meta({ id: 'NewPageTemplate' });
export const templateUpdateBody = z
  .object({
    title: titleBody.optional(),
    templateKind: z.enum(['header', 'footer']).optional(),
    layout: z.enum(PAGE_LAYOUTS).optional(),
  })
  .meta({ id: 'PageTemplateUpdate' });
