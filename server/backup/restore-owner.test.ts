import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/helpers.ts';
import { type Executor, openDatabase, queryRows } from '../db/client.ts';
import { hashPassword } from '../domains/accounts/passwords.ts';
import { refreshSearchIndex } from '../domains/search/queries.ts';
import { FsMediaStorage } from '../media/storage.ts';
import { createListItem, createMenu, createMenuItem, createPage, createUser } from '../seed/builders.ts';
import { restoreArchive, type Site, writeArchive } from './archive.ts';
import { listTables } from './database.ts';

/**
 * Restoring into PostgreSQL as the owner of the database, who is not a superuser (issue 28): the
 * usual hosting set-up. The rows come back exactly as they were (derived rows included: the
 * search index, list placements, the content version), with the foreign keys back in place, and
 * the restored site serves the same pages and accounts. With a database owner on PostgreSQL
 * (`npm run test:pg`); on PGlite (`npm test`) the same load into another PGlite database.
 */

const PASSWORD = 'een-lang-wachtwoord-voor-de-test';
let workDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-restore-owner-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await rm(workDir, { recursive: true, force: true });
});

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database owned by a new role that may log in and is no superuser. */
async function ownedDatabase(): Promise<{ url: string; role: string }> {
  const suffix = randomBytes(4).toString('hex');
  const role = `bouwsteen_owner_${suffix}`;
  const name = `bouwsteen_owned_${suffix}`;
  await onServer(`CREATE ROLE "${role}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
  await onServer(`CREATE DATABASE "${name}" OWNER "${role}"`);
  cleanups.push(async () => {
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await onServer(`DROP ROLE IF EXISTS "${role}"`);
  });
  const url = new URL(inject('postgresUrl'));
  url.username = role;
  url.password = '';
  url.pathname = `/${name}`;
  return { url: url.toString(), role };
}

/** Every table's rows as one digest (the rows' JSON, sorted), so two databases can be compared. */
async function tableDigests(db: Executor): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await listTables(db)) {
    const [row] = await queryRows<{ digest: string | null; count: number }>(
      db,
      sql.raw(
        `SELECT md5(coalesce(string_agg(j, E'\\n' ORDER BY j), '')) AS digest, count(*)::int AS count
         FROM (SELECT to_jsonb(t)::text AS j FROM public."${table}" t) rows`,
      ),
    );
    digests[table] = `${row?.count}:${row?.digest}`;
  }
  return digests;
}

// On PGlite (`npm test`) the same load into a second PGlite database: PGlite's one user is a
// superuser, but the load takes the same path, so the rows, keys and triggers are checked the same.
const onPostgres = Boolean(inject('postgresUrl'));

describe(`a restore ${onPostgres ? 'into PostgreSQL by the database owner, no superuser' : 'into PGlite'}`, () => {
  it('loads every row as it was, keeps the foreign keys, and serves the same pages and accounts', {
    timeout: 300_000,
  }, async () => {
    const source: Site = {
      database: await createTestDatabase(),
      media: new FsMediaStorage(path.join(workDir, 'source', 'media')),
      formFiles: new FsMediaStorage(path.join(workDir, 'source', 'form-files')),
    };
    cleanups.push(() => source.database.close());
    const db = source.database.db;
    const admin = await createUser(db, { email: 'eigenaar@example.org', isAdmin: true, firstName: 'Eva' });
    await db.execute(
      sql`UPDATE users SET password_hash = ${await hashPassword(PASSWORD)}, terms_of_use_version_accepted = 1 WHERE id = ${admin.id}`,
    );
    const home = await createPage(db, {
      name: 'home',
      title: { nl: 'Welkom', en: 'Welcome' },
      blocks: [
        { name: 'text', content: { nl: '<p>De zeldzame zeepbel</p>' } },
        { name: 'list', content: { nl: {} } },
      ],
    });
    const about = await createPage(db, { name: 'over-ons', title: 'Over ons' });
    // A self-reference: a menu item under another.
    const menu = await createMenu(db, 'main');
    const parent = await createMenuItem(db, { menuId: menu.id, urlSegment: 'over', name: 'Over' });
    await createMenuItem(db, {
      menuId: menu.id,
      parentId: parent.id,
      urlSegment: 'ons',
      name: 'Ons',
      pageId: about.id,
    });
    // Rows a trigger fills (list placements) and a search index made from the marks.
    const listBlock = home.blocks.find((block) => block.buildingBlockName === 'list');
    if (!listBlock) throw new Error('no list block');
    for (let index = 0; index < 3; index += 1) {
      await createListItem(db, {
        blockId: listBlock.id,
        title: `Bericht ${index}`,
        parentGuids: [home.id],
      });
    }
    await refreshSearchIndex(db);
    const bytes = randomBytes(2000);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const scratch = await source.media.tempPath();
    await writeFile(scratch, bytes);
    await source.media.put(hash, scratch);
    await db.execute(sql`INSERT INTO media (content_hash, purpose, file_name, format, width, height, size, title)
        VALUES (${hash}, 'library', 'logo.png', 'png', 10, 10, ${bytes.length}, 'Logo')`);
    const before = await tableDigests(db);
    expect(before.search_documents?.startsWith('0:')).toBe(false);
    expect(before.list_item_parents?.startsWith('3:')).toBe(true);

    const file = path.join(workDir, 'owned.tar.gz');
    await writeArchive(source, file);

    const owned = onPostgres ? await ownedDatabase() : null;
    const target: Site = {
      database: owned
        ? await openDatabase({ databaseUrl: owned.url, maxConnections: 2 })
        : await createTestDatabase(),
      media: new FsMediaStorage(path.join(workDir, 'target', 'media')),
      formFiles: new FsMediaStorage(path.join(workDir, 'target', 'form-files')),
    };
    cleanups.push(() => target.database.close());
    const [who] = await queryRows<{ user: string; superuser: boolean }>(
      target.database.db,
      sql`SELECT current_user AS user, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
    );
    if (owned) expect(who).toEqual({ user: owned.role, superuser: false });

    const restored = await restoreArchive(target, file);
    expect(restored.media).toBe(1);
    // Every row of every table as it was: no trigger added, changed or counted anything.
    expect(await tableDigests(target.database.db)).toEqual(before);
    // The foreign keys are back: a child row without its parent is refused.
    await expect(
      target.database.db.execute(
        sql`INSERT INTO menu_items (menu_id, parent_id, url_segment, name) VALUES (${menu.id}, gen_random_uuid(), 'wees', '{"nl":"Wees"}')`,
      ),
    ).rejects.toThrow();
    // The triggers are back: a new page is marked for the search index.
    await createPage(target.database.db, { name: 'nieuw', title: 'Nieuw' });
    const [marked] = await queryRows<{ count: number }>(
      target.database.db,
      sql`SELECT count(*)::int AS count FROM search_dirty d JOIN pages p ON p.id = d.ref_id WHERE p.name = 'nieuw'`,
    );
    expect(marked?.count).toBe(1);
    // Restoring again over it, with --force, also works as the owner.
    await expect(restoreArchive(target, file)).rejects.toMatchObject({ code: 'not_empty' });
    await restoreArchive(target, file, { force: true });
    expect(await tableDigests(target.database.db)).toEqual(before);

    if (owned) {
      // A site another role (a superuser) made in the owner's database cannot be replaced by the
      // owner: refused in words, and nothing of it changes.
      const name = new URL(owned.url).pathname.slice(1);
      await onServer(`CREATE DATABASE "${name}_made" OWNER "${owned.role}"`);
      cleanups.push(() => onServer(`DROP DATABASE IF EXISTS "${name}_made" WITH (FORCE)`));
      const bySuperuser = new URL(inject('postgresUrl'));
      bySuperuser.pathname = `/${name}_made`;
      const asOwner = new URL(owned.url);
      asOwner.pathname = `/${name}_made`;
      const made = await openDatabase({ databaseUrl: bySuperuser.toString(), maxConnections: 1 });
      await restoreArchive({ ...target, database: made }, file, { force: true });
      await made.close();
      const other = await openDatabase({ databaseUrl: asOwner.toString(), maxConnections: 1 });
      try {
        await expect(restoreArchive({ ...target, database: other }, file, { force: true })).rejects.toThrow(
          'cannot be replaced by this role',
        );
      } finally {
        await other.close();
      }
      const still = await openDatabase({ databaseUrl: bySuperuser.toString(), maxConnections: 1 });
      try {
        expect(await tableDigests(still.db)).toEqual(before);
      } finally {
        await still.close();
      }
    }

    // The restored site serves the same pages and accounts.
    const app = await createTestApp({ database: target.database });
    try {
      for (const page of [home, about]) {
        const response = await app.app.inject({
          method: 'GET',
          url: `/api/pages:withName?name=${page.name}`,
        });
        expect(response.statusCode, page.name).toBe(200);
        expect((response.json() as { guid: string }).guid).toBe(page.id);
      }
      const signIn = await app.app.inject({
        method: 'POST',
        url: '/api/auth:signIn',
        payload: { email: 'eigenaar@example.org', password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await app.app.close();
    }
  });
});
