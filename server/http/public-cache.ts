import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ContentChanges,
  type ContentVersionClock,
  type Dependencies,
  isLaterVersion,
  valueWithin,
} from '../domains/cache.ts';

/**
 * What anonymous visitors get, kept as the bytes that went out: the HTML of public pages
 * (server/web.ts) and the public API reads (routes with `config.publicCache`). An entry is only
 * ever found under the content version it was made for, or a later one whose changes touched
 * nothing it names in its tags (issue 29), so a change on any node makes what it touched
 * unreachable; it also ends with the minute it was made in, because lists show items
 * by their publication and expiry minute. Entries keep their brotli bytes beside the plain ones, so
 * a hit from a browser costs no rendering and no compression; the rare client that takes gzip but
 * not brotli gets the plain bytes compressed by the app's compression plugin.
 */
export type CachedResponse = {
  status: number;
  /** Replayed on every hit (content type, cache-token, …); never a Set-Cookie. */
  headers: [name: string, value: string][];
  body: Buffer;
  br: Buffer | null;
  /** A strong validator of the body: `If-None-Match` with it answers 304. */
  etag: string;
  expiresAt: number;
  /** What it was built from (cache tags, issue 29); without: everything, so any change ends it. */
  tags?: Dependencies | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous GET of this route is answered from the visitors' cache (one entry per URL and language). */
    publicCache?: boolean;
    /**
     * What the route's answer is built from (cache tags, issue 29): it stays cached while later
     * content versions change none of them. Without: any change ends it.
     */
    cacheTags?: (request: FastifyRequest) => readonly string[];
  }
}

const brotli = promisify(zlib.brotliCompress);
/**
 * Brotli's quality for a new entry, and for one that proved popular and lasting. Measured on the
 * demo's home page (48 KB of HTML): quality 5 makes 10.8 KB in about 2 ms, 10 makes 10.1 KB in
 * 50–70 ms, 11 9.8 KB in about 100 ms. Every change to the content makes each page's entry again,
 * so new entries get the quick one. An entry with 16 hits that has lasted 10 seconds is made again
 * at the best one in the background: while edits come every second, a page's entry is replaced
 * long before that pays off, and the best quality for each of them took a core of the two (the load
 * test: 8 pages at 16 hits a second each, 3 edits a second).
 */
const QUICK_BROTLI = 5;
const BEST_BROTLI = 11;
const UPGRADE_AT_HIT = 16;
const UPGRADE_AFTER_MS = 10_000;

/** Below this, compression gains nothing worth a header. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * How long a visitor's cache lookup waits for the content version before it takes the last one
 * read: on an idle database the read takes about a millisecond, so a change shows at once; behind
 * a queue of renders and writes (PGlite runs one statement at a time) a hit is not held up by it.
 */
export const VERSION_WAIT_MS = 100;

/** A render in flight longer than this no longer keeps others from making the page. */
const ABANDONED_AFTER_MS = 30_000;

/** How long a lookup waits for renders in flight, in all, before its request makes the entry itself. */
const WAIT_FOR_RENDER_MS = 10_000;

/**
 * A lookup's answer: the entry, or none, and then (`lookupOrClaim`) this request makes it: `settle`
 * with what it made (or null) once done.
 */
export type Found<Entry> =
  | { entry: Entry }
  | {
      entry: null;
      isRefill: boolean;
      settle: (entry: Entry | null) => void;
      /** The version the render is made for (the latest this node read, at least the request's). */
      version: string;
    };

/**
 * A byte-bounded least-recently-used map of cached responses: one entry per key (the request's
 * identity: path, language, …), made for one content version. A new version's entry replaces the
 * old one, so memory holds at most one entry per key however often the content changes.
 *
 * One computation per key at a time: the first request after a change makes the new entry, and
 * requests for the same key meanwhile wait for it (no entry of an earlier version is ever served,
 * so a change shows on every node as soon as its content version is read). Under many connections
 * and a stream of edits this keeps the renders to one per page at a time instead of one per
 * request, a queue that outgrew the clients' patience (issue 12 load test).
 */
export class ResponseCache<Entry extends CachedResponse = CachedResponse> {
  readonly #slots = new Map<
    string,
    { version: string; entry: Entry; size: number; hits: number; keptAt: number; isUpgraded: boolean }
  >();
  readonly #pending = new Map<
    string,
    { version: string; computation: Promise<Entry | null>; startedAt: number }
  >();
  readonly #maxBytes: number;
  readonly #now: () => number;
  readonly #changes: ContentChanges | undefined;
  readonly #sizeOf: (entry: Entry) => number;
  #bytes = 0;

