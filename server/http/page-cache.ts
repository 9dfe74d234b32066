import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, parseConsent } from '../../common/cookie-consent.ts';
import { LOCALE_COOKIE, resolveLocale } from '../../common/locale.ts';
import { AUTO_TRANSLATE_COOKIE, isAutoTranslateOn } from '../../common/translation.ts';
import type { Dependencies } from '../domains/cache.ts';
import { type CachedResponse, sendCached } from './public-cache.ts';

/**
 * The rendered HTML of public pages for visitors without a session (issue 12). Whether a render
 * may be kept is decided by the route that made it (`PageCacheDecision`): a public page, item or
 * legal page or a search allows it; anything that depends on the visitor (a form) forbids it, and so
 * does a response that sets a cookie.
 */
export class PageCacheDecision {
  #isAllowed = false;
  #isForbidden = false;
  /** What the render read (cache tags, issue 29); null once anything untracked was read. */
  #tags: Set<string> | null = new Set();
  /** The site search the render made: a hit of the kept page counts it again (statistics). */
  search: { q: string; page?: number | undefined; total: number } | null = null;

  /** The render read something built from these (null: not tracked, so anything). */
  depend(tags: Dependencies): void {
    if (this.#tags === null) return;
    if (tags === null) this.#tags = null;
    else for (const tag of tags) this.#tags.add(tag);
  }

  /** What the kept page was built from: it stays until a change touches one of them. */
  get tags(): Dependencies {
    return this.#tags;
  }

  /** The route's answer is the same for every visitor with the same language and cookie choices. */
  allow(): void {
    this.#isAllowed = true;
  }

  /** Something in the answer depends on this visitor: never keep it. */
  forbid(): void {
    this.#isForbidden = true;
  }

  get isCacheable(): boolean {
    return this.#isAllowed && !this.#isForbidden;
  }
}

/**
 * The key of a visitor's page (the cache keeps one entry per key, for the latest content version it
 * saw), or null when the request may not be answered from the cache: only
 * GET and HEAD without a session or token, and not a `?lang=` choice (its answer sets the cookie).
 * Everything the render reads of the request is in the key: host (canonical links), path and
 * query (sorted: list paging, sort and filters), language, the consent choice (whether the dialog
 * shows, which embeds load) and automatic translation.
 */
export function pageCacheKey(request: FastifyRequest, build: string): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.auth.method !== 'none' || request.headers.authorization !== undefined) return null;
  const url = request.url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  // A preview link shows a draft: never kept, never answered from what was kept.
  if (query.has('lang') || query.has('preview')) return null;
  query.sort();
  const cookies = request.cookies;
  const locale = resolveLocale({ cookie: cookies[LOCALE_COOKIE] });
  const consent = parseConsent(cookies[CONSENT_COOKIE]);
  const consentKey = consent ? [...consent.categories].sort().join(',') : '-';
  const translate = isAutoTranslateOn(cookies[AUTO_TRANSLATE_COOKIE]) ? 't' : '-';
  return [build, request.host, locale, consentKey, translate, `${path}?${query}`].join('\u0000');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources of the page's inline scripts. A cached page is sent to many visitors, so its
 * scripts cannot carry a per-response nonce: the policy of a cached answer names them by hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** A page from the cache, with the policy naming its inline scripts by hash (made when it was kept). */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse & { policy: string },
): FastifyReply {
  reply.header('content-security-policy', entry.policy);
  reply.header('x-cache', 'hit');
  return sendCached(request, reply, entry);
}
