import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { generatePassword, hashPassword } from '../domains/accounts/passwords.ts';
import { runCommand } from '../domains/write.ts';
import { ANONYMOUS } from '../policies/index.ts';

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
  await runCommand(
    { db, actor: ANONYMOUS },
    { action: 'user.create', scope: 'private', target: (id: string) => id, data: { reason: 'first start' } },
    async (tx) => {
      const [admin] = await tx
        .insert(users)
        .values({ email, passwordHash, firstName: 'Beheerder', isAdmin: true, termsOfUseVersionAccepted: 1 })
        .returning({ id: users.id });
      if (!admin) throw new Error('admin not created');
      return admin.id;
    },
  );
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}
