import { z } from 'zod';
import { externalUrlSchema, urlSegmentSchema } from '../../../common/url-schemas.ts';
import { guidSchema, nameSchema } from '../common-schemas.ts';

export const menuWithNameQuery = z.object({ name: nameSchema(200) });

type MenuItemOut = {
  guid: string;
  urlSegment: string;
  name: string;
  pageGuid: string | null;
  pageName: string | null;
  pageIsPublished: boolean;
  externalUrl: string | null;
  isVisible: boolean;
  sortId: number;
  path: string;
  relatedMenuItems: MenuItemOut[];
};

export const menuItemSchema: z.ZodType<MenuItemOut> = z
  .lazy(() =>
    z.object({
      guid: z.string(),
      urlSegment: z.string(),
      name: z.string(),
      pageGuid: z.string().nullable(),
      pageName: z.string().nullable(),
      pageIsPublished: z.boolean(),
      externalUrl: z.string().nullable(),
      isVisible: z.boolean(),
      sortId: z.number().int(),
      path: z.string(),
      relatedMenuItems: z.array(menuItemSchema),
    }),
  )
  .meta({ id: 'MenuItem' });

export const menuResponse = z
  .object({ guid: z.string(), name: z.string(), menuItems: z.array(menuItemSchema) })
  .meta({ id: 'Menu' });

// The admin screen's shapes (issue 10).

export const menuSummarySchema = z
  .object({ guid: z.string(), name: z.string(), isTopLevel: z.boolean(), itemCount: z.number().int() })
  .meta({ id: 'MenuSummary' });

type AdminMenuItemOut = {
  guid: string;
  urlSegment: string;
  name: { nl: string; en?: string | undefined };
  pageGuid: string | null;
  pageTitle: string | null;
  pageIsPublished: boolean;
  externalUrl: string | null;
  isVisible: boolean;
  path: string | null;
  relatedMenuItems: AdminMenuItemOut[];
};

export const adminMenuItemSchema: z.ZodType<AdminMenuItemOut> = z
  .lazy(() =>
    z.object({
      guid: z.string(),
      urlSegment: z.string(),
      name: z.object({ nl: z.string(), en: z.string().optional() }),
      pageGuid: z.string().nullable(),
      pageTitle: z.string().nullable(),
      pageIsPublished: z.boolean(),
      externalUrl: z.string().nullable(),
      isVisible: z.boolean(),
      path: z.string().nullable(),
      relatedMenuItems: z.array(adminMenuItemSchema),
    }),
  )
  .meta({ id: 'AdminMenuItem' });

export const adminMenuSchema = menuSummarySchema
  .extend({ menuItems: z.array(adminMenuItemSchema) })
  .meta({ id: 'AdminMenu' });

export const menuNameBody = z.object({ name: nameSchema(100) }).meta({ id: 'MenuNameBody' });

const itemName = z.object({
  nl: z.string().trim().min(1).max(200),
  en: z.string().trim().max(200).optional(),
});

export const menuItemBody = z
  .object({
    name: itemName,
    urlSegment: urlSegmentSchema,
    pageGuid: guidSchema.nullable().default(null),
    externalUrl: externalUrlSchema.nullable().default(null),
    isVisible: z.boolean().default(true),
  })
  .meta({ id: 'MenuItemBody' });

export const newMenuItemBody = menuItemBody
  .extend({
    parentGuid: guidSchema.nullable().default(null),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .meta({ id: 'NewMenuItemBody' });

export const moveMenuItemBody = z
  .object({ parentGuid: guidSchema.nullable(), position: z.number().int().min(0).max(10_000) })
  .meta({ id: 'MenuItemMove' });

export const menuItemResult = z
  .object({ guid: z.string(), menu: adminMenuSchema })
  .meta({ id: 'MenuItemResult' });

export const menuItemMoveResult = menuItemResult
  .extend({ redirected: z.number().int() })
  .meta({ id: 'MenuItemMoveResult' });
