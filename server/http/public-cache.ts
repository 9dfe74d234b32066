import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentVersionClock } from '../domains/cache.ts';

/**
 * What anonymous visitors get, kept as the bytes that went out: the HTML of public pages
 * (server/web.ts) and the public API reads (routes with `config.publicCache`). An entry is only
 * ever found under the content version it was made for (the key starts with it), so a change on any
 * node makes it unreachable; it also ends with the minute it was made in, because lists show items
 * by their publication and expiry minute. Entries keep their brotli and gzip bytes, so a hit costs
 * no rendering and no compression.
 */
export type CachedResponse = {
  status: number;
  /** Replayed on every hit (content type, cache-token, …); never a Set-Cookie. */
  headers: [name: string, value: string][];
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** A strong validator of the body: `If-None-Match` with it answers 304. */
  etag: string;
  expiresAt: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous GET of this route is answered from the visitors' cache (one entry per URL and language). */
    publicCache?: boolean;
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Below this, compression gains nothing worth a header. */
const COMPRESS_FROM_BYTES = 1024;

/** A byte-bounded least-recently-used map of cached responses, with one computation per key at a time. */
export class ResponseCache<Entry extends CachedResponse = CachedResponse> {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<Entry | null>>();
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: { maxBytes: number; now?: () => number }) {
    this.#maxBytes = options.maxBytes;
    this.#now = options.now ?? Date.now;
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) {
      this.#bytes -= sizeOf(entry);
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    const size = sizeOf(entry);
    if (size > this.#maxBytes / 8) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= sizeOf(previous);
    }
    this.#entries.set(key, entry);
    this.#bytes += size;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#bytes -= sizeOf(oldest);
    }
  }

  /**
   * The response being made for `key` by another request, if any: concurrent misses of one page
   * (a popular page just after a change) wait for the first instead of all rendering it.
   */
  pending(key: string): Promise<Entry | null> | undefined {
    return this.#pending.get(key);
  }

  /** Registers the computation of `key`'s response (null: not cacheable) until it settles. */
  track(key: string, computation: Promise<Entry | null>): void {
    this.#pending.set(key, computation);
    const done = () => {
      if (this.#pending.get(key) === computation) this.#pending.delete(key);
    };
    computation.then(done, done);
  }

  get bytes() {
    return this.#bytes;
  }

  get size() {
    return this.#entries.size;
  }

  /** When an entry made now stops being served: the end of the current minute. */
  expiryNow(): number {
    return (Math.floor(this.#now() / 60_000) + 1) * 60_000;
  }
}

function sizeOf(entry: CachedResponse): number {
  return entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 256;
}

/** An entry for `body` with its compressed copies (made off the event loop, in zlib's threads). */
export async function makeEntry(input: {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag?: string | undefined;
  expiresAt: number;
}): Promise<CachedResponse> {
  const compressible = input.body.length >= COMPRESS_FROM_BYTES;
  const [br, gz] = compressible
    ? await Promise.all([
        brotli(input.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.body.length,
          },
        }),
        gzip(input.body, { level: 9 }),
      ])
    : [null, null];
  return {
    status: input.status,
    headers: input.headers,
    body: input.body,
    br,
    gzip: gz,
    etag: input.etag ?? etagOf(input.body),
    expiresAt: input.expiresAt,
  };
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

/** The encoding to send of what the client accepts: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let accepted: 'br' | 'gzip' | null = null;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') accepted = 'gzip';
  }
  return accepted;
}

/** Sends a cached response: 304 when the client holds it, else the bytes in the encoding it takes. */
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
  const encoding = entry.br ? preferredEncoding(request.headers['accept-encoding']) : null;
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body;
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', String(body?.length ?? 0));
  return reply.status(entry.status).send(body);
}

/** The promise's value, or null when it takes longer than `seconds` (or there is none). */
export async function withinSeconds<T>(
  promise: Promise<T | null> | undefined,
  seconds: number,
): Promise<T | null> {
  if (!promise) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), seconds * 1000);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
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
  const misses = new WeakMap<FastifyRequest, { key: string; settle(entry: CachedResponse | null): void }>();
  const lookup = async (request: FastifyRequest, reply: FastifyReply, body: string) => {
    const key = `${await clock.current()}\u0000${request.locale}\u0000${request.method === 'POST' ? 'POST ' : ''}${request.url}\u0000${body}`;
    // A read being answered for the same key (just after a change, say) is waited for, not repeated.
    const entry = cache.get(key) ?? (await withinSeconds(cache.pending(key), 10));
    if (entry) return sendCached(request, reply.header('x-cache', 'hit'), entry);
    let settle: (entry: CachedResponse | null) => void = () => {};
    cache.track(key, new Promise((resolve) => (settle = resolve)));
    misses.set(request, { key, settle });
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
    const miss = misses.get(request);
    if (miss === undefined) return payload;
    misses.delete(request);
    const { key, settle } = miss;
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
    // Compressed and kept after this answer has gone; the next hits find it.
    void makeEntry({ status: 200, headers, body, etag, expiresAt: cache.expiryNow() }).then(
      (entry) => {
        cache.set(key, entry);
        settle(entry);
      },
      (error: unknown) => {
        request.log.warn({ err: error }, 'could not keep a public API answer');
        settle(null);
      },
    );
    return payload;
  });

  // A read that never reached onSend (its connection closed first): those waiting answer themselves.
  const abandon = async (request: FastifyRequest) => {
    misses.get(request)?.settle(null);
    misses.delete(request);
  };
  app.addHook('onResponse', abandon);
  app.addHook('onRequestAbort', abandon);
}