  constructor(options: {
    maxBytes: number;
    now?: () => number;
    changes?: ContentChanges | undefined;
    /** The memory an entry holds (default: its plain and brotli bytes). */
    sizeOf?: (entry: Entry) => number;
  }) {
    this.#maxBytes = options.maxBytes;
    this.#now = options.now ?? Date.now;
    this.#changes = options.changes;
    this.#sizeOf = options.sizeOf ?? sizeOf;
  }

  /**
   * The entry made for this version, or for an earlier one when the versions since changed nothing
   * it was built from (its tags), or for a later one, unless its minute is over.
   */
  get(key: string, version: string): Entry | undefined {
    const slot = this.#current(key, version);
    if (!slot || slot.entry.expiresAt <= this.#now()) return undefined;
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    slot.hits += 1;
    if (!slot.isUpgraded && slot.hits >= UPGRADE_AT_HIT && this.#now() - slot.keptAt >= UPGRADE_AFTER_MS) {
      slot.isUpgraded = true;
      void recompress(slot.entry);
    }
    return slot.entry;
  }

  /** The slot of `key` if what it holds is current at `version`, whether or not its minute is over. */
  #current(key: string, version: string) {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    const isCurrent =
      slot.version === version || this.#changes?.answers(slot, slot.entry.tags ?? null, version) === true;
    return isCurrent ? slot : undefined;
  }

  /**
   * What to answer without rendering: the entry of this version; else, while another request makes
   * this key's entry, that one once made (if it was made for an earlier version, the one made after
   * it; at most 10 s in all); else null. A request that then makes the entry itself asks with
   * `lookupOrClaim` instead.
   */
  async lookup(key: string, version: string): Promise<Entry | null> {
    return (await this.#find(key, version, false)).entry;
  }

  /**
   * As `lookup`, but when there is nothing to wait for this request makes the entry: `settle` hands
   * it to those waiting (as `claim`), and `isRefill` says whether it refills a kept entry. The claim
   * is taken in the same step as finding nothing in flight, so of the requests that waited for an
   * earlier version's render, one makes the new one and the others wait for it. (With `lookup` and
   * then `claim`, each of them found nothing in flight before the first had claimed, and made its
   * own: when edits came faster than a page renders, several renders per edit, issue 29.) One
   * render per key at a time, whatever the version: the page is made again after the render in
   * flight, not once per edit at the same time. With `claims` false (a request whose answer is not
   * kept, such as a HEAD) nothing is claimed and `settle` does nothing.
   */
  lookupOrClaim(key: string, version: string, claims = true): Promise<Found<Entry>> {
    return this.#find(key, version, claims);
  }

  async #find(key: string, version: string, claims: boolean): Promise<Found<Entry>> {
    const deadline = this.#now() + WAIT_FOR_RENDER_MS;
    for (;;) {
      const fresh = this.get(key, version);
      if (fresh) return { entry: fresh };
      const pending = this.#pending.get(key);
      const now = this.#now();
      // A render that never settled (it should not happen) holds nobody up for long.
      if (!pending || pending.startedAt + ABANDONED_AFTER_MS < now || now >= deadline) {
        const isRefill = this.isRefill(key);
        const madeFor = this.#renderVersion(version);
        return {
          entry: null,
          isRefill,
          settle: claims ? this.claim(key, madeFor) : () => {},
          version: madeFor,
        };
      }
      // Only its minute is over (scheduled publications): while one request makes it again, the
      // others get it as it was, instead of every page's visitors waiting at each minute's turn.
      const timedOut = this.#current(key, version);
      if (timedOut) return { entry: timedOut.entry };
      const made = await valueWithin(pending.computation, deadline - now, null);
      if (made && (pending.version === version || this.#changes?.isAhead(pending.version, version))) {
        return { entry: made };
      }
    }
  }

  /**
   * The version a render begun now is made for: the latest this node read, when the request read an
   * earlier one (it waited for an earlier render, or its read lagged). The render reads the database
   * now, so its content is at least that new, and it works with that version (`Found.version`:
   * views and kept reads of it, no clock read of its own). Made for the request's own version, it
   * could not serve those that came after an edit: when edits came faster than a page renders,
   * every render was made for the oldest waiter's version and the waits grew to seconds (issue 29).
   */
  #renderVersion(version: string): string {
    const latest = this.#changes?.latest;
    return latest !== undefined && this.#changes?.isAhead(latest, version) ? latest : version;
  }

