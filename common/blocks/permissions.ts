import { z } from 'zod';

/**
 * SPEC 6 "Building block permissions are set with addPermission and addRoles": who may add items to
 * a list block. Admins and the page's editors always may; `roles` also lets members holding one of
 * `addRoles` add, `users` lets any signed-in user add. Stored in the block's options under
 * `permissions` (BLOCK_PERMISSIONS_KEY), beside the type's own options.
 */
export const ADD_PERMISSIONS = ['admins', 'roles', 'users'] as const;
export type AddPermission = (typeof ADD_PERMISSIONS)[number];

export const BLOCK_PERMISSIONS_KEY = 'permissions';

export const blockPermissionsSchema = z.object({
  addPermission: z.enum(ADD_PERMISSIONS),
  addRoles: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
});
export type BlockPermissions = z.infer<typeof blockPermissionsSchema>;

export const DEFAULT_BLOCK_PERMISSIONS: BlockPermissions = { addPermission: 'admins', addRoles: [] };

/** The permissions stored in a block's options; anything missing or malformed means admins only. */
export function readBlockPermissions(options: Record<string, unknown> | null | undefined): BlockPermissions {
  const parsed = blockPermissionsSchema.safeParse(options?.[BLOCK_PERMISSIONS_KEY]);
  return parsed.success ? parsed.data : DEFAULT_BLOCK_PERMISSIONS;
}
