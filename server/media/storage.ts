import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { S3MediaStorage } from './s3-storage.ts';

const HASH = /^[0-9a-f]{64}$/;

/**
 * Where originals live, content-addressed by the SHA-256 of their bytes: an identical upload is
 * stored once, and a key never changes meaning (so a variant cached under it can never go stale).
 *
 * Variants and upload scratch files always live on the local disk of the node (they are a cache and
 * a work area); only originals go through the adapter: on that disk (FsMediaStorage) or in an
 * S3-compatible bucket shared by every node (S3MediaStorage, s3-storage.ts).
 */
export type MediaStorage = {
  /** Moves `sourceFile` (a finished temporary file) into place under `hash`; a known hash keeps the stored copy. */
  put(hash: string, sourceFile: string): Promise<{ stored: boolean }>;
  has(hash: string): Promise<boolean>;
  /** The original's bytes (a missing one makes the stream fail: ENOENT on disk, a 404 AppError from S3). */
  get(hash: string): Readable;
  /** A local file holding the original, for sharp (an object-store adapter downloads it first). */
  localPath(hash: string): Promise<string>;
  /** The local file of a cached variant of `hash` (`name` is the normalised parameters). */
  variantPath(hash: string, name: string): string;
  /** Writes a variant atomically (temporary file + rename), so a reader never sees half a file. */
  putVariant(hash: string, name: string, bytes: Buffer): Promise<string>;
  /** A fresh path for an upload in progress, on the same disk as the originals (rename stays atomic). */
  tempPath(): Promise<string>;
  /** Deletes an original and its variants (a missing one is no error). */
  remove(hash: string): Promise<void>;
  /** Every stored original's hash with when it was stored (for sweeping what nothing names any more). */
  list(): AsyncIterable<{ hash: string; storedAt: Date }>;
};

/** What the factories read; `mediaS3` is needed only for `s3`. */
type StorageConfig = Pick<Config, 'dataDir' | 'mediaStorage'> & Partial<Pick<Config, 'mediaS3'>>;

/**
 * Files sent with form submissions (issue 11): the same adapter in its own namespace
 * (DATA_DIR/form-files, or form-files/ in the bucket), which no public route serves; keys are
 * random, not content hashes, so deleting one submission's file never touches another's.
 */
export function createFormFileStorage(config: StorageConfig): MediaStorage {
  return createStorage(config, 'form-files');
}

export function createMediaStorage(config: StorageConfig): MediaStorage {
  return createStorage(config, 'media');
}

function createStorage(config: StorageConfig, namespace: 'media' | 'form-files'): MediaStorage {
  const local = new FsMediaStorage(path.join(config.dataDir, namespace));
  switch (config.mediaStorage) {
    case 'fs':
      return local;
    case 's3':
      if (!config.mediaS3) throw new Error('MEDIA_STORAGE=s3 needs the MEDIA_S3_* settings');
      return new S3MediaStorage({
        settings: config.mediaS3,
        namespace: `${namespace}/`,
        local,
        keepUploads: namespace === 'media',
      });
  }
}

function checkHash(hash: string): string {
  // The hash becomes part of a path: never let anything but 64 hex digits through.
  if (!HASH.test(hash)) throw new Error(`not a SHA-256 hex digest: ${hash}`);
  return hash;
}

/** DATA_DIR/media/{originals,variants,tmp}, fanned out by the hash's first two digits. */
export class FsMediaStorage implements MediaStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  originalPath(hash: string): string {
    checkHash(hash);
    return path.join(this.root, 'originals', hash.slice(0, 2), hash);
  }

  async put(hash: string, sourceFile: string): Promise<{ stored: boolean }> {
    const target = this.originalPath(hash);
    if (await this.has(hash)) {
      await rm(sourceFile, { force: true });
      // Stored again just now: the orphan sweep's grace period starts over (domains/media/sweep.ts).
      const now = new Date();
      await utimes(target, now, now).catch(() => undefined);
      return { stored: false };
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(sourceFile, target);
    return { stored: true };
  }

  async has(hash: string): Promise<boolean> {
    try {
      await access(this.originalPath(hash));
      return true;
    } catch {
      return false;
    }
  }

  get(hash: string): Readable {
    return createReadStream(this.originalPath(hash));
  }

  async localPath(hash: string): Promise<string> {
    const file = this.originalPath(hash);
    await stat(file);
    return file;
  }

  variantPath(hash: string, name: string): string {
    checkHash(hash);
    if (!/^[\w.-]+$/.test(name)) throw new Error(`not a variant name: ${name}`);
    return path.join(this.root, 'variants', hash.slice(0, 2), hash, name);
  }

  async putVariant(hash: string, name: string, bytes: Buffer): Promise<string> {
    const target = this.variantPath(hash, name);
    await mkdir(path.dirname(target), { recursive: true });
    const scratch = `${target}.${randomUUID()}.tmp`;
    await writeFile(scratch, bytes);
    await rename(scratch, target);
    return target;
  }

  async remove(hash: string): Promise<void> {
    await rm(this.originalPath(hash), { force: true });
    await rm(path.join(this.root, 'variants', hash.slice(0, 2), hash), { recursive: true, force: true });
  }

  async *list(): AsyncIterable<{ hash: string; storedAt: Date }> {
    const originals = path.join(this.root, 'originals');
    const fans = await readdir(originals).catch(() => [] as string[]);
    for (const fan of fans) {
      for (const name of await readdir(path.join(originals, fan)).catch(() => [] as string[])) {
        if (!HASH.test(name)) continue;
        const info = await stat(path.join(originals, fan, name)).catch(() => null);
        if (info) yield { hash: name, storedAt: info.mtime };
      }
    }
  }

  /** Every hash with cached variants on this disk, with when its folder last changed. */
  async *listVariantHashes(): AsyncIterable<{ hash: string; storedAt: Date }> {
    const variants = path.join(this.root, 'variants');
    for (const fan of await readdir(variants).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(variants, fan)).catch(() => [] as string[])) {
        if (!HASH.test(name)) continue;
        const info = await stat(path.join(variants, fan, name)).catch(() => null);
        if (info) yield { hash: name, storedAt: info.mtime };
      }
    }
  }

  /** Deletes a hash's cached variants (not its original). */
  async removeVariants(hash: string): Promise<void> {
    checkHash(hash);
    await rm(path.join(this.root, 'variants', hash.slice(0, 2), hash), { recursive: true, force: true });
  }

  /** Deletes the upload scratch files last written before `before` (uploads that never finished); their number. */
  async sweepScratch(before: Date): Promise<number> {
    const directory = path.join(this.root, 'tmp');
    let removed = 0;
    for (const name of await readdir(directory).catch(() => [] as string[])) {
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtime.getTime() >= before.getTime()) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  async tempPath(): Promise<string> {
    const directory = path.join(this.root, 'tmp');
    await mkdir(directory, { recursive: true });
    return path.join(directory, `${randomUUID()}.upload`);
  }
}