  /**
   * Whether a render of `key` would refill it: it had an entry (now stale or past its minute) and
   * no request is making one. Under overload such a render is still let in (one per key at a time,
   * LoadShedder), so the pages visitors ask for come back into the cache and are served from it,
   * instead of every request for them being refused until the load stops.
   */
  isRefill(key: string): boolean {
    return this.#slots.has(key) && !this.#pending.has(key);
  }

  /**
   * This request makes the entry for (key, version): others looking it up meanwhile do not. Settle
   * with the entry (kept, and handed to those waiting) or null (not cacheable: they make their own).
   */
  claim(key: string, version: string): (entry: Entry | null) => void {
    let settle: (entry: Entry | null) => void = () => {};
    const computation = new Promise<Entry | null>((resolve) => {
      settle = resolve;
    });
    const pending = { version, computation, startedAt: this.#now() };
    this.#pending.set(key, pending);
    return (entry) => {
      if (this.#pending.get(key) === pending) this.#pending.delete(key);
      if (entry) this.set(key, version, entry);
      settle(entry);
    };
  }

  /** Keeps `entry` for `key`, unless an entry of a later version is already there. */
  set(key: string, version: string, entry: Entry): void {
    const size = this.#sizeOf(entry);
    if (size > this.#maxBytes / 8) return;
    const previous = this.#slots.get(key);
    if (previous) {
      if (isLaterVersion(previous.version, version)) return;
      this.#slots.delete(key);
      this.#bytes -= previous.size;
    }
    this.#slots.set(key, { version, entry, size, hits: 0, keptAt: this.#now(), isUpgraded: false });
    this.#bytes += size;
    for (const [oldestKey, oldest] of this.#slots) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#slots.delete(oldestKey);
      this.#bytes -= oldest.size;
    }
  }

  get bytes() {
    return this.#bytes;
  }

  get size() {
    return this.#slots.size;
  }

  /** When an entry made now stops being served: the end of the current minute. */
  expiryNow(): number {
    return (Math.floor(this.#now() / 60_000) + 1) * 60_000;
  }
}

function sizeOf(entry: CachedResponse): number {
  return entry.body.length + (entry.br?.length ?? 0) + 256;
}

/**
 * An entry for `body` with its brotli copy (made off the event loop, in zlib's threads). No gzip
 * copy: every browser takes brotli, and making both for each new entry doubled the compression
 * work after every change (and the native memory it churns through, issue 12's load test).
 */
export async function makeEntry(input: {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag?: string | undefined;
  expiresAt: number;
}): Promise<CachedResponse> {
  const br =
    input.body.length >= COMPRESS_FROM_BYTES
      ? await brotli(input.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.body.length,
          },
        })
      : null;
  return {
    status: input.status,
    headers: input.headers,
    body: input.body,
    br,
    etag: input.etag ?? etagOf(input.body),
    expiresAt: input.expiresAt,
  };
}

/** Makes a popular entry's brotli copy again at the best quality, off the event loop. */
async function recompress(entry: CachedResponse): Promise<void> {
  if (!entry.br) return;
  const best = await brotli(entry.body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BEST_BROTLI,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
    },
  }).catch(() => null);
  if (best && best.length < entry.br.length) entry.br = best;
}

/** A strong validator for `body`. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names `etag` (weak or strong, one of a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = unquote(etag);
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || unquote(value) === bare;
  });
}

function unquote(tag: string): string {
  const value = tag.startsWith('W/') ? tag.slice(2) : tag;
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** The encoding to send of what the client accepts: the first of `offered` (brotli, else gzip), else none. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ('br' | 'gzip')[] = ['br', 'gzip'],
): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  // `*` takes gzip, which every client that sends it understands.
  return (
    offered.find((encoding) => accepted.has(encoding) || (encoding === 'gzip' && accepted.has('*'))) ?? null
  );
}

/**
 * Sends a cached response: 304 when the client holds it, the brotli bytes when it takes them, else
 * the plain bytes (which the compression plugin gzips for a client that takes only gzip).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
): FastifyReply {
  for (const [name, value] of entry.headers) reply.header(name, value);
  reply.header('etag', entry.etag);
  if (entry.br) reply.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
    return reply.status(304).send();
  }
  const isBrotli = entry.br !== null && preferredEncoding(request.headers['accept-encoding']) === 'br';
  const body = isBrotli && entry.br ? entry.br : entry.body;
  if (isBrotli) reply.header('content-encoding', 'br');
  reply.header('content-length', String(body.length));
  return reply.status(entry.status).send(body);
}

/** Public API reads whose answer refills a kept entry (ResponseCache.isRefill): admitted under overload. */
const refills = new WeakSet<FastifyRequest>();

/** Whether this read makes a kept public answer again (see ResponseCache.isRefill). */
export function refillsCache(request: FastifyRequest): boolean {
  return refills.has(request);
}

/** Response headers a cached API answer keeps. */
const KEPT_API_HEADERS = ['content-type', 'cache-token', 'content-language'];

/**
 * Whether the request only reads public content: a GET or HEAD of a route marked
 * `config.publicCache`, or a POST to such a route with an object body (SPEC 7's list reads take
 * their query as a JSON object; the same path with an array creates items).
 */
export function isPublicRead(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.publicCache !== true) return false;
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const body: unknown = request.body;
  return request.method === 'POST' && typeof body === 'object' && body !== null && !Array.isArray(body);
}

