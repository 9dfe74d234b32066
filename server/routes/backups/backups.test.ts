import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { verifyArchive } from '../../backup/archive.ts';
import { nightSlot, runScheduledBackup } from '../../backup/schedule.ts';
import { testConfig } from '../../config.ts';
import { FsMediaStorage } from '../../media/storage.ts';

describe('scheduled backups', () => {
  let test: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-scheduled-'));
    test = await createTestApp({ config: { dataDir } });
    await buildUser(test.database.db, { email: 'beheer@example.org', isAdmin: true });
    await buildUser(test.database.db, { email: 'lid@example.org' });
  }, 120_000);
  afterAll(async () => {
    await test.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const job = (now: Date) =>
    runScheduledBackup(
      {
        db: test.database.db,
        config: testConfig({ dataDir }),
        site: {
          database: test.database,
          media: new FsMediaStorage(path.join(dataDir, 'media')),
          formFiles: new FsMediaStorage(path.join(dataDir, 'form-files')),
        },
      },
      now,
    );

  it('names the night from 02:00 in Amsterdam', () => {
    expect(nightSlot(new Date('2026-03-10T00:30:00Z'))).toBeNull(); // 01:30 CET
    expect(nightSlot(new Date('2026-03-10T01:00:00Z'))).toBe('2026-03-10'); // 02:00 CET
    expect(nightSlot(new Date('2026-07-10T23:30:00Z'))).toBeNull(); // 01:30 CEST
    expect(nightSlot(new Date('2026-07-11T00:30:00Z'))).toBe('2026-07-11'); // 02:30 CEST
  });

  it('makes one backup a night when the setting asks, keeps the newest, and shows the runs to admins', {
    timeout: 120_000,
  }, async () => {
    const admin = await signInAs(test.app, 'beheer@example.org');
    const before = await admin.request({ method: 'GET', url: '/api/backups/status' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ schedule: 'off', keep: 7, storage: 'fs', runs: [] });
    expect(await job(new Date('2026-03-10T03:00:00Z'))).toBeNull();

    const saved = await admin.request({
      method: 'PUT',
      url: '/api/platformsettingvalues',
      payload: [
        { key: 'backupSchedule', value: 'nightly' },
        { key: 'backupKeep', value: '1' },
      ],
    });
    expect(saved.statusCode).toBeLessThan(300);
    const first = await job(new Date('2026-03-10T03:00:00Z'));
    expect(first).toMatchObject({ ok: true, deleted: 0 });
    // Another node (or the next tick) the same night: already made.
    expect(await job(new Date('2026-03-10T03:10:00Z'))).toBeNull();
    const second = await job(new Date('2026-03-11T03:00:00Z'));
    expect(second).toMatchObject({ ok: true, deleted: 1 });
    const kept = (await readdir(path.join(dataDir, 'backups'))).filter((name) => name.endsWith('.tar.gz'));
    expect(kept).toEqual(['bouwsteen-scheduled-20260311-030000.tar.gz']);
    const manifest = await verifyArchive(path.join(dataDir, 'backups', kept[0] as string));
    expect(manifest.kind).toBe('backup');

    const status = await admin.request({ method: 'GET', url: '/api/backups/status' });
    const body = status.json() as {
      schedule: string;
      keep: number;
      runs: { slot: string; result: { ok: boolean } }[];
    };
    expect(body.schedule).toBe('nightly');
    expect(body.keep).toBe(1);
    expect(body.runs.map((run) => run.slot)).toEqual(['2026-03-11', '2026-03-10']);
    expect(body.runs[0]?.result.ok).toBe(true);

    const refused = await admin.request({
      method: 'PUT',
      url: '/api/platformsettingvalues',
      payload: [{ key: 'backupKeep', value: '0' }],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses visitors (401) and members (403)', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/backups/status' })).statusCode).toBe(401);
    const member = await signInAs(test.app, 'lid@example.org');
    expect((await member.request({ method: 'GET', url: '/api/backups/status' })).statusCode).toBe(403);
  });
});
