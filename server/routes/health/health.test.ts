import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';

describe('GET /healthz and GET /readyz', () => {
  it('answers ok and ready on a migrated database', async () => {
    const test = await createTestApp();
    try {
      const health = await test.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await test.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    } finally {
      await test.close();
    }
  });

  it('answers 503 on /readyz when a migration has not been applied, while /healthz stays ok', async () => {
    const test = await createTestApp();
    try {
      await test.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
      const ready = await test.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      const health = await test.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });

  it('answers 503 on /readyz when the database has no migrations table at all', async () => {
    const test = await createTestApp();
    try {
      await test.database.db.execute(sql`DROP SCHEMA drizzle CASCADE`);
      const ready = await test.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
    } finally {
      await test.close();
    }
  });

  it('answers 503 on /readyz when the database is closed, while /healthz stays ok', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, web: false });
    await app.ready();
    await database.close();
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
