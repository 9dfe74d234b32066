import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Site } from '../backup/archive.ts';
import { testConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { verifyPassword } from '../domains/accounts/passwords.ts';
import { FsMediaStorage } from '../media/storage.ts';
import { createPage } from '../seed/builders.ts';
import type { CommandContext } from './commands.ts';
import { controlSocketPath, startControlServer } from './control.ts';
import type { CliIo } from './io.ts';
import { runCli } from './main.ts';
import { runCommandLine } from './run.ts';

let workDir: string;
let site: Site;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-cli-test-'));
  site = {
    database: await createTestDatabase(),
    media: new FsMediaStorage(path.join(workDir, 'data', 'media')),
    formFiles: new FsMediaStorage(path.join(workDir, 'data', 'form-files')),
  };
});
afterAll(async () => {
  await site.database.close();
  await rm(workDir, { recursive: true, force: true });
});

function capture(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    isTty: false,
    stdout: () => out,
    stderr: () => err,
  };
}

/** Runs a command line against the test site, as the CLI does after opening it. */
async function run(...argv: string[]) {
  const io = capture();
  const context: CommandContext = {
    config: testConfig({ dataDir: path.join(workDir, 'data') }),
    io,
    cwd: workDir,
    site: async () => site,
    where: 'local',
  };
  const code = await runCommandLine(argv, context);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('the command line', () => {
  it('answers bad input with a message and exit code 2, never a stack trace', async () => {
    const cases: [string[], string][] = [
      [['frob'], 'unknown command: frob'],
      [['admin', 'frob'], 'unknown command: admin frob'],
      [['admin', 'create'], '--email is required'],
      [['admin', 'create', '--email', 'geen-adres'], 'not an e-mail address: geen-adres'],
      [['admin', 'create', '--email=a@example.org', '--password', 'kort'], 'the password is too short'],
      [
        ['admin', 'create', '--email', 'a@example.org', '--colour', 'blue'],
        'admin create has no option --colour',
      ],
      [['admin', 'create', '--email'], '--email needs a value'],
      [['restore'], 'restore needs FILE'],
      [['restore', 'a.tar.gz', 'b.tar.gz'], 'restore does not take b.tar.gz'],
      [['restore', 'a.tar.gz', '--force=yes'], '--force takes no value'],
      [['backup', '--to', 's3://'], 'not an S3 address: s3://'],
      [['backup', '--to', 's3://emmer/../site.tar.gz'], 'not an S3 address'],
      [['restore', 's3://Geen_Emmer/site.tar.gz'], 'not an S3 address: s3://Geen_Emmer/site.tar.gz'],
      [['verify', 's3://emmer'], 'not an S3 address: s3://emmer'],
      [['user', 'disable', '--email', 'a@example.org', '-x'], 'unknown option -x'],
    ];
    for (const [argv, message] of cases) {
      const result = await run(...argv);
      expect(result.err, argv.join(' ')).toContain(message);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).not.toMatch(/\n\s+at /);
      expect(result.out).toBe('');
    }
    const help = await run('restore', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npx bouwsteen restore FILE|s3://BUCKET/KEY [--force]');
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Commands:');
  });

  it('creates admins, resets a password, disables and enables accounts, audited as the system', async () => {
    const created = await run('admin', 'create', '--email', 'beheer@example.org', '--name', 'Bea');
    expect(created.code).toBe(0);
    const generated = /password: (\S+)/.exec(created.out)?.[1];
    expect(generated).toBeTruthy();
    const again = await run('admin', 'create', '--email', 'BEHEER@example.org');
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toContain('exists already');

    const reset = await run(
      'admin',
      'reset-password',
      '--email',
      'beheer@example.org',
      '--password',
      'een-lang-nieuw-wachtwoord',
    );
    expect(reset.code).toBe(0);
    expect(reset.out).not.toContain('password:');
    const [row] = await queryRows<{ hash: string }>(
      site.database.db,
      sql`SELECT password_hash AS hash FROM users WHERE email = 'beheer@example.org'`,
    );
    expect(await verifyPassword(row?.hash ?? '', 'een-lang-nieuw-wachtwoord')).toBe(true);

    expect(await run('admin', 'reset-password', '--email', 'niemand@example.org')).toMatchObject({ code: 1 });
    const lastAdmin = await run('user', 'disable', '--email', 'beheer@example.org');
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.err).toContain('only active admin');

    expect((await run('admin', 'create', '--email', 'tweede@example.org')).code).toBe(0);
    expect((await run('user', 'disable', '--email', 'beheer@example.org')).code).toBe(0);
    const list = await run('admin', 'list');
    expect(list.out).toMatch(/beheer@example.org\tBea\tdisabled/);
    expect(list.out).toMatch(/tweede@example.org\tBeheerder\tactive/);
    expect((await run('user', 'enable', '--email', 'beheer@example.org')).out).toContain('is enabled');

    const events = await queryRows<{ action: string; actor: string | null }>(
      site.database.db,
      sql`SELECT action, actor_id AS actor FROM audit_events WHERE entity_type = 'user' ORDER BY id`,
    );
    expect(events.map((event) => event.action)).toEqual([
      'user.create',
      'user.resetPassword',
      'user.create',
      'user.update',
      'user.update',
    ]);
    expect(events.every((event) => event.actor === null)).toBe(true);
  });

  it('reports migrations, rebuilds the search index and checks the installation', async () => {
    const status = await run('migrate', 'status');
    expect(status.out).toContain('up to date');
    expect((await run('migrate', 'up')).out).toContain('nothing to apply');
    const reindex = await run('reindex');
    expect(reindex.code).toBe(0);
    expect(reindex.out).toContain('search index rebuilt');
    const doctor = await run('doctor');
    expect(doctor.out).toMatch(/ok {7}database: /);
    expect(doctor.out).toMatch(/ok {7}media storage: local disk, writable/);
    expect(doctor.out).toMatch(/disk: /);
  });

  it('refuses unreadable and wrong archives, an s3:// address without bucket settings, and a restore over a site without --force, in one line each', async () => {
    await createPage(site.database.db, { name: 'blijft-staan', title: 'Blijft staan' });
    expect((await run('backup', '--to', 'cli-site.tar.gz')).code).toBe(0);
    expect((await run('export', '--to', 'cli-export.tar.gz')).code).toBe(0);
    await writeFile(path.join(workDir, 'empty.tar.gz'), '');
    await writeFile(path.join(workDir, 'notes.txt'), 'hello');
    const full = await readFile(path.join(workDir, 'cli-site.tar.gz'));
    await writeFile(path.join(workDir, 'cut.tar.gz'), full.subarray(0, Math.floor(full.length / 2)));
    const at = (name: string) => path.join(workDir, name);
    const cases: [string[], string][] = [
      [
        ['restore', 'cli-site.tar.gz'],
        'the database already holds a site; restoring replaces it: run again with --force',
      ],
      [
        ['restore', 'cli-export.tar.gz'],
        `${at('cli-export.tar.gz')} is an export (content only): use \`bouwsteen import\``,
      ],
      [['restore', 'missing.tar.gz'], `no such file: ${at('missing.tar.gz')}`],
      [['verify', '.'], `${workDir} is a directory, not an archive`],
      [['import', 'missing.tar.gz'], `no such file: ${at('missing.tar.gz')}`],
      [['verify', 'empty.tar.gz'], `${at('empty.tar.gz')} is empty: not a backup archive`],
      [['restore', 'notes.txt', '--force'], `${at('notes.txt')} is not a backup archive, or is damaged`],
      [['import', 'notes.txt'], `${at('notes.txt')} is not a backup archive, or is damaged`],
      [['verify', 'cut.tar.gz'], `${at('cut.tar.gz')}`],
      [
        ['restore', 's3://emmer/site.tar.gz'],
        'an s3:// target needs the bucket settings of the media storage',
      ],
      [
        ['backup', '--to', 'notes.txt/site.tar.gz'],
        `cannot write ${at('notes.txt/site.tar.gz')}: ${at('notes.txt')} is not a directory`,
      ],
      [
        ['export', '--to', 'nergens/site.tar.gz'],
        `cannot write ${at('nergens/site.tar.gz')}: ${at('nergens')} does not exist`,
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await run(...argv);
      expect(result.err, argv.join(' ')).toContain(`error: ${message}`);
      expect(result.err.trim().split('\n'), argv.join(' ')).toHaveLength(1);
      expect(result.code, argv.join(' ')).toBe(1);
    }
    // Nothing of it changed the site.
    const pages = await queryRows<{ name: string }>(site.database.db, sql`SELECT name FROM pages`);
    expect(pages.map((page) => page.name)).toContain('blijft-staan');
  });

  it('hands commands to the running server through its control socket, and refuses a restore there', async () => {
    const dataDir = path.join(workDir, 'served');
    const env = { DATA_DIR: dataDir, NODE_ENV: 'test' };
    const control = await startControlServer({
      config: testConfig({ dataDir }),
      site,
      log: { info: () => undefined, error: () => undefined },
    });
    try {
      expect((await stat(controlSocketPath(dataDir))).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(controlSocketPath(dataDir)))).mode & 0o777).toBe(0o700);
      const io = capture();
      expect(await runCli(['admin', 'list'], { env, io, cwd: workDir })).toBe(0);
      expect(io.stdout()).toContain('tweede@example.org');

      const backup = capture();
      expect(await runCli(['backup', '--to', 'site.tar.gz'], { env, io: backup, cwd: workDir })).toBe(0);
      expect(backup.stdout()).toContain('Backup complete');
      expect(backup.stdout()).toContain(path.join(workDir, 'site.tar.gz'));
      const verify = capture();
      expect(await runCli(['verify', 'site.tar.gz'], { env, io: verify, cwd: workDir })).toBe(0);
      expect(verify.stdout()).toContain('every checksum matches');

      const restore = capture();
      expect(await runCli(['restore', 'site.tar.gz'], { env, io: restore, cwd: workDir })).toBe(1);
      expect(restore.stderr()).toContain('the server is running');
      const missing = capture();
      expect(await runCli(['verify', 'missing.tar.gz'], { env, io: missing, cwd: workDir })).toBe(1);
      expect(missing.stderr()).toContain(`no such file: ${path.join(workDir, 'missing.tar.gz')}`);
    } finally {
      await control.close();
    }
  });

  // A new Node process loads the commands' modules: slow on a loaded machine.
  it('runs as the package bin', { timeout: 120_000 }, async () => {
    const bin = fileURLToPath(new URL('./bin.ts', import.meta.url));
    const result = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, 'user', 'enable'], {
        env: { PATH: process.env.PATH, DATA_DIR: path.join(workDir, 'bin') },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      child.on('close', (code) => resolve({ code, out, err }));
    });
    expect(result).toEqual({
      code: 2,
      out: '',
      err: 'error: --email is required\nusage: npx bouwsteen user enable --email ADDRESS\n',
    });
  });
});
