import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';

describe('GET /healthz and GET /readyz', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });
  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('answers ok and ready on a migrated database', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 on /readyz when a migration has not been applied, while /healthz stays ok', async () => {
    const { db } = test.database;
    const applied = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at`,
    );
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      for (const row of applied) {
        await db.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, ${row.hash}, ${row.created_at})`,
        );
      }
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 on /readyz when the database has no migrations table at all', async () => {
    const { db } = test.database;
    await db.execute(sql`ALTER SCHEMA drizzle RENAME TO drizzle_hidden`);
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
    } finally {
      await db.execute(sql`ALTER SCHEMA drizzle_hidden RENAME TO drizzle`);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 on /readyz when the database is closed, while /healthz stays ok', async () => {
    const database = await createTestDatabase();
    const closed = await createTestApp({ database });
    await database.close();
    try {
      const ready = await closed.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await closed.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });
});
