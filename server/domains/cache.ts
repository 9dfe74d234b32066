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
 * What a cached answer was built from (issue 29, cache tags): `page:<id>` (a page's or template's
 * blocks, the page's own layout and options), `block:<id>` (one block), `items` (list items), the
 * search tags below; null when it was not tracked, so that any change makes it stale.
 * A change tagged `*` (menus, settings, a page's title, publication or visibility, media…) makes every
 * answer stale.
 */
export type Dependencies = ReadonlySet<string> | null;

/** The tag of a change that every answer depends on. */
export const EVERY_ANSWER = '*';

/**
 * Search answers (issue 29): each depends on `search` (a change search cannot follow word by word,
 * migration 0025), on `items`, on `page:<id>` of the pages among its matches, and on `term:<stem>`
 * of each stem its query looks for. A block's change names the words it added or took away
 * (`word:<lexeme>`); a query stem matches a word it is a prefix of, so the log reads each word as
 * the `term:` tags of all its prefixes.
 */
export const SEARCH_ANSWERS = 'search';
export const termTag = (stem: string) => `term:${stem}`;

/**
 * Who may see an image or document (its owners: the pages and items that use it, `GET /a/{guid}`)
 * depends on `media-uses` (a block or page that names other assets, a block removed or moved,
 * migration 0026) and on `items`; a change of the media rows themselves, header images or settings
 * is `*`.
 */
export const MEDIA_OWNERS: ReadonlySet<string> = new Set(['media-uses', 'items']);
/** A media row changes only with `*` (its table has no finer tags). */
export const MEDIA_ROWS: ReadonlySet<string> = new Set(['media']);
const WORD_PREFIX = 'word:';
/** Longer words are not spelled out prefix by prefix: their change counts as `search`. */
const LONGEST_WORD = 100;

/** The tags a version changed, with each word read as the query stems that would find it. */
function changedTags(tags: readonly string[]): ReadonlySet<string> {
  const changed = new Set<string>();
  for (const tag of tags) {
    if (!tag.startsWith(WORD_PREFIX)) {
      changed.add(tag);
      continue;
    }
    const word = tag.slice(WORD_PREFIX.length);
    if (word.length > LONGEST_WORD) {
      changed.add(SEARCH_ANSWERS);
      continue;
    }
    for (let end = 1; end <= word.length; end += 1) changed.add(termTag(word.slice(0, end)));
  }
  return changed;
}

/**
 * The tags each content version changed, as this node read them from content_changes (migration
 * 0024) when it saw the version move: enough to tell whether an answer built at an earlier version
 * still holds. A version without a row (a restore, SQL that bypassed the triggers) counts as `*`.
 */
export class ContentChanges {
  /** Versions after `#knownFrom` up to `#latest`: their tags, or null for `*`. */
  readonly #changes = new Map<number, ReadonlySet<string> | null>();
  #knownFrom = Number.POSITIVE_INFINITY;
  #latest: number | undefined;
  readonly #capacity: number;
  /** The read in progress (readContentVersion): reads and records happen one at a time. */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  /** Runs `work` after the work handed in before it has settled. */
  inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(work, work);
    this.#turn = next.catch(() => undefined);
    return next;
  }

  /** The last version recorded (the first read only starts the log). */
  get latest(): string | undefined {
    return this.#latest === undefined ? undefined : String(this.#latest);
  }

  /**
   * The node read `version`; `rows` are content_changes' rows after the previous latest up to it.
   * A version that went back (a restore) starts the log again after the highest one seen, so no
   * answer built before it is ever taken for current.
   */
  record(version: string, rows: readonly { version: string; tags: readonly string[] }[] = []): void {
    const next = Number(version);
    const latest = this.#latest;
    if (latest === undefined || next < latest || next - latest > this.#capacity) {
      this.#changes.clear();
      this.#knownFrom = latest !== undefined && next < latest ? latest + 1 : next;
      this.#latest = Math.max(next, latest ?? next);
      return;
    }
    const byVersion = new Map(rows.map((row) => [Number(row.version), row.tags]));
    for (let at = latest + 1; at <= next; at += 1) {
      const tags = byVersion.get(at);
      this.#changes.set(at, tags === undefined || tags.includes(EVERY_ANSWER) ? null : changedTags(tags));
    }
    this.#latest = next;
    for (const at of this.#changes.keys()) {
      if (this.#changes.size <= this.#capacity) break;
      this.#changes.delete(at);
      this.#knownFrom = at;
    }
  }

  /**
   * Whether `version` is one this node read since it started or since the database last went back
   * (a restore): an answer built at it is at least as new as any earlier version this node reads.
   */
  isKnown(version: string): boolean {
    const at = Number(version);
    return this.#latest !== undefined && at >= this.#knownFrom && at <= this.#latest;
  }

  /**
   * Whether version `made` is later than `asked` and one this node read (not across a restore): an
   * answer made at `made` answers a request at `asked` as a computation now would. A request's
   * version lags when the clock gives its last read while a new read waits behind other work;
   * without this, lagging and current requests took turns replacing each other's entries, and each
   * turn asked the database again (issue 29).
   */
  isAhead(made: string, asked: string): boolean {
    return isLaterVersion(made, asked) && this.isKnown(made);
  }

  /**
   * Whether what was made at `kept.version` from `tags` answers a request at `version`: made for it,
   * for a later version this node read (isAhead), or for an earlier one whose changes since touched
   * none of its tags; then `kept.version` moves on, so the next lookup checks only what came after.
   */
  answers(kept: { version: string }, tags: Dependencies, version: string): boolean {
    if (kept.version === version || this.isAhead(kept.version, version)) return true;
    if (!this.holds(tags, kept.version, version)) return false;
    kept.version = version;
    return true;
  }

  /** Whether an answer built at version `from` from `tags` still holds at version `to`. */
  holds(tags: Dependencies, from: string, to: string): boolean {
    if (from === to) return true;
    // Built from something untracked (null, or `*` among its tags): only its own version.
    if (tags === null || tags.has(EVERY_ANSWER) || this.#latest === undefined) return false;
    const start = Number(from);
    const end = Number(to);
    if (!(start < end) || start < this.#knownFrom || end > this.#latest) return false;
    for (let at = start + 1; at <= end; at += 1) {
      const changed = this.#changes.get(at);
      if (!changed) return false;
      for (const tag of changed) if (tags.has(tag)) return false;
    }
    return true;
  }
}

/**
 * The content version, and what the versions since the last read changed (one more read, only when
 * the version moved): what a node's clock reads (ContentVersionClock).
 */
export function readContentVersion(db: Executor, changes: ContentChanges): Promise<string> {
  // One read at a time (a write on this node starts a new read while one is in flight): a read that
  // began earlier could otherwise record an older version after a newer one, which looks like a
  // restore and would make every kept answer count as stale.
  return changes.inTurn(async () => {
    const version = await contentVersion(db);
    const latest = changes.latest;
    if (latest === undefined || Number(version) <= Number(latest)) {
      changes.record(version);
      return version;
    }
    const rows = await queryRows<{ version: string; tags: string[] }>(
      db,
      sql`SELECT version::text AS version, tags FROM content_changes
          WHERE version > ${latest}::bigint AND version <= ${version}::bigint`,
    );
    changes.record(version, rows);
    return version;
  });
}

/** Whether content version `a` came after `b` (versions are counters that only grow, but a restore). */
export function isLaterVersion(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

/** The node's content version and its log of changes, for one database handle. */
export type VersionSource = { current: () => Promise<string>; changes: ContentChanges };
const versionSources = new WeakMap<object, VersionSource>();

/** Reads kept on `db` (keptUntilEveryAnswerChanges) follow the node's clock: server/app.ts. */
export function followNodeClock(db: Executor, source: VersionSource): void {
  versionSources.set(db, source);
}

const keptReads = new WeakMap<object, Map<string, { version: string; value: Promise<unknown> }>>();
/** Only a change tagged `*` touches such a read. */
const NO_TAGS: ReadonlySet<string> = new Set();

/**
 * What `read` gives, kept per database handle and key until a change tagged `*` comes: for reads
 * of what only such changes touch (menus, settings, header images, a page's name, publication or
 * rights; migration 0025), which every render of the site makes. Without this a render after an
 * edit of one page's text read them all again (issue 29). With the node's clock (followNodeClock)
 * it costs no query; otherwise (a transaction, a handle without a clock) one read of the version.
 * The value is shared: callers read it, never change it. Keys must be few (one per menu, language).
 */
export async function keptUntilEveryAnswerChanges<T>(
  db: Executor,
  key: string,
  read: () => Promise<T>,
  /** The version the answer is made for, when the caller knows it (SiteScope's). */
  known?: () => Promise<string>,
): Promise<T> {
  let kept = keptReads.get(db);
  if (!kept) {
    kept = new Map();
    keptReads.set(db, kept);
  }
  const source = versionSources.get(db);
  const version = await (known ?? source?.current ?? (() => contentVersion(db)))();
  const slot = kept.get(key);
  if (slot && (slot.version === version || source?.changes.answers(slot, NO_TAGS, version))) {
    return slot.value as Promise<T>;
  }
  const made = { version, value: read() };
  kept.set(key, made);
  made.value.catch(() => {
    if (kept.get(key) === made) kept.delete(key);
  });
  return made.value;
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
 * was computed for, or a later one whose changes (ContentChanges) touched nothing it was built from,
 * so a change anywhere (any node, any write path) makes what it touched unreachable at once.
 * One entry per key: a new version's value replaces the old one, so the memory it takes does not
 * grow with the number of changes.
 */
export class VersionedCache {
  readonly #entries = new LruCache<{ version: string; value: Promise<unknown>; tags?: Dependencies }>(5000);
  readonly #changes: ContentChanges | undefined;

  constructor(changes?: ContentChanges) {
    this.#changes = changes;
  }

  /** The value for `key`, made at most once per version; its dependencies are not tracked. */
  async get<T>(version: string, key: string, compute: () => Promise<T>): Promise<T> {
    return (await this.getTracked(version, key, async () => ({ value: await compute(), tags: null }))).value;
  }

  /**
   * The value for `key` and what it was built from (`compute` says): kept across later versions
   * that changed none of it.
   */
  async getTracked<T>(
    version: string,
    key: string,
    compute: () => Promise<{ value: T; tags: Dependencies }>,
  ): Promise<{ value: T; tags: Dependencies }> {
    const cached = this.#entries.get(key);
    if (cached && this.#holds(cached, version)) {
      return { value: (await cached.value) as T, tags: cached.tags ?? null };
    }
    const pending = compute();
    const slot: { version: string; value: Promise<unknown>; tags?: Dependencies } = {
      version,
      value: pending.then((made) => made.value),
    };
    this.#entries.set(key, slot);
    // A failed computation is not kept: the next request tries again (and those who waited for it
    // get its error; nobody else does).
    slot.value.catch(() => undefined);
    pending.then(
      (made) => {
        slot.tags = made.tags;
      },
      () => {
        if (this.#entries.get(key) === slot) this.#entries.delete(key);
      },
    );
    return pending;
  }

  #holds(slot: { version: string; tags?: Dependencies }, version: string): boolean {
    // Still being made (its tags unknown), or no log of changes: its own version, or a later one.
    return slot.version === version || this.#changes?.answers(slot, slot.tags ?? null, version) === true;
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
