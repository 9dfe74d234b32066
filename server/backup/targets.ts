import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import type { Config, S3Settings } from '../config.ts';
import { parseListing } from '../media/s3-storage.ts';

/**
 * Where backups go: a file, or an object in an S3-compatible bucket (the endpoint and keys of the
 * MEDIA_S3_* settings). Scheduled backups go to the storage in use: DATA_DIR/backups, or
 * `<MEDIA_S3_PREFIX>backups/` in the media bucket.
 */

export type BackupTarget =
  | { kind: 'file'; file: string }
  | { kind: 's3'; url: string; bucket: string; key: string; scratch(): Promise<string> };

export class TargetError extends Error {}
/** An address that is no s3://bucket/key: bad input (the CLI's exit code 2). */
export class TargetAddressError extends TargetError {}

const scratchFile = async () => {
  const directory = path.join(tmpdir(), 'bouwsteen-backup');
  await mkdir(directory, { recursive: true, mode: 0o700 });
  return path.join(directory, `${randomUUID()}.tar.gz`);
};

export function parseBackupTarget(value: string, cwd: string): BackupTarget {
  if (value.startsWith('s3://')) {
    const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/([\w./-]+)$/.exec(value);
    if (!match || match[2]?.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new TargetAddressError(`not an S3 address: ${value} (write s3://bucket/path/name.tar.gz)`);
    }
    return {
      kind: 's3',
      url: value,
      bucket: match[1] as string,
      key: match[2] as string,
      scratch: scratchFile,
    };
  }
  return { kind: 'file', file: path.resolve(cwd, value) };
}

function clientFor(config: Config): { client: AwsClient; settings: S3Settings } {
  const settings = config.mediaS3;
  if (!settings) {
    throw new TargetError(
      'an s3:// target needs the bucket settings of the media storage (MEDIA_STORAGE=s3 and MEDIA_S3_ENDPOINT, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY)',
    );
  }
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
  });
  return { client, settings };
}

function bucketUrl(settings: S3Settings, bucket: string): string {
  if (settings.forcePathStyle) return `${settings.endpoint}/${encodeURIComponent(bucket)}`;
  const url = new URL(settings.endpoint);
  url.hostname = `${bucket}.${url.hostname}`;
  return url.toString().replace(/\/$/, '');
}

const objectUrl = (settings: S3Settings, bucket: string, key: string) =>
  `${bucketUrl(settings, bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  throw new TargetError(`${what}: the object store answered ${response.status}${code ? ` ${code}` : ''}`);
}

/** Uploads a finished archive to an s3:// target (streamed, with its length). */
export async function sendToTarget(
  config: Config,
  target: Extract<BackupTarget, { kind: 's3' }>,
  file: string,
): Promise<void> {
  const { client, settings } = clientFor(config);
  const size = (await stat(file)).size;
  const request = await client.sign(objectUrl(settings, target.bucket, target.key), {
    method: 'PUT',
    headers: { 'content-length': String(size), 'content-type': 'application/gzip' },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  const response = await fetch(request).catch((error: Error) => {
    throw new TargetError(
      `${target.url}: the object store at ${settings.endpoint} cannot be reached (${error.cause instanceof Error ? error.cause.message : error.message})`,
    );
  });
  await expectOk(response, `uploading ${target.url}`);
}

/**
 * Downloads an archive from an s3:// address into `file` (streamed), for verify and restore; a
 * missing object or a refused request is a TargetError that names the address.
 */
export async function fetchFromTarget(
  config: Config,
  target: Extract<BackupTarget, { kind: 's3' }>,
  file: string,
): Promise<void> {
  const { client, settings } = clientFor(config);
  let response: Response;
  try {
    response = await fetch(
      await client.sign(objectUrl(settings, target.bucket, target.key), { method: 'GET' }),
    );
  } catch (error) {
    const cause = (error as Error).cause;
    throw new TargetError(
      `${target.url}: the object store at ${settings.endpoint} cannot be reached (${cause instanceof Error ? cause.message : (error as Error).message})`,
    );
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new TargetError(`no such backup: ${target.url} (the bucket has no object with that key)`);
  }
  await expectOk(response, `reading ${target.url}`);
  if (!response.body) throw new TargetError(`reading ${target.url}: the object store sent no body`);
  await pipeline(
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
    createWriteStream(file, { mode: 0o600 }),
  );
}

export type KeptBackup = { name: string; at: Date; where: string };

const SCHEDULED = /^bouwsteen-scheduled-\d{8}-\d{6}\.tar\.gz$/;

/** The name of a scheduled backup made at `now` (sortable by time). */
export const scheduledName = (now: Date) =>
  `bouwsteen-scheduled-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

