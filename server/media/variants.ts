import { readFile, stat } from 'node:fs/promises';
import { LruCache } from '../domains/cache.ts';
import type { MediaStorage } from './storage.ts';
import { renderVariant, Semaphore, type VariantParams, variantName } from './transform.ts';

/**
 * A variant on local disk; `bytes` is set when it is at hand (just computed, or small enough to be
 * kept in memory), so the answer needs no file read.
 */
export type VariantFile = { path: string; size: number; bytes?: Buffer };

/** Variants up to this size are also kept in memory (most srcset widths and all placeholders are). */
const MEMORY_ITEM_BYTES = 512 * 1024;
/** The memory budget of those copies; the disk cache holds everything regardless. */
const MEMORY_BUDGET_BYTES = 48 * 1024 * 1024;

/** Least recently used buffers within a byte budget. */
class BufferCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;

  get(key: string): Buffer | undefined {
    const value = this.#entries.get(key);
    if (value) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > MEMORY_ITEM_BYTES || this.#entries.has(key)) return;
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [oldest, buffer] of this.#entries) {
      if (this.#bytes <= MEMORY_BUDGET_BYTES) break;
      this.#entries.delete(oldest);
      this.#bytes -= buffer.length;
    }
  }
}

/**
 * Variants of originals, computed once and kept on disk under the original's content hash and the
 * normalised parameters. A key is immutable (new content is a new hash), so a variant known to exist
 * is remembered in memory and served without touching the file system before the read.
 */
export class VariantCache {
  readonly #storage: MediaStorage;
  readonly #semaphore: Semaphore;
  /** Single flight: concurrent requests for the same new variant wait for one computation. */
  readonly #pending = new Map<string, Promise<VariantFile>>();
  readonly #known = new LruCache<VariantFile>(20_000);
  readonly #memory = new BufferCache();

  constructor(storage: MediaStorage, concurrency: number) {
    this.#storage = storage;
    this.#semaphore = new Semaphore(concurrency);
  }

  /** The variant of original `hash`; computed from `input` (default: the stored original) when missing. */
  async get(hash: string, params: VariantParams, input?: string): Promise<VariantFile> {
    const name = variantName(params);
    const file = this.#storage.variantPath(hash, name);
    const known = this.#known.get(file);
    if (known) {
      const bytes = known.size <= MEMORY_ITEM_BYTES ? this.#memory.get(file) : undefined;
      return bytes ? { ...known, bytes } : known;
    }
    const pending = this.#pending.get(file);
    if (pending) return pending;
    const computation = this.#compute(hash, name, file, params, input);
    this.#pending.set(file, computation);
    try {
      const variant = await computation;
      this.#known.set(file, { path: variant.path, size: variant.size });
      if (variant.bytes) this.#memory.set(file, variant.bytes);
      return variant;
    } finally {
      this.#pending.delete(file);
    }
  }

  async #compute(
    hash: string,
    name: string,
    file: string,
    params: VariantParams,
    input: string | undefined,
  ): Promise<VariantFile> {
    const existing = await stat(file).catch(() => null);
    if (existing?.isFile()) {
      // Computed earlier (by this process before a restart, or another): read small ones into memory.
      const bytes = existing.size <= MEMORY_ITEM_BYTES ? await readFile(file) : undefined;
      return { path: file, size: existing.size, ...(bytes ? { bytes } : {}) };
    }
    return this.#semaphore.run(async () => {
      const bytes = await renderVariant(input ?? (await this.#storage.localPath(hash)), params);
      const written = await this.#storage.putVariant(hash, name, bytes);
      return { path: written, size: bytes.length, bytes };
    });
  }
}
