import { access, mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordProblem } from '../../common/auth.ts';
import { importArchive, restoreArchive, type Site, verifyArchive, writeArchive } from '../backup/archive.ts';
import { codeMigrationLevel, databaseMigrationLevel } from '../backup/database.ts';
import { fetchFromTarget, listBackups, parseBackupTarget, sendToTarget } from '../backup/targets.ts';
import type { Config } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { endAccess } from '../domains/accounts/access.ts';
import { updateUser } from '../domains/accounts/commands.ts';
import { generatePassword, hashPassword } from '../domains/accounts/passwords.ts';
import { findUserByEmail } from '../domains/accounts/queries.ts';
import { refreshSearchIndex } from '../domains/search/queries.ts';
import { runCommand } from '../domains/write.ts';
import { ANONYMOUS } from '../policies/index.ts';
import { type CliIo, CommandError, EXIT, progressReporter, UsageError } from './io.ts';

/**
 * The commands of `npx bouwsteen` (issue 28). Each runs against a `Site` (database and storage) that
 * the CLI opened itself, or inside the running server when the CLI reached it through the control
 * channel (server/cli/control.ts): the same code either way. Writes go through runCommand as the
 * system actor (no account; the audit event's data says `via: 'cli'`).
 */

export type CommandContext = {
  config: Config;
  io: CliIo;
  /** The directory the command was typed in: relative paths are relative to it. */
  cwd: string;
  site(): Promise<Site>;
  /** Where the command runs: in its own process, or in the running server. */
  where: 'local' | 'server';
};

type Parsed = { positionals: string[]; options: Record<string, string | true> };

export type CommandSpec = {
  name: string;
  summary: string;
  usage: string;
  /** Option name → whether it takes a value, and its help line. */
  options: Record<string, { value: boolean; help: string }>;
  positionals: { name: string; required: boolean }[];
  /** Needs the server stopped (it replaces the database under it). */
  needsStoppedServer?: boolean;
  run(context: CommandContext, args: Parsed): Promise<number>;
};

const SYSTEM = { actor: ANONYMOUS };
const CLI_DATA = { via: 'cli' };

const emailSchema = z.email();

function requireEmail(args: Parsed): string {
  const email = args.options.email;
  if (typeof email !== 'string' || email.trim() === '') throw new UsageError('--email is required');
  if (!emailSchema.safeParse(email.trim()).success) throw new UsageError(`not an e-mail address: ${email}`);
  return email.trim();
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem === 'tooShort') throw new UsageError('the password is too short (at least 12 characters)');
  if (problem === 'tooLong') throw new UsageError('the password is too long');
  if (problem === 'tooSimple')
    throw new UsageError('the password is too simple (a common password, or too few different characters)');
}

