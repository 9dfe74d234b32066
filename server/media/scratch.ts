import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/**
 * The scratch space of uploads in progress (issue 34): the bytes that `POST /a/upload` and form
 * posts with files hold on this node's disk before they are stored or thrown away, counted
 * together against UPLOAD_SCRATCH_MAX_MB. Every byte is counted before it is written, so the cap
 * holds under any number of concurrent uploads: the write that would pass it fails with
 * `503 scratch_full` (and its scratch file is removed by its owner, as after any failed upload).
 */

/** A scratch file this old is left over from a process that stopped mid-upload (no upload takes an hour). */
export const STALE_SCRATCH_MS = 60 * 60 * 1000;

export class ScratchSpace {
  readonly capBytes: number;
  /** Where the scratch files are: DATA_DIR/media/tmp and DATA_DIR/form-files/tmp (see storage.ts). */
  readonly directories: string[];
  #used = 0;

  constructor(capBytes: number, directories: string[] = []) {
    this.capBytes = capBytes;
    this.directories = directories;
  }

  /**
   * Removes scratch files left by a process that stopped mid-upload (they are counted by no one):
   * those older than `olderThanMs`, so another node's upload in progress on a shared disk is left alone.
   */
  async sweep(olderThanMs = STALE_SCRATCH_MS, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const directory of this.directories) {
      const names = await readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith('.upload')) continue;
        const file = path.join(directory, name);
        const info = await stat(file).catch(() => null);
        if (!info || now - info.mtimeMs < olderThanMs) continue;
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Bytes held by uploads in progress now. */
  get usedBytes(): number {
    return this.#used;
  }

  /** The bytes of one upload (or one form post's files): counted as they are written, given back at once. */
  lease(): ScratchLease {
    return new ScratchLease(this);
  }

  /** @internal for ScratchLease */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.capBytes) return false;
    this.#used += bytes;
    return true;
  }

  /** @internal for ScratchLease */
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/**
 * The scratch bytes of one upload (or of one form post's files): reserved up front when the request
 * declares its length, else counted as they are written; given back all at once.
 */
export class ScratchLease {
  readonly #space: ScratchSpace;
  /** Bytes taken from the space for this upload. */
  #taken = 0;
  /** Bytes written to its scratch files so far. */
  #written = 0;

  constructor(space: ScratchSpace) {
    this.#space = space;
  }

  get bytes(): number {
    return this.#taken;
  }

  /** Takes `bytes` at once (a declared length), so the upload cannot be starved halfway; false when they do not fit. */
  reserve(bytes: number): boolean {
    if (!this.#space.take(bytes)) return false;
    this.#taken += bytes;
    return true;
  }

  /** A pass-through that counts each chunk against the cap (beyond what was reserved) before it is written. */
  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.#written += chunk.length;
        const beyond = this.#written - this.#taken;
        if (beyond > 0) {
          if (!this.#space.take(beyond)) {
            this.#written -= chunk.length;
            callback(scratchFull(this.#space));
            return;
          }
          this.#taken += beyond;
        }
        callback(null, chunk);
      },
    });
  }

  /** Gives the bytes back (the scratch files are gone, or were moved into storage). */
  release(): void {
    this.#space.give(this.#taken);
    this.#taken = 0;
    this.#written = 0;
  }
}

export function scratchFull(space: Pick<ScratchSpace, 'capBytes'>): AppError {
  return new AppError('scratch_full', `the upload scratch space is at its cap of ${space.capBytes} bytes`);
}

/** One space per data directory and cap: every app of this process on that disk shares it (one node). */
const spaces = new Map<string, ScratchSpace>();

export function scratchSpaceFor(config: Pick<Config, 'dataDir' | 'uploadScratchMaxBytes'>): ScratchSpace {
  const key = `${path.resolve(config.dataDir)}|${config.uploadScratchMaxBytes}`;
  let space = spaces.get(key);
  if (!space) {
    const dataDir = path.resolve(config.dataDir);
    space = new ScratchSpace(config.uploadScratchMaxBytes, [
      path.join(dataDir, 'media', 'tmp'),
      path.join(dataDir, 'form-files', 'tmp'),
    ]);
    spaces.set(key, space);
  }
  return space;
}
