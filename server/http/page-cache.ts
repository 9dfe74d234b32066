import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { CONSENT_COOKIE, parseConsent } from '../../common/cookie-consent.ts';
import { LOCALE_COOKIE, resolveLocale } from '../../common/locale.ts';
import { isEditPath } from '../../common/pages.ts';
import { SHARED_PAGE, type Viewer } from '../../common/site.ts';
import { AUTO_TRANSLATE_COOKIE, isAutoTranslateOn } from '../../common/translation.ts';
import { type Dependencies, viewerClassOf } from '../domains/cache.ts';
import type { Actor } from '../policies/index.ts';
import { viewerClassKey } from './member-pages.ts';
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
export function pageCacheKey(request: FastifyRequest, build: string, member?: string): string | null {
  if (!isPageRead(request)) return null;
  // A signed-in member's page is kept for their class (`member`, see memberPageKey), never a token's.
  if (request.auth.method === 'session' ? member === undefined : request.auth.method !== 'none') return null;
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
  const memberKey = request.auth.method === 'session' ? `m${member}` : '-';
  return [build, request.host, locale, consentKey, translate, memberKey, `${path}?${query}`].join('\u0000');
}

/** A GET or HEAD without credentials of its own (an Authorization header is never cached). */
export function isPageRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && request.headers.authorization === undefined
  );
}

/**
 * What decides a signed-in member's page besides the request (issue 29): the actor's flags and
 * roles and what the site shell shows of the viewer as a class (server/http/member-pages.ts).
 */
export function memberPageKey(actor: Actor, viewer: Viewer): string {
  return `${viewerClassOf(actor)}|${viewerClassKey(viewer)}`;
}

/**
 * Whether a path is served by a route whose page is the same for everyone with the same flags and
 * roles (its `handle` is SHARED_PAGE: content pages, items, search, legal pages), outside edit
 * mode: only those are rendered for a class of members. Account, sign-in and admin screens are
 * rendered for the person.
 */
export function sharedPagesOf(build: ServerBuild): (path: string) => boolean {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  for (const { id, path, index, caseSensitive } of routes) {
    nodes.set(id, {
      id,
      children: [],
      ...(path === undefined ? {} : { path }),
      ...(index === undefined ? {} : { index }),
      ...(caseSensitive === undefined ? {} : { caseSensitive }),
    });
  }
  const roots: Node[] = [];
  for (const route of routes) {
    const node = nodes.get(route.id);
    const parent = route.parentId === undefined ? undefined : nodes.get(route.parentId);
    if (node) (parent ? parent.children : roots).push(node);
  }
  const isShared = (path: string) => {
    const leaf = matchRoutes(roots as RouteObject[], path)?.at(-1)?.route.id;
    // The site's build holds its own copy of SHARED_PAGE: compared by what it says.
    const handle = leaf === undefined ? undefined : (build.routes[leaf]?.module.handle as unknown);
    return (handle as Partial<typeof SHARED_PAGE> | undefined)?.sharedPage === SHARED_PAGE.sharedPage;
  };
  // matchRoutes flattens and ranks the whole route table on every call: a quarter of a member's
  // cached page's CPU (issue 29). The answer depends on the path alone, so recent paths keep theirs.
  const known = new Map<string, boolean>();
  return (path) => {
    if (isEditPath(path)) return false;
    let shared = known.get(path);
    if (shared === undefined) {
      shared = isShared(path);
      if (path.length <= KNOWN_PATH_LENGTH) {
        if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value as string);
        known.set(path, shared);
      }
    }
    return shared;
  };
}

/** How many paths' answers sharedPagesOf keeps (the oldest goes first), each at most this long. */
const KNOWN_PATHS = 2_000;
const KNOWN_PATH_LENGTH = 300;

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