const backupsDir = (config: Config) => path.join(config.dataDir, 'backups');
const backupsPrefix = (config: Config) => `${config.mediaS3?.prefix ?? ''}backups/`;

/** The scheduled backups kept in the storage in use, oldest first. */
export async function listBackups(config: Config): Promise<KeptBackup[]> {
  if (config.mediaStorage === 's3') {
    const { client, settings } = clientFor(config);
    const found: KeptBackup[] = [];
    let token: string | undefined;
    do {
      const url = new URL(bucketUrl(settings, settings.bucket));
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', backupsPrefix(config));
      if (token) url.searchParams.set('continuation-token', token);
      const response = await fetch(await client.sign(url.toString(), { method: 'GET' }));
      await expectOk(response, 'listing the backups');
      const page = parseListing(await response.text());
      for (const object of page.objects) {
        const name = object.key.slice(backupsPrefix(config).length);
        if (SCHEDULED.test(name)) {
          found.push({ name, at: object.lastModified, where: `s3://${settings.bucket}/${object.key}` });
        }
      }
      token = page.nextToken;
    } while (token);
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }
  const directory = backupsDir(config);
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => SCHEDULED.test(name));
  const found: KeptBackup[] = [];
  for (const name of names.sort()) {
    const info = await stat(path.join(directory, name)).catch(() => null);
    if (info) found.push({ name, at: info.mtime, where: path.join(directory, name) });
  }
  return found;
}

/** Puts a finished scheduled backup into the storage in use; returns where it is. */
export async function keepBackup(config: Config, file: string, name: string): Promise<string> {
  if (config.mediaStorage === 's3') {
    const settings = clientFor(config).settings;
    const key = `${backupsPrefix(config)}${name}`;
    const url = `s3://${settings.bucket}/${key}`;
    await sendToTarget(config, { kind: 's3', url, bucket: settings.bucket, key, scratch: scratchFile }, file);
    await rm(file, { force: true });
    return url;
  }
  const directory = backupsDir(config);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const target = path.join(directory, name);
  await rename(file, target);
  return target;
}

/** A scratch file for an archive on its way to the storage (beside the backups on the local disk). */
export async function scheduledScratch(config: Config): Promise<string> {
  if (config.mediaStorage === 's3') return scratchFile();
  const directory = backupsDir(config);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  return path.join(directory, `.${randomUUID()}.partial.tar.gz`);
}

/** Deletes the oldest scheduled backups so that `keep` remain; returns their names. */
export async function pruneBackups(config: Config, keep: number): Promise<string[]> {
  const kept = await listBackups(config);
  const old = kept.slice(0, Math.max(0, kept.length - keep));
  for (const backup of old) {
    if (config.mediaStorage === 's3') {
      const { client, settings } = clientFor(config);
      const key = `${backupsPrefix(config)}${backup.name}`;
      const response = await fetch(
        await client.sign(objectUrl(settings, settings.bucket, key), { method: 'DELETE' }),
      );
      if (response.status !== 404) await expectOk(response, `deleting ${backup.where}`);
    } else {
      await rm(backup.where, { force: true });
    }
  }
  return old.map((backup) => backup.name);
}
