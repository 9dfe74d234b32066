import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';

/**
 * The public content's version: a counter the database bumps on every change to pages, blocks,
 * menus, header images and settings (migration 0002), whoever makes it and on whichever node.
 */
export async function contentVersion(db: Executor): Promise<string> {
  const rows = await queryRows<{ version: string }>(
    db,
    sql`SELECT version::text AS version FROM content_version WHERE id = 1`,
  );
  return rows[0]?.version ?? '0';
}

/** A small least-recently-used map. */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size() {
    return this.#entries.size;
  }
}

/**
 * What visitors see, cached per content version: an entry is only ever read under the version it
 * was computed for, so a change anywhere (any node, any write path) makes it unreachable at once.
 */
export class VersionedCache {
  readonly #entries = new LruCache<Promise<unknown>>(2000);

  async get<T>(version: string, key: string, compute: () => Promise<T>): Promise<T> {
    const cacheKey = `${version}\u0000${key}`;
    const cached = this.#entries.get(cacheKey) as Promise<T> | undefined;
    if (cached) return cached;
    const pending = compute();
    this.#entries.set(cacheKey, pending);
    // A failed computation is not kept: the next request tries again.
    pending.catch(() => this.#entries.delete(cacheKey));
    return pending;
  }
}
