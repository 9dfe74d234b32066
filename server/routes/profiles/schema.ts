import { z } from 'zod';
import { LOCALES } from '../../../common/localized-text.ts';

const name = z.string().trim().max(100);

/** Profile property values as the own profile and the admin's user screen send them. */
export const propertyValuesBody = z
  .array(z.object({ key: z.string().min(1).max(100), value: z.string().max(10_000) }))
  .max(200);

/**
 * What a user may change about themselves. Unknown fields (isAdmin, roleIds, email…) are ignored,
 * never applied: a user cannot raise their own rights.
 */
export const profileUpdateBody = z.object({
  firstName: name.optional(),
  middleName: name.optional(),
  lastName: name.optional(),
  locale: z.enum(LOCALES).optional(),
  termsOfUseVersionAccepted: z.number().int().min(0).max(1_000_000).nullable().optional(),
  properties: propertyValuesBody.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateBody>;