/**
 * Anonymous public reads (routes marked `config.publicCache`) come from the cache; a miss keeps its
 * answer when it is a 200. GETs are looked up before anything else runs, POST reads once their body
 * is parsed and checked (its canonical JSON is part of the key). Registered before compression, so
 * the hooks see the plain JSON.
 */
export function registerPublicApiCache(
  app: FastifyInstance,
  clock: ContentVersionClock,
  cache: ResponseCache,
) {
  const misses = new WeakMap<FastifyRequest, (entry: CachedResponse | null) => void>();
  const lookup = async (request: FastifyRequest, reply: FastifyReply, body: string) => {
    const version = await clock.current({ maxWaitMs: VERSION_WAIT_MS });
    const key = `${request.locale}\u0000${request.method === 'POST' ? 'POST ' : ''}${request.url}\u0000${body}`;
    const found = await cache.lookupOrClaim(key, version);
    if (found.entry) return sendCached(request, reply.header('x-cache', 'hit'), found.entry);
    if (found.isRefill) refills.add(request);
    misses.set(request, found.settle);
    return undefined;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.routeOptions.config?.publicCache !== true || request.auth.method !== 'none') return;
    return lookup(request, reply, '');
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.auth.method !== 'none' || !isPublicRead(request)) return;
    return lookup(request, reply, JSON.stringify(request.body));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const settle = misses.get(request);
    if (settle === undefined) return payload;
    misses.delete(request);
    const isKept =
      reply.statusCode === 200 &&
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      !reply.hasHeader('set-cookie');
    if (!isKept) {
      settle(null);
      return payload;
    }
    const headers: [string, string][] = [];
    for (const name of KEPT_API_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers.push([name, value]);
    }
    const token = reply.getHeader('cache-token');
    const etag = typeof token === 'string' ? `"${token}"` : undefined;
    if (etag) reply.header('etag', etag);
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload as string);
    // Compressed once, off the event loop: this caller gets the bytes the next ones will.
    let entry: CachedResponse;
    const tagsOf = request.routeOptions.config?.cacheTags;
    try {
      entry = {
        ...(await makeEntry({ status: 200, headers, body, etag, expiresAt: cache.expiryNow() })),
        tags: tagsOf ? new Set(tagsOf(request)) : null,
      };
    } catch (error) {
      request.log.warn({ err: error }, 'could not keep a public API answer');
      settle(null);
      return payload;
    }
    settle(entry);
    if (entry.br === null || preferredEncoding(request.headers['accept-encoding']) !== 'br') return payload;
    reply.header('vary', 'accept-encoding').header('content-encoding', 'br');
    return entry.br;
  });

  // A read that never reached onSend (its connection closed first): those waiting answer themselves.
  const abandon = async (request: FastifyRequest) => {
    misses.get(request)?.(null);
    misses.delete(request);
  };
  app.addHook('onResponse', abandon);
  app.addHook('onRequestAbort', abandon);
}
