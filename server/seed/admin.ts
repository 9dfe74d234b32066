import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { auditEvents, users } from '../db/schema.ts';
import { generatePassword, hashPassword } from '../services/passwords.ts';

/**
 * Makes sure the site has an admin. On the first start (no admin yet) it creates one from the
 * given e-mail and password, generating a password when none is given.
 */
export async function ensureAdminAccount(options: {
  db: Executor;
  email: string;
  password?: string | undefined;
}): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const { db, email } = options;
  const existing = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM users WHERE is_admin`,
  );
  if (Number(existing[0]?.count ?? 0) > 0) return { created: false, email };
  const generatedPassword = options.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: 'Beheerder', isAdmin: true, termsOfUseVersionAccepted: 1 })
      .returning({ id: users.id });
    await tx.insert(auditEvents).values({
      action: 'create',
      entityType: 'user',
      entityId: admin?.id ?? null,
      data: { reason: 'first start' },
    });
  });
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}
