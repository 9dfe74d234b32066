import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { restoreArchive, type Site, writeArchive } from '../server/backup/archive.ts';
import { type DatabaseHandle, openDatabase, queryRows } from '../server/db/client.ts';
import { FsMediaStorage } from '../server/media/storage.ts';
import { scratchPostgres } from './postgres.ts';

const run = promisify(execFile);

/**
 * Backup and restore throughput (issue 28): `npx bouwsteen backup`/`restore`'s code on a site of
 * BENCH_BACKUP_PAGES pages (three text blocks each) and BENCH_BACKUP_MEDIA_MB of media originals
 * (random bytes: as incompressible as photos), on PostgreSQL next to `pg_dump -Fc` + `tar` (gzip -3,
 * as ours) of the same data and `pg_restore` + `tar -x` back, in the same run; and our backup and
 * restore on PGlite. MB/s counts the site's bytes: the tables as text plus the media files.
 */
const PAGES = Number(process.env.BENCH_BACKUP_PAGES) || 5000;
const MEDIA_MB = Number(process.env.BENCH_BACKUP_MEDIA_MB) || 64;
const FILE_SIZE = 512 * 1024;

type Row = { what: string; seconds: number; mbPerSecond: number; note: string };

async function fillSite(site: Site): Promise<number> {
  const db = site.database.db;
  await db.execute(sql`INSERT INTO pages (name, title, is_published)
    SELECT 'pagina-' || g, jsonb_build_object('nl', 'Pagina ' || g, 'en', 'Page ' || g), true
    FROM generate_series(1, ${PAGES}) g`);
  await db.execute(sql`INSERT INTO building_block_instances (page_id, building_block_name, content, sort_id)
    SELECT p.id, 'text', jsonb_build_object('nl', '<p>' || repeat('Een alinea tekst over de gemeente. ', 12) || '</p>'), b * 10
    FROM pages p CROSS JOIN generate_series(1, 3) b`);
  const files = Math.max(1, Math.round((MEDIA_MB * 1024 * 1024) / FILE_SIZE));
  for (let index = 0; index < files; index += 1) {
    const bytes = randomBytes(FILE_SIZE);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const scratch = await site.media.tempPath();
    await writeFile(scratch, bytes);
    await site.media.put(hash, scratch);
    await db.execute(sql`INSERT INTO media (content_hash, purpose, file_name, format, width, height, size)
      VALUES (${hash}, 'library', ${`foto-${index}.jpg`}, 'jpeg', 1600, 1200, ${FILE_SIZE})`);
  }
  return files;
}

