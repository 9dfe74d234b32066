import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { prepareData } from './boot.ts';
import { testConfig } from './config.ts';
import { pages, users } from './db/schema.ts';

async function closed<T extends { close(): Promise<void> }>(handle: T): Promise<T> {
  await handle.close();
  return handle;
}

describe('start-up (prepareData)', () => {
  it('migrates, creates one admin and seeds the demo site once, also when two nodes start together', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const postgresUrl = inject('postgresUrl');
    let config = testConfig({ seedDemo: true });
    let cleanup: () => Promise<void>;
    if (postgresUrl) {
      const name = `bouwsteen_boot_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      config = { ...config, databaseUrl: url.toString() };
      cleanup = async () => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      };
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-boot-'));
      config = { ...config, dataDir };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
    try {
      // PostgreSQL: two nodes at once (the advisory lock serialises them). PGlite: one process
      // owns the data directory, so the second start follows the first.
      const handles = postgresUrl
        ? await Promise.all([prepareData(config), prepareData(config)])
        : [await closed(await prepareData(config)), await prepareData(config)];
      const last = handles.at(-1)!;
      const [admins] = await last.db.select({ value: count() }).from(users);
      const [pageCount] = await last.db.select({ value: count() }).from(pages);
      expect(admins?.value).toBe(1);
      expect(pageCount?.value).toBeGreaterThan(10);
      expect(await last.isReady()).toBe(true);
      for (const handle of postgresUrl ? handles : [last]) await handle.close();
    } finally {
      await cleanup();
      vi.restoreAllMocks();
    }
  });
});
