import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { ApiErrorBody, ErrorCode } from '../common/errors.ts';
import type { Locale } from '../common/localized-text.ts';
import { buildApp } from '../server/app.ts';
import { type Config, testConfig } from '../server/config.ts';
import { type DatabaseHandle, type Executor, openDatabase } from '../server/db/client.ts';
import { createApiToken } from '../server/domains/accounts/access.ts';
import { errorMessage } from '../server/errors.ts';
import { ANONYMOUS } from '../server/policies/index.ts';

/**
 * A fresh, migrated database for one test file: a PGlite copy of the migrated snapshot, or a new
 * PostgreSQL database cloned from the migrated template when DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    const name = `bouwsteen_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  return openDatabase({ memory: true, loadDataDir: new Blob([snapshot]) });
}

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

/** The API (no web rendering unless asked) on a fresh database. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    web?: boolean;
    database?: DatabaseHandle;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    web: options.web ? {} : false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      // A database passed in belongs to the caller, who may build more apps on it.
      if (!options.database) await database.close();
    },
  };
}

type InjectedResponse = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

/**
 * Asserts the API's error shape: the status, a stable code and the message in the expected
 * language, as JSON. Returns the body for further checks.
 */
export function expectApiError(
  response: InjectedResponse,
  status: number,
  code: ErrorCode,
  locale: Locale = 'nl',
): ApiErrorBody {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as ApiErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBe(errorMessage(code, locale));
  return body;
}

/** An Authorization header that signs a request in as this user (a personal API token). */
export async function bearerFor(db: Executor, userId: string): Promise<{ authorization: string }> {
  const { token } = await createApiToken({ db, actor: ANONYMOUS }, { userId, name: 'test' });
  return { authorization: `Bearer ${token}` };
}
