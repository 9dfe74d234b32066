import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { auditEvents, users } from '../db/schema.ts';
import { verifyPassword } from '../domains/accounts/passwords.ts';
import { ensureAdminAccount } from './admin.ts';

describe('ensureAdminAccount', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(users);
    await database.db.delete(auditEvents);
  });

  it('creates the first admin once with a generated password it returns only that time', async () => {
    const first = await ensureAdminAccount({ db: database.db, email: 'beheer@delinde.example' });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z2-9]{20}$/);

    const [admin] = await database.db.select().from(users).where(eq(users.email, 'beheer@delinde.example'));
    expect(admin).toMatchObject({ isAdmin: true, isActive: true });
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin?.passwordHash).not.toContain(first.generatedPassword);
    expect(await verifyPassword(admin!.passwordHash!, first.generatedPassword!)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash!, 'iets-anders-123')).toBe(false);

    const second = await ensureAdminAccount({ db: database.db, email: 'ander@delinde.example' });
    expect(second).toEqual({ created: false, email: 'ander@delinde.example' });
    expect(second).not.toHaveProperty('generatedPassword');
    expect(await database.db.select().from(users).where(eq(users.isAdmin, true))).toHaveLength(1);
  });

  it('records the creation as an audit event', async () => {
    await ensureAdminAccount({
      db: database.db,
      email: 'beheer@delinde.example',
      password: 'een-lang-wachtwoord',
    });
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.entityType, 'user'));
    expect(events).toEqual([
      expect.objectContaining({ action: 'user.create', data: { reason: 'first start' } }),
    ]);
  });

  it('creates an admin when only users who are not admins exist', async () => {
    await database.db.insert(users).values({ email: 'lid@delinde.example' });
    const result = await ensureAdminAccount({ db: database.db, email: 'beheer@delinde.example' });
    expect(result.created).toBe(true);
  });

  it('uses a given password and returns none', async () => {
    const password = 'een-lang-wachtwoord-2026';
    const result = await ensureAdminAccount({ db: database.db, email: 'admin@example.org', password });
    expect(result).toEqual({ created: true, email: 'admin@example.org' });
    const [admin] = await database.db.select().from(users);
    expect(admin?.passwordHash).not.toBe(password);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin!.passwordHash!, password)).toBe(true);
  });
});