async function siteOn(database: DatabaseHandle, root: string): Promise<Site> {
  await mkdir(root, { recursive: true });
  return {
    database,
    media: new FsMediaStorage(path.join(root, 'media')),
    formFiles: new FsMediaStorage(path.join(root, 'form-files')),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export async function runBackupBench(): Promise<Row[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bouwsteen-bench-backup-'));
  const rows: Row[] = [];
  const postgres = await scratchPostgres('backup');
  const target = postgres ? await scratchPostgres('restore') : null;
  const baselineTarget = postgres ? await scratchPostgres('pgrestore') : null;
  try {
    console.log(`Backup bench: ${PAGES} pages × 3 blocks, ${MEDIA_MB} MB of media originals`);
    // PGlite first (the default install), then the same archive's data on PostgreSQL.
    const pglite = await siteOn(await openDatabase({ memory: true }), path.join(scratch, 'pglite'));
    await pglite.database.migrate();
    const files = await fillSite(pglite);
    const pgliteFile = path.join(scratch, 'pglite.tar.gz');
    const pgliteBackup = await timed(() => writeArchive(pglite, pgliteFile));
    const siteBytes = pgliteBackup.value.manifest.counts.bytes;
    const archiveBytes = pgliteBackup.value.bytes;
    console.log(
      `  site: ${pgliteBackup.value.manifest.counts.rows} rows, ${files} files, ${mb(siteBytes).toFixed(1)} MB; archive ${mb(archiveBytes).toFixed(1)} MB`,
    );
    rows.push({
      what: 'PGlite: bouwsteen backup',
      seconds: pgliteBackup.seconds,
      mbPerSecond: mb(siteBytes) / pgliteBackup.seconds,
      note: '',
    });
    const pgliteTarget = await siteOn(
      await openDatabase({ memory: true }),
      path.join(scratch, 'pglite-restored'),
    );
    await pgliteTarget.database.migrate();
    const pgliteRestore = await timed(() => restoreArchive(pgliteTarget, pgliteFile));
    rows.push({
      what: 'PGlite: bouwsteen restore',
      seconds: pgliteRestore.seconds,
      mbPerSecond: mb(siteBytes) / pgliteRestore.seconds,
      note: '',
    });
    await pgliteTarget.database.close();

    if (postgres && target && baselineTarget) {
      const source = await siteOn(
        await openDatabase({ databaseUrl: postgres.url }),
        path.join(scratch, 'pg'),
      );
      // The same site on PostgreSQL: restored from the PGlite archive (that is also the move to PostgreSQL).
      await restoreArchive(source, pgliteFile);
      await pglite.database.close();
      const pgFile = path.join(scratch, 'pg.tar.gz');
      const ours = await timed(() => writeArchive(source, pgFile));
      rows.push({
        what: 'PostgreSQL: bouwsteen backup',
        seconds: ours.seconds,
        mbPerSecond: mb(siteBytes) / ours.seconds,
        note: '',
      });

      const dumpFile = path.join(scratch, 'pg.dump');
      const mediaTar = path.join(scratch, 'media.tar.gz');
      const baseline = await timed(async () => {
        await run('pg_dump', ['-Fc', '-Z', '3', '-f', dumpFile, postgres.url]);
        await run('tar', [
          '-C',
          path.join(scratch, 'pg'),
          '--use-compress-program=gzip -3',
          '-cf',
          mediaTar,
          'media',
        ]);
      });
      const baselineBytes = (await stat(dumpFile)).size + (await stat(mediaTar)).size;
      rows.push({
        what: 'PostgreSQL: pg_dump -Fc + tar (gzip -3)',
        seconds: baseline.seconds,
        mbPerSecond: mb(siteBytes) / baseline.seconds,
        note: `${mb(baselineBytes).toFixed(1)} MB written (ours ${mb(ours.value.bytes).toFixed(1)} MB)`,
      });

      const restoredSite = await siteOn(
        await openDatabase({ databaseUrl: target.url }),
        path.join(scratch, 'pg-restored'),
      );
      const restore = await timed(() => restoreArchive(restoredSite, pgFile));
      rows.push({
        what: 'PostgreSQL: bouwsteen restore',
        seconds: restore.seconds,
        mbPerSecond: mb(siteBytes) / restore.seconds,
        note: 'checksums first, then load',
      });
      const [count] = await queryRows<{ pages: number }>(
        restoredSite.database.db,
        sql`SELECT count(*)::int AS pages FROM pages`,
      );
      if (count?.pages !== PAGES) throw new Error(`restored ${count?.pages} pages, expected ${PAGES}`);
      await restoredSite.database.close();
      await source.database.close();

      const extractTo = path.join(scratch, 'tar-restored');
      await mkdir(extractTo, { recursive: true });
      const baselineRestore = await timed(async () => {
        await run('pg_restore', ['-d', baselineTarget.url, dumpFile]);
        await run('tar', ['-C', extractTo, '--use-compress-program=gzip -d', '-xf', mediaTar]);
      });
      rows.push({
        what: 'PostgreSQL: pg_restore + tar -x',
        seconds: baselineRestore.seconds,
        mbPerSecond: mb(siteBytes) / baselineRestore.seconds,
        note: 'no checksums',
      });
    } else {
      await pglite.database.close();
      console.log('  PostgreSQL: not reachable; the pg_dump comparison is left out.');
    }
  } finally {
    await postgres?.drop();
    await target?.drop();
    await baselineTarget?.drop();
    await rm(scratch, { recursive: true, force: true });
  }
  console.log('\n| what | seconds | MB/s of the site | note |\n|---|---:|---:|---|');
  for (const row of rows) {
    console.log(`| ${row.what} | ${row.seconds.toFixed(2)} | ${row.mbPerSecond.toFixed(1)} | ${row.note} |`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBackupBench();
}