/** The password from --password, or from the environment variable BOUWSTEEN_PASSWORD, or generated. */
function chosenPassword(args: Parsed): { password: string; generated: boolean } {
  const given = args.options.password;
  if (given === true) throw new UsageError('--password needs a value');
  if (typeof given === 'string') {
    checkPassword(given);
    return { password: given, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

const displayName = (user: { firstName: string; middleName: string; lastName: string }) =>
  [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');

async function findUser(context: CommandContext, email: string) {
  const { database } = await context.site();
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new CommandError(`no account with the e-mail address ${email}`);
  return user;
}

const defaultArchiveName = (kind: 'backup' | 'export') =>
  `bouwsteen-${kind}-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

function resolveFile(context: CommandContext, file: string): string {
  return path.resolve(context.cwd, file);
}

/**
 * Runs `work` on a local copy of the archive FILE names: the file itself, or an s3:// object
 * fetched into a scratch file first (removed afterwards). `shown` is how messages name it.
 */
async function withArchive<T>(
  context: CommandContext,
  value: string,
  work: (file: string, shown: string) => Promise<T>,
): Promise<T> {
  const target = parseBackupTarget(value, context.cwd);
  if (target.kind === 'file') return work(target.file, target.file);
  const scratch = await target.scratch();
  try {
    context.io.out(`fetching ${target.url}\n`);
    await fetchFromTarget(context.config, target, scratch);
    return await work(scratch, target.url);
  } finally {
    await rm(scratch, { force: true });
  }
}

export const COMMAND_SPECS: CommandSpec[] = [
  {
    name: 'admin create',
    summary: 'create an admin account',
    usage: 'admin create --email ADDRESS [--password PASSWORD] [--name FIRST_NAME]',
    options: {
      email: { value: true, help: 'the e-mail address to sign in with' },
      password: {
        value: true,
        help: 'the password (at least 12 characters); without it one is generated and printed once',
      },
      name: { value: true, help: 'the first name shown in the admin area (default: Beheerder)' },
    },
    positionals: [],
    async run(context, args) {
      const email = requireEmail(args);
      const { password, generated } = chosenPassword(args);
      const name = typeof args.options.name === 'string' ? args.options.name.trim() : 'Beheerder';
      const { database } = await context.site();
      if (await findUserByEmail(database.db, email)) {
        throw new CommandError(
          `an account with the e-mail address ${email} exists already (make it an admin in the admin area, or use admin reset-password)`,
        );
      }
      const passwordHash = await hashPassword(password);
      await runCommand(
        { db: database.db, ...SYSTEM },
        { action: 'user.create', scope: 'private', target: (id: string) => id, data: CLI_DATA },
        async (tx) => {
          const [admin] = await tx
            .insert(users)
            .values({ email, passwordHash, firstName: name, isAdmin: true, termsOfUseVersionAccepted: 1 })
            .onConflictDoNothing()
            .returning({ id: users.id });
          if (!admin) throw new CommandError(`an account with the e-mail address ${email} exists already`);
          return admin.id;
        },
      );
      context.io.out(`Admin account created for ${email}\n`);
      if (generated) context.io.out(`  password: ${password}\n  Keep it safe: it will not be shown again.\n`);
      return EXIT.ok;
    },
  },
  {
    name: 'admin reset-password',
    summary: 'set a new password for an account and end its sessions',
    usage: 'admin reset-password --email ADDRESS [--password PASSWORD]',
    options: {
      email: { value: true, help: 'the account' },
      password: { value: true, help: 'the new password; without it one is generated and printed once' },
    },
    positionals: [],
    async run(context, args) {
      const email = requireEmail(args);
      const { password, generated } = chosenPassword(args);
      const user = await findUser(context, email);
      const { database } = await context.site();
      const passwordHash = await hashPassword(password);
      await runCommand(
        { db: database.db, ...SYSTEM },
        { action: 'user.resetPassword', scope: 'private', target: user.id, data: CLI_DATA },
        async (tx) => {
          await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
          await endAccess(tx, user.id, { keepTokens: true });
        },
      );
      context.io.out(`New password set for ${user.email}; its sessions have ended.\n`);
      if (generated) context.io.out(`  password: ${password}\n  Keep it safe: it will not be shown again.\n`);
      return EXIT.ok;
    },
  },
  {
    name: 'admin list',
    summary: 'list the admin accounts',
    usage: 'admin list',
    options: {},
    positionals: [],
    async run(context) {
      const { database } = await context.site();
      const admins = await database.db
        .select()
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(users.email);
      if (admins.length === 0) {
        context.io.out('No admin accounts. Make one with: npx bouwsteen admin create --email ADDRESS\n');
        return EXIT.ok;
      }
      for (const admin of admins) {
        const state = admin.isActive ? 'active' : 'disabled';
        const last = admin.lastSignInAt
          ? `last signed in ${admin.lastSignInAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
          : 'never signed in';
        context.io.out(`${admin.email}\t${displayName(admin) || '-'}\t${state}\t${last}\n`);
      }
      return EXIT.ok;
    },
  },
  ...(['disable', 'enable'] as const).map(
    (verb): CommandSpec => ({
      name: `user ${verb}`,
      summary:
        verb === 'disable'
          ? 'disable an account: it can no longer sign in, its sessions and tokens end'
          : 'enable a disabled account again',
      usage: `user ${verb} --email ADDRESS`,
      options: { email: { value: true, help: 'the account' } },
      positionals: [],
      async run(context, args) {
        const email = requireEmail(args);
        const user = await findUser(context, email);
        const isActive = verb === 'enable';
        if (user.isActive === isActive) {
          context.io.out(`${user.email} is ${isActive ? 'enabled' : 'disabled'} already.\n`);
          return EXIT.ok;
        }
        const { database } = await context.site();
        if (!isActive && user.isAdmin) {
          const [others] = await queryRows<{ count: number }>(
            database.db,
            sql`SELECT count(*)::int AS count FROM users WHERE is_admin AND is_active AND id <> ${user.id}`,
          );
          if (Number(others?.count ?? 0) === 0) {
            throw new CommandError(
              `${user.email} is the only active admin: create or enable another admin first`,
            );
          }
        }
        // Audited as `user.update` by the system (no account); disabling ends its sessions and tokens.
        await updateUser({ db: database.db, ...SYSTEM }, user, { isActive });
        context.io.out(`${user.email} is ${isActive ? 'enabled' : 'disabled'}.\n`);
        return EXIT.ok;
      },
    }),
  ),
  {
    name: 'backup',
    summary: 'write a backup of the database, media and form files to one archive',
    usage: 'backup [--to FILE | --to s3://BUCKET/KEY]',
    options: {
      to: {
        value: true,
        help: 'where to write it: a file (default: bouwsteen-backup-<time>.tar.gz here), or s3://bucket/key with the MEDIA_S3_* endpoint and keys',
      },
    },
    positionals: [],
    async run(context, args) {
      const target = parseBackupTarget(
        optionalValue(args, 'to') ?? defaultArchiveName('backup'),
        context.cwd,
      );
      const reporter = progressReporter(context.io, 'backup');
      const file = target.kind === 'file' ? target.file : await target.scratch();
      try {
        const result = await writeArchive(await context.site(), file, { kind: 'backup', reporter });
        reporter.done();
        if (target.kind === 's3') {
          await sendToTarget(context.config, target, file);
          reporter.step(`uploaded to ${target.url}`);
        }
        const { counts } = result.manifest;
        context.io.out(
          `Backup complete: ${counts.tables} tables (${counts.rows} rows), ${counts.media} media originals, ${counts.formFiles} form files → ${target.kind === 'file' ? target.file : target.url}\n`,
        );
      } finally {
        if (target.kind === 's3') await rm(file, { force: true });
      }
      return EXIT.ok;
    },
  },
  {
    name: 'restore',
    summary: 'restore a backup into an empty database and storage (or replace the site with --force)',
    usage: 'restore FILE|s3://BUCKET/KEY [--force]',
    options: {
      force: { value: false, help: 'replace the site that is there (its database is emptied first)' },
    },
    positionals: [{ name: 'FILE', required: true }],
    needsStoppedServer: true,
    async run(context, args) {
      const reporter = progressReporter(context.io, 'restore');
      const result = await withArchive(context, args.positionals[0] as string, async (file, shown) =>
        restoreArchive(await context.site(), file, { force: args.options.force === true, reporter, shown }),
      );
      reporter.done();
      const made = result.manifest;
      context.io.out(
        `Restored the backup of ${made.createdAt} (version ${made.app.version}, ${made.database.kind}): ${result.tables} tables (${result.rows} rows), ${result.media} media originals, ${result.formFiles} form files${result.migratedTo.count > result.migratedFrom.count ? `; migrated forward to ${result.migratedTo.tag}` : ''}.\n`,
      );
      return EXIT.ok;
    },
  },
  {
    name: 'verify',
    summary: "check an archive's checksums without restoring it",
    usage: 'verify FILE|s3://BUCKET/KEY',
    options: {},
    positionals: [{ name: 'FILE', required: true }],
    async run(context, args) {
      const reporter = progressReporter(context.io, 'verify');
      const { manifest, shown } = await withArchive(
        context,
        args.positionals[0] as string,
        async (file, shown) => ({
          manifest: await verifyArchive(file, reporter, shown),
          shown,
        }),
      );
      reporter.done();
      const { counts } = manifest;
      context.io.out(
        `${shown}: a ${manifest.kind} of ${manifest.createdAt} (version ${manifest.app.version}, migration ${manifest.database.migration.tag ?? manifest.database.migration.count}), ${counts.tables} tables (${counts.rows} rows), ${counts.media} media originals, ${counts.formFiles} form files: every checksum matches.\n`,
      );
      return EXIT.ok;
    },
  },
  {
    name: 'export',
    summary:
      'write the content (pages, blocks, menus, items, forms, media, settings) to an archive; no accounts, sessions, submissions or secrets',
    usage: 'export [--to FILE]',
    options: {
      to: { value: true, help: 'the file to write (default: bouwsteen-export-<time>.tar.gz here)' },
    },
    positionals: [],
    async run(context, args) {
      const file = resolveFile(context, optionalValue(args, 'to') ?? defaultArchiveName('export'));
      const reporter = progressReporter(context.io, 'export');
      const result = await writeArchive(await context.site(), file, { kind: 'export', reporter });
      reporter.done();
      context.io.out(
        `Export complete: ${result.manifest.counts.tables} tables (${result.manifest.counts.rows} rows), ${result.manifest.counts.media} media originals → ${file}\n`,
      );
      return EXIT.ok;
    },
  },
  {
    name: 'import',
    summary: 'load an export into this site, replacing its content (accounts stay)',
    usage: 'import FILE [--force]',
    options: {
      force: {
        value: false,
        help: "replace the content of a site that has pages (their forms' submissions go too)",
      },
    },
    positionals: [{ name: 'FILE', required: true }],
    async run(context, args) {
      const file = resolveFile(context, args.positionals[0] as string);
      const reporter = progressReporter(context.io, 'import');
      const result = await importArchive(await context.site(), file, {
        force: args.options.force === true,
        reporter,
        actor: ANONYMOUS,
      });
      reporter.done();
      context.io.out(
        `Imported ${result.tables} tables (${result.rows} rows) and ${result.media} media originals.\n`,
      );
      return EXIT.ok;
    },
  },
  {
    name: 'migrate status',
    summary: 'show which database migrations are applied and which are waiting',
    usage: 'migrate status',
    options: {},
    positionals: [],
    async run(context) {
      const { database } = await context.site();
      const applied = await databaseMigrationLevel(database.db);
      const code = codeMigrationLevel();
      context.io.out(
        `database: ${applied.count} of ${code.count} migrations applied (newest: ${applied.tag ?? 'none'})\n`,
      );
      const waiting = pendingMigrations(applied.lastMillis);
      if (waiting.length === 0) context.io.out('up to date\n');
      else context.io.out(`waiting: ${waiting.join(', ')}\nRun: npx bouwsteen migrate up\n`);
      return EXIT.ok;
    },
  },
  {
    name: 'migrate up',
    summary: 'apply the waiting migrations (the server does this at start too)',
    usage: 'migrate up',
    options: {},
    positionals: [],
    async run(context) {
      const { database } = await context.site();
      const before = await databaseMigrationLevel(database.db);
      await database.withStartupLock(() => database.migrate());
      const after = await databaseMigrationLevel(database.db);
      context.io.out(
        after.count > before.count
          ? `applied ${after.count - before.count} migrations: now at ${after.tag}\n`
          : `nothing to apply: at ${after.tag}\n`,
      );
      return EXIT.ok;
    },
  },
  {
    name: 'reindex',
    summary: 'rebuild the search index of every page and item',
    usage: 'reindex',
    options: {},
    positionals: [],
    async run(context) {
      const { database } = await context.site();
      const started = performance.now();
      await database.db.execute(sql`INSERT INTO search_dirty (kind, ref_id)
        SELECT 'page', id FROM pages UNION ALL SELECT 'item', id FROM list_items
        ON CONFLICT (kind, ref_id) DO UPDATE SET seq = nextval(pg_get_serial_sequence('search_dirty', 'seq'))`);
      const rebuilt = await refreshSearchIndex(database.db);
      context.io.out(
        `search index rebuilt: ${rebuilt} pages and items in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
      return EXIT.ok;
    },
  },
  {
    name: 'doctor',
    summary: 'check the settings, the database, the storage, mail and free disk space',
    usage: 'doctor',
    options: {},
    positionals: [],
    async run(context) {
      const problems = await runDoctor(context);
      context.io.out(
        problems === 0
          ? 'Everything looks fine.\n'
          : `${problems} problem${problems === 1 ? '' : 's'} found.\n`,
      );
      return problems === 0 ? EXIT.ok : EXIT.failed;
    },
  },
  {
    name: 'backups',
    summary: 'list the scheduled backups kept in the storage',
    usage: 'backups',
    options: {},
    positionals: [],
    async run(context) {
      const found = await listBackups(context.config);
      if (found.length === 0) context.io.out('No scheduled backups kept yet.\n');
      for (const backup of found)
        context.io.out(`${backup.name}\t${backup.at.toISOString()}\t${backup.where}\n`);
      return EXIT.ok;
    },
  },
];

function optionalValue(args: Parsed, name: string): string | undefined {
  const value = args.options[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

function pendingMigrations(lastMillis: number): string[] {
  const { readFileSync } = process.getBuiltinModule('node:fs') as typeof import('node:fs');
  const journalFile = new URL('../db/migrations/meta/_journal.json', import.meta.url);
  const entries = (
    JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number; tag: string }[] }
  ).entries;
  return entries.filter((entry) => entry.when > lastMillis).map((entry) => entry.tag);
}

async function runDoctor(context: CommandContext): Promise<number> {
  const { config, io } = context;
  let problems = 0;
  const ok = (line: string) => io.out(`ok       ${line}\n`);
  const problem = (line: string) => {
    problems += 1;
    io.out(`PROBLEM  ${line}\n`);
  };
  const note = (line: string) => io.out(`note     ${line}\n`);

  ok(`settings: valid (${config.env}, data in ${config.dataDir})`);
  if (config.env === 'production' && !config.publicUrl) {
    note('PUBLIC_URL is not set: canonical links use the host each request names');
  }

  // The database.
  let site: Site | null = null;
  try {
    site = await context.site();
    const started = performance.now();
    await site.database.db.execute(sql`SELECT 1`);
    const applied = await databaseMigrationLevel(site.database.db);
    const code = codeMigrationLevel();
    const kind =
      site.database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
    const answered = `answers in ${Math.round(performance.now() - started)} ms`;
    if (applied.lastMillis > code.lastMillis) {
      problem(
        `database: ${kind} is at a newer migration (${applied.tag ?? applied.count}) than this code knows: run the newer version`,
      );
    } else if (applied.count < code.count) {
      problem(
        `database: ${kind} ${answered}, but ${code.count - applied.count} migrations are waiting: run npx bouwsteen migrate up (or start the server)`,
      );
    } else {
      ok(`database: ${kind} ${answered}, all ${code.count} migrations applied`);
    }
    const [admins] = await queryRows<{ count: number }>(
      site.database.db,
      sql`SELECT count(*)::int AS count FROM users WHERE is_admin AND is_active`,
    );
    if (Number(admins?.count ?? 0) === 0)
      problem('accounts: no active admin: npx bouwsteen admin create --email ADDRESS');
    else ok(`accounts: ${admins?.count} active admin${admins?.count === 1 ? '' : 's'}`);
  } catch (error) {
    problem(`database: cannot be opened or read: ${(error as Error).message}`);
  }

  // The storage of originals and form files.
  if (site) {
    for (const [label, storage] of [
      ['media storage', site.media],
      ['form-file storage', site.formFiles],
    ] as const) {
      const where = config.mediaStorage === 's3' ? `bucket ${config.mediaS3?.bucket}` : 'local disk';
      try {
        const probe = Buffer.from(`bouwsteen doctor ${process.pid} ${Date.now()} ${Math.random()}`);
        const { createHash } = await import('node:crypto');
        const hash = createHash('sha256').update(probe).digest('hex');
        const scratch = await storage.tempPath();
        await writeFile(scratch, probe);
        await storage.put(hash, scratch);
        if (!(await storage.has(hash))) throw new Error('a file written could not be found again');
        await storage.remove(hash);
        ok(`${label}: ${where}, writable`);
      } catch (error) {
        problem(`${label}: ${where} cannot be written: ${(error as Error).message}`);
      }
    }
  }

  // Mail.
  if (config.smtpUrl) {
    try {
      const nodemailer = await import('nodemailer');
      const url = new URL(config.smtpUrl);
      url.searchParams.set('connectionTimeout', '5000');
      url.searchParams.set('greetingTimeout', '5000');
      const transport = nodemailer.createTransport(url.toString());
      await transport.verify();
      transport.close();
      ok(`mail: the SMTP server of SMTP_URL (${new URL(config.smtpUrl).host}) accepts a connection`);
    } catch (error) {
      problem(`mail: the SMTP server of SMTP_URL does not answer as it should: ${(error as Error).message}`);
    }
  } else {
    const outbox = path.join(config.dataDir, 'outbox');
    try {
      await mkdir(outbox, { recursive: true });
      await access(outbox, (await import('node:fs')).constants.W_OK);
      (config.env === 'production' ? problem : note)(
        `mail: no SMTP_URL, so mail is written to ${outbox} and nobody receives it`,
      );
    } catch (error) {
      problem(`mail: no SMTP_URL and the outbox ${outbox} is not writable: ${(error as Error).message}`);
    }
  }

  // Free disk where the data lives.
  try {
    await mkdir(config.dataDir, { recursive: true });
    const disk = await statfs(config.dataDir);
    const free = disk.bavail * disk.bsize;
    const share = disk.blocks > 0 ? disk.bavail / disk.blocks : 1;
    const text = `${(free / 1024 / 1024 / 1024).toFixed(1)} GB free (${Math.round(share * 100)}%) on the disk of ${config.dataDir}`;
    if (free < 1024 * 1024 * 1024 || share < 0.05)
      problem(`disk: only ${text}: uploads, variants and backups need room`);
    else ok(`disk: ${text}`);
  } catch (error) {
    problem(`disk: cannot read the free space of ${config.dataDir}: ${(error as Error).message}`);
  }

  // The built site.
  try {
    await access(path.join(config.buildDir, 'server', 'index.js'));
    ok(`build: the site is built in ${config.buildDir}`);
  } catch {
    (config.env === 'production' ? problem : note)(
      `build: no built site in ${config.buildDir}: run npm run build`,
    );
  }
  return problems;
}
