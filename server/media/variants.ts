import { readFile, stat } from 'node:fs/promises';
import { LruCache } from '../domains/cache.ts';
import { AdmissionGate, type AdmissionLimits, type Lane, TransformUnavailable } from './admission.ts';
import type { MediaStorage } from './storage.ts';
import {
  isTimeout,
  renderVariant,
  setTransformThreads,
  transformStats,
  type VariantParams,
  variantName,
} from './transform.ts';

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

export type VariantCacheOptions = AdmissionLimits & {
  /** sharp's time limit per transform, in seconds. */
  timeoutSeconds: number;
  /** libvips threads per transform. */
  threads: number;
};

/**
 * Who asks (admission.ts's transformClient), in which lane of the gate (`site` for a variant the
 * site's pages link to, plan.ts isSiteVariant; `other` by default) and, at upload, the file to use
 * instead of the stored original.
 */
export type VariantRequest = { client: string; lane?: Lane; input?: string };

/**
 * Variants of originals, computed once and kept on disk under the original's content hash and the
 * normalised parameters. A key is immutable (new content is a new hash), so a variant known to exist
 * is remembered in memory and served without touching the file system before the read.
 *
 * Only a computation goes through the admission gate. A variant in memory or on disk is answered
 * straight away however full the gate is, and a request for a variant being computed joins that
 * computation (single flight) without taking a place in the queue or counting against its client.
 */
export class VariantCache {
  readonly #storage: MediaStorage;
  readonly #gate: AdmissionGate;
  readonly #timeoutSeconds: number;
  /** Single flight: concurrent requests for the same new variant wait for one computation. */
  readonly #pending = new Map<string, Promise<VariantFile>>();
  readonly #known = new LruCache<VariantFile>(20_000);
  readonly #memory = new BufferCache();

  constructor(storage: MediaStorage, options: VariantCacheOptions) {
    this.#storage = storage;
    this.#gate = new AdmissionGate(options, transformStats);
    this.#timeoutSeconds = options.timeoutSeconds;
    setTransformThreads(options.threads);
  }

  /**
   * The variant of original `hash`; computed when missing, if the gate admits it (else
   * TransformUnavailable, a 503 with Retry-After).
   */
  async get(hash: string, params: VariantParams, request: VariantRequest): Promise<VariantFile> {
    const name = variantName(params);
    const file = this.#storage.variantPath(hash, name);
    const known = this.#known.get(file);
    if (known) {
      const bytes = known.size <= MEMORY_ITEM_BYTES ? this.#memory.get(file) : undefined;
      return bytes ? { ...known, bytes } : known;
    }
    const pending = this.#pending.get(file);
    if (pending) {
      transformStats.joined += 1;
      return pending;
    }
    const computation = this.#compute(hash, name, file, params, request);
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
    request: VariantRequest,
  ): Promise<VariantFile> {
    const existing = await stat(file).catch(() => null);
    if (existing?.isFile()) {
      // Computed earlier (by this process before a restart, or another): read small ones into memory.
      const bytes = existing.size <= MEMORY_ITEM_BYTES ? await readFile(file) : undefined;
      return { path: file, size: existing.size, ...(bytes ? { bytes } : {}) };
    }
    return this.#gate.run(
      request.client,
      async () => {
        const input = request.input ?? (await this.#storage.localPath(hash));
        const bytes = await renderVariant(input, params, { timeoutSeconds: this.#timeoutSeconds }).catch(
          (error: unknown) => {
            // Over the time limit is the machine's state as much as the request's: try again later.
            if (isTimeout(error)) throw new TransformUnavailable('time_limit', this.#gate.retryAfterSeconds);
            throw error;
          },
        );
        const written = await this.#storage.putVariant(hash, name, bytes);
        return { path: written, size: bytes.length, bytes };
      },
      request.lane ?? 'other',
    );
  }
}
