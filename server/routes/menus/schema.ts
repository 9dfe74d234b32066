import { z } from 'zod';
import { nameSchema } from '../common-schemas.ts';

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
