import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { CONSENT_COOKIE, parseConsent } from '../../../common/cookie-consent.ts';
import { isoDayOf } from '../../../common/dates.ts';
import { isEditPath } from '../../../common/pages.ts';
import {
  ANALYTICS_COOKIE,
  ANALYTICS_MAX_AGE_SECONDS,
  normalizeSearchTerm,
  referrerHost,
} from '../../../common/statistics.ts';
import { StatisticsAccumulator } from './accumulator.ts';

/**
 * Where no page view is counted: the API, media, built assets, and the screens of signed-in
 * work (admin, account, settings, statistics, sign-in and friends), edit mode and previews.
 * Everything else that answers 200 with an HTML document (or a client-side navigation's `.data`)
 * is a public page; redirects (3xx) never count.
 */
const NOT_COUNTED = [
  '/api',
  '/a',
  '/assets',
  '/admin',
  '/account',
  '/settings',
  '/statistics',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/invitation',
  '/unauthorized',
  '/home',
  '/__manifest',
  // Receipts: personal pages whose path is an unguessable key.
  '/submission',
];

const MAX_PATH_LENGTH = 512;
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;

const accumulators = new WeakMap<FastifyInstance, StatisticsAccumulator>();
const searches = new WeakMap<FastifyRequest, { term: string; found: boolean }>();

/**
 * The path a response counts for, or null when it is not a public page view: GET only, 200 only,
 * an HTML document or a React Router navigation's data (`/x.data`, `/_root.data` for `/`).
 */
export function countedPath(url: string, contentType: string): string | null {
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  if (path.length > MAX_PATH_LENGTH + 5) return null;
  if (contentType.startsWith('text/html')) {
    // a document
  } else if (path.endsWith('.data') && contentType.startsWith('text/x-script')) {
    // React Router asks `/_root.data` for `/`, and `/x/_.data` for a path with a trailing slash.
    if (path === '/_root.data') path = '/';
    else if (path.endsWith('/_.data')) path = path.slice(0, -'_.data'.length);
    else path = path.slice(0, -'.data'.length);
  } else {
    return null;
  }
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  if (path.length > MAX_PATH_LENGTH || !path.startsWith('/')) return null;
  for (const prefix of NOT_COUNTED) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return null;
  }
  // Editors at work are no visitors (issue 35): edit mode (`/x/edit`, `/edit?page=`) and a draft's
  // preview link (`?preview=`) are not views of the page.
  if (isEditPath(path)) return null;
  if (query !== -1 && new URLSearchParams(url.slice(query + 1)).has('preview')) return null;
  return path;
}

/** Bots, link previews and prefetches are not visits. */
export function isHumanNavigation(headers: FastifyRequest['headers']): boolean {
  const userAgent = headers['user-agent'];
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-moz'] ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** A per-day hash of the visitor id: the database never sees the cookie's value. */
export function visitorHash(day: string, visitorId: string): string {
  return createHash('sha256').update(`${day}:${visitorId}`).digest('base64url').slice(0, 32);
}

/**
 * The site search a page request made (the search page's loader calls it through the site
 * services): counted with that page's view, so bots and prefetches do not count as searches.
 * Only a first results page counts; paging through results is the same search.
 */
export function noteSearch(
  request: FastifyRequest,
  search: { q: string; page?: number | undefined; total: number },
): void {
  if (search.page !== undefined && search.page > 1) return;
  const term = normalizeSearchTerm(search.q);
  if (term) searches.set(request, { term, found: search.total > 0 });
}

/** The node's accumulator (tests read and flush it; clients never reach it). */
export function statisticsOf(app: FastifyInstance): StatisticsAccumulator | undefined {
  return accumulators.get(app);
}

/** Writes what this node counted now (tests; the timer and shutdown do it otherwise). */
export async function flushStatistics(app: FastifyInstance): Promise<void> {
  await accumulators.get(app)?.flush(app.database.db);
}

/**
 * Counts public page views in memory and flushes them every STATISTICS_FLUSH_SECONDS and on
 * shutdown. One onSend hook for every response, cached or not: it sees method, status, content
 * type and path, and is a few string checks for anything that is not a page.
 */
export function registerStatistics(app: FastifyInstance): void {
  const { config } = app;
  if (!config.statisticsEnabled) return;
  const accumulator = new StatisticsAccumulator();
  accumulators.set(app, accumulator);
  const secure = config.publicUrl?.startsWith('https:') ?? false;

  const flush = async () => {
    try {
      await accumulator.flush(app.database.db);
    } catch (error) {
      app.log.warn({ err: error }, 'statistics flush failed; the counts are kept for the next try');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void flush(), config.statisticsFlushMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // A page the browser already held (304 to its ETag, from the page cache) is a view all the same.
    if (request.method === 'GET' && (reply.statusCode === 200 || reply.statusCode === 304)) {
      const contentType = reply.getHeader('content-type');
      if (typeof contentType === 'string') {
        const path = countedPath(request.url, contentType);
        if (path !== null && isHumanNavigation(request.headers)) {
          collect(app, accumulator, request, reply, path, secure);
        }
      }
    }
    done(null, payload);
  });
}

function collect(
  app: FastifyInstance,
  accumulator: StatisticsAccumulator,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  secure: boolean,
): void {
  const day = isoDayOf(new Date());
  const referer = request.headers.referer;
  const fromHost = referrerHost(referer);
  const ownHost = referrerHost(`http://${request.host}`);
  const fromElsewhere = fromHost !== null && fromHost !== ownHost;
  // A visit's next page is told by the browser's Sec-Fetch-Site (same-origin); only without it does
  // the Referer decide (Referrer-Policy same-origin: the site's own pages send one to it).
  const fetchSite = request.headers['sec-fetch-site'];
  const withinSite =
    typeof fetchSite === 'string' ? fetchSite === 'same-origin' : referer !== undefined && !fromElsewhere;
  const visitorId = analyticsVisitor(app, request, reply, secure);
  accumulator.recordView({
    day,
    path,
    entry: !withinSite,
    referrerHost: fromElsewhere ? fromHost : null,
    visitorHash: visitorId ? visitorHash(day, visitorId) : null,
  });
  const search = searches.get(request);
  if (search) accumulator.recordSearch({ day, ...search });
}

/**
 * SPEC 9's conditional `analytics` cookie: with analytical consent the visitor gets (or keeps) a
 * random id for 13 months; without it no id is counted and a leftover cookie is removed.
 */
function analyticsVisitor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string | null {
  const current = request.cookies[ANALYTICS_COOKIE];
  const consent = parseConsent(request.cookies[CONSENT_COOKIE]);
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  if (!consent?.categories.includes('analytical')) {
    if (current !== undefined) {
      reply.header('set-cookie', app.serializeCookie(ANALYTICS_COOKIE, '', { ...options, maxAge: 0 }));
    }
    return null;
  }
  if (current && VISITOR_ID.test(current)) return current;
  const visitorId = randomBytes(18).toString('base64url');
  reply.header(
    'set-cookie',
    app.serializeCookie(ANALYTICS_COOKIE, visitorId, { ...options, maxAge: ANALYTICS_MAX_AGE_SECONDS }),
  );
  return visitorId;
}
