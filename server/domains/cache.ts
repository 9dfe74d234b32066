import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import type { Actor } from '../policies/index.ts';

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

/**
 * The part of an actor the policies read: its flags and roles ('' for a visitor). Views are shared
 * by every actor of one class (the policies never read who the actor is).
 */
export function viewerClassOf(actor: Actor): string {
  const user = actor.user;
  if (user === null) return '';
  const flags = [
    user.isAdmin,
    user.isContentManager,
    user.isMett,
    user.isDeveloper,
    user.isActive,
    user.emailVerified,
  ];
  return `${flags.map((flag) => (flag ? 1 : 0)).join('')}:${[...user.roleIds].sort().join(',')}`;
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
 * One value per key, for the version of what it was made from (a row's updated_at, the content
 * version…): a new version's value replaces the old one, so the memory it takes does not grow with
 * the number of changes, and an old version is never read again.
 */
export class LatestCache<V> {
  readonly #entries: LruCache<{ version: string; value: V }>;

  constructor(capacity: number) {
    this.#entries = new LruCache(capacity);
  }

  /** The value made for this version; undefined when there is none (or one for another version). */
  get(key: string, version: string): V | undefined {
    const entry = this.#entries.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  set(key: string, version: string, value: V): void {
    this.#entries.set(key, { version, value });
  }

  /** Forgets the key's value if it is still the one made for this version. */
  forget(key: string, version: string): void {
    if (this.#entries.get(key)?.version === version) this.#entries.delete(key);
  }
}

/**
 * What visitors see, cached per content version: an entry is only ever read under the version it
 * was computed for, so a change anywhere (any node, any write path) makes it unreachable at once.
 * One entry per key: a new version's value replaces the old one, so the memory it takes does not
 * grow with the number of changes.
 */
export class VersionedCache {
  readonly #entries = new LruCache<{ version: string; value: Promise<unknown> }>(5000);

  async get<T>(version: string, key: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.#entries.get(key);
    if (cached?.version === version) return cached.value as Promise<T>;
    const pending = compute();
    const slot = { version, value: pending };
    this.#entries.set(key, slot);
    // A failed computation is not kept: the next request tries again.
    pending.catch(() => {
      if (this.#entries.get(key) === slot) this.#entries.delete(key);
    });
    return pending;
  }

  get size() {
    return this.#entries.size;
  }
}

/** The promise's value, or `fallback` when it takes longer than `ms` (the promise runs on). */
export async function valueWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The content version as this node last read it, for the hot path of visitors' requests: read at
 * most once per `maxAgeMs` however many requests ask (one query in flight at a time), and read
 * afresh after this node took a write (`invalidate`, called before the write's response leaves),
 * so an editor's next read here sees the change at once and other nodes within `maxAgeMs`.
 */
export class ContentVersionClock {
  readonly #read: () => Promise<string>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #value: string | undefined;
  /** The last version read, kept across `invalidate` (the fallback of a bounded wait). */
  #last: string | undefined;
  #readAt = 0;
  #pending: Promise<string> | undefined;
  /** Bumped by `invalidate`: a read that started before it may not be kept. */
  #generation = 0;

  constructor(read: () => Promise<string>, options: { maxAgeMs: number; now?: () => number }) {
    this.#read = read;
    this.#maxAgeMs = options.maxAgeMs;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The version. `maxWaitMs`: when the database is slow to answer (a queue of work ahead of the
   * read), give the last version read instead after this long (visitors' cache lookups: a hit should
   * not wait seconds behind renders; on an idle database the read answers well within it).
   */
  current(options: { maxWaitMs?: number } = {}): Promise<string> {
    if (this.#value !== undefined && this.#now() - this.#readAt < this.#maxAgeMs) {
      return Promise.resolve(this.#value);
    }
    const pending = this.#pending ?? this.#startRead();
    const last = this.#last;
    if (options.maxWaitMs === undefined || last === undefined) return pending;
    return valueWithin(pending, options.maxWaitMs, last);
  }

  #startRead(): Promise<string> {
    const generation = this.#generation;
    const startedAt = this.#now();
    const pending = this.#read().then(
      (value) => {
        if (generation === this.#generation) {
          this.#value = value;
          this.#readAt = startedAt;
        }
        this.#last = value;
        if (this.#pending === pending) this.#pending = undefined;
        return value;
      },
      (error: unknown) => {
        if (this.#pending === pending) this.#pending = undefined;
        throw error;
      },
    );
    this.#pending = pending;
    return pending;
  }

  /** This node changed something: the next `current()` reads the database again. */
  invalidate(): void {
    this.#generation += 1;
    this.#value = undefined;
    this.#pending = undefined;
  }
}
