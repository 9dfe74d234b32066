import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import en from '../../common/i18n/en.json' with { type: 'json' };
import nl from '../../common/i18n/nl.json' with { type: 'json' };
import type { Locale } from '../../common/localized-text.ts';
import { xml } from '../domains/discovery/documents.ts';
import { errorBody } from '../errors.ts';
import { isPublicRead, refillsCache } from './public-cache.ts';

/**
 * Under overload (issue 29): when a node has more waiting work than it can finish in a few
 * seconds, a new read that needs work (a page to render, an API read not in the visitors' cache)
 * gets 503 `overloaded` with Retry-After at once, instead of joining a queue its client gives up
 * on. Cached answers, writes (an editor's save is never the one refused), health checks, metrics,
 * files and image variants (which have a gate of their own) are never refused.
 *
 * How "more than it can finish" is seen, without guessing the node's speed: as CoDel does for
 * network queues, by the shortest time any read took, from when it needed work to its answer, in
 * the last second. When even the quickest took longer than the target, there is a standing queue
 * of at least that long; one slow render among quick ones is not a queue. With no answer in the
 * last second, the oldest read still in hand decides. The node refuses while the queue stands, and
 * only while at least 16 reads are in its hands (a lone slow render is no overload). A read's time
 * starts when it needs work: its wait for another request's render of the same page is not this
 * node's queue (counted from arrival, it made the gate refuse 62 % of a load the node could answer).
 */
export type OverloadOptions = {
  /** The longest standing queue before new reads are refused, ms; 0: never refuse. */
  targetMs: number;
  /** Reads in progress below which nothing is refused. */
  minInFlight: number;
  /** How often the state is decided again, ms. */
  intervalMs?: number;
  now?: () => number;
};

export class LoadShedder {
  readonly #targetMs: number;
  readonly #minInFlight: number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  /** Reads let in and not yet answered, by when they were let in (insertion order: oldest first). */
  readonly #inFlight = new Map<object, number>();
  /** Of those, the refills let in under overload (`admit`). */
  readonly #refills = new Set<object>();
  #windowStart: number;
  #windowMin = Number.POSITIVE_INFINITY;
  #isOverloaded = false;
  #refused = 0;

  constructor(options: OverloadOptions) {
    this.#targetMs = options.targetMs;
    this.#minInFlight = options.minInFlight;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#now = options.now ?? (() => performance.now());
    this.#windowStart = this.#now();
  }

  get isEnabled(): boolean {
    return this.#targetMs > 0;
  }

  /** Reads refused so far. */
  get refused(): number {
    return this.#refused;
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Seconds a refused client is told to wait: about the time the queue takes to drain. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.#targetMs / 1000));
  }

  /**
   * Whether to refuse a new read that needs work now; if not, it is counted in (`admittedAt`: now,
   * as the caller's clock reads it) until `finished`. A refill (a read that makes a kept answer
   * again, one per key at a time: ResponseCache.isRefill) is let in under overload too, up to
   * `minInFlight` refills at once: the answers visitors ask for most return to the cache, where
   * they cost nothing, instead of the node refusing them for as long as the load lasts.
   */
  admit(read: object, admittedAt: number, isRefill = false): boolean {
    if (!this.isEnabled) return true;
    if (this.#overloadedNow() && this.#inFlight.size >= this.#minInFlight) {
      if (!isRefill || this.#refills.size >= this.#minInFlight) {
        this.#refused += 1;
        return false;
      }
      this.#refills.add(read);
    }
    this.#inFlight.set(read, admittedAt);
    return true;
  }

  /** A read let in is answered (`isMeasured`: it did its work; a cache hit after waiting is not). */
  finished(read: object, isMeasured: boolean): void {
    const admittedAt = this.#inFlight.get(read);
    if (admittedAt === undefined) return;
    this.#inFlight.delete(read);
    this.#refills.delete(read);
    if (isMeasured) this.#windowMin = Math.min(this.#windowMin, this.#now() - admittedAt);
  }

  #overloadedNow(): boolean {
    const now = this.#now();
    if (now - this.#windowStart >= this.#intervalMs) {
      const quickest = Number.isFinite(this.#windowMin) ? this.#windowMin : this.#oldestWait(now);
      this.#isOverloaded = quickest > this.#targetMs;
      this.#windowStart = now;
      this.#windowMin = Number.POSITIVE_INFINITY;
    }
    return this.#isOverloaded;
  }

  #oldestWait(now: number): number {
    for (const admittedAt of this.#inFlight.values()) return now - admittedAt;
    return 0;
  }
}

const READS = new Set(['GET', 'HEAD']);

/**
 * The API's reads go through the gate once the visitors' cache has not answered them (registered
 * after it: a hit never reaches this hook). The site's pages are gated by server/web.ts, where a
 * page's render begins.
 */
export function registerLoadShedding(app: FastifyInstance, shedder: LoadShedder): void {
  app.decorate('overload', shedder);
  if (!shedder.isEnabled) return;
  app.addHook('preHandler', async (request, reply) => {
    const isRead = READS.has(request.method) || isPublicRead(request);
    if (!isRead || !request.url.startsWith('/api/')) return;
    if (!admitRead(app, request, reply, refillsCache(request))) return refuseRead(request, reply, shedder);
  });
}

/**
 * Lets a read in, or says it is refused; a read let in is counted until its answer has gone (or
 * its connection has), measured unless it was answered from a cache.
 */
export function admitRead(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  /** It makes a kept answer again (ResponseCache.isRefill). */
  isRefill = false,
): boolean {
  const shedder = app.overload;
  if (!shedder.isEnabled) return true;
  // Its time counts from here, when it needs work: not the time it spent waiting for another
  // request's render of the same page (then found stale), which is no queue of this node's.
  if (!shedder.admit(request, performance.now(), isRefill)) return false;
  reply.raw.once('close', () => {
    const isHit = reply.getHeader('x-cache') === 'hit';
    shedder.finished(request, reply.raw.writableFinished && !isHit);
  });
  return true;
}

/** The API's refusal: 503 `overloaded` with Retry-After, in the caller's language. */
export function refuseRead(request: FastifyRequest, reply: FastifyReply, shedder: LoadShedder) {
  return refused(reply, shedder)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody('overloaded', request.locale)));
}

/** 503 with when to try again; never kept by a cache on the way. */
function refused(reply: FastifyReply, shedder: LoadShedder): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(shedder.retryAfterSeconds))
    .header('cache-control', 'no-store');
}

/**
 * The site's refusal of a page: a small page of its own in the visitor's language (not the site's
 * layout, which would take the work being refused), 503 with Retry-After, and a link that loads the
 * same address again.
 */
export function refusePage(reply: FastifyReply, shedder: LoadShedder, locale: Locale) {
  return refused(reply, shedder).type('text/html; charset=utf-8').send(busyPage(locale));
}

/** The refusal's page: plain HTML, no script or style (nothing to load while the node is busy). */
export function busyPage(locale: Locale): string {
  const text = (locale === 'en' ? en : nl).status;
  return `<!DOCTYPE html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${xml(text.busy.title)}</title></head>
<body>
<main>
<h1>${xml(text.busy.title)}</h1>
<p>${xml(text.busy.text)}</p>
<p><a href="">${xml(text.retry)}</a></p>
</main>
</body>
</html>
`;
}
