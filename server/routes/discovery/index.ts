import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FEED_TYPES, type FeedFormat } from '../../../common/discovery.ts';
import type { Locale } from '../../../common/localized-text.ts';
import {
  faviconLocation,
  listFeedDocument,
  manifestDocument,
  robotsDocument,
  securityDocument,
  siteFeedDocument,
  sitemapDocument,
  sitemapIndexDocument,
} from '../../domains/discovery/index.ts';
import { makeEntry, ResponseCache, sendCached, VERSION_WAIT_MS } from '../../http/public-cache.ts';

/**
 * Issue 30: what the site publishes for machines, at the addresses they look for it: `/robots.txt`,
 * `/sitemap.xml` and its sitemaps, feeds, `/favicon.ico`, the web app manifest and
 * `/.well-known/security.txt`. Each is the same for every caller (what an anonymous visitor may
 * see), so each is kept once per site address and content version, as the visitors' pages are
 * (server/http/public-cache.ts), and made again when the content changes or its minute ends
 * (scheduled items appear, expired ones go). What does not exist is a small text 404, never the
 * site's HTML page. These are documents, not API operations: left out of the OpenAPI description.
 */
export const discoveryRoutes: FastifyPluginAsync = async (app) => {
  const cache = new ResponseCache({ maxBytes: 64 * 1024 * 1024 });
  const originOf = (request: FastifyRequest) =>
    app.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  const localeOf = (request: FastifyRequest): Locale =>
    (request.query as Record<string, unknown> | undefined)?.lang === 'en' ? 'en' : 'nl';

  type Made = { status: number; type?: string; body: string; location?: string } | null;

  /** Answers from the cache, or makes the answer once (others asking meanwhile wait for it). */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    make: (origin: string) => Promise<Made>,
  ) => {
    const origin = originOf(request);
    const fullKey = `${origin}\u0000${key}`;
    const version = await app.contentVersion.current({ maxWaitMs: VERSION_WAIT_MS });
    const found = await cache.lookupOrClaim(fullKey, version);
    if (found.entry) return sendCached(request, reply.header('x-cache', 'hit'), found.entry);
    const { settle } = found;
    try {
      const made = (await make(origin)) ?? {
        status: 404,
        type: 'text/plain; charset=utf-8',
        body: 'Not found\n',
      };
      const headers: [string, string][] = [
        ['cache-control', 'public, max-age=300'],
        ...(made.type ? [['content-type', made.type] as [string, string]] : []),
        ...(made.location ? [['location', made.location] as [string, string]] : []),
      ];
      const entry = await makeEntry({
        status: made.status,
        headers,
        body: Buffer.from(made.body, 'utf8'),
        expiresAt: cache.expiryNow(),
      });
      settle(entry);
      return sendCached(request, reply, entry);
    } catch (error) {
      settle(null);
      throw error;
    }
  };

  const document = (type: string, body: string | null): Made =>
    body === null ? null : { status: 200, type, body };
  const XML = 'application/xml; charset=utf-8';
  const TEXT = 'text/plain; charset=utf-8';
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, (request, reply) =>
    serve(request, reply, 'robots', async (origin) =>
      document(TEXT, await robotsDocument(app.database.db, origin)),
    ),
  );

  app.get('/sitemap.xml', hidden, (request, reply) =>
    serve(request, reply, 'sitemap', async (origin) =>
      document(XML, await sitemapIndexDocument(app.database.db, origin)),
    ),
  );

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hidden, (request, reply) => {
    const name = /^([\w-]{1,80})\.xml$/.exec(request.params.file)?.[1];
    return serve(request, reply, `sitemaps/${name ?? ''}`, async (origin) =>
      name ? document(XML, await sitemapDocument(app.database.db, origin, name)) : null,
    );
  });

  for (const format of ['rss', 'atom'] as const satisfies FeedFormat[]) {
    const type = `${FEED_TYPES[format]}; charset=utf-8`;
    app.get(`/feed.${format}`, hidden, (request, reply) => {
      const locale = localeOf(request);
      return serve(request, reply, `feed.${format}|${locale}`, async (origin) =>
        document(type, await siteFeedDocument(app.database.db, { origin, format, locale })),
      );
    });
  }

  app.get<{ Params: { file: string } }>('/feeds/:file', hidden, (request, reply) => {
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(rss|atom)$/.exec(
      request.params.file,
    );
    const locale = localeOf(request);
    const blockGuid = match?.[1];
    const format = match?.[2] as FeedFormat | undefined;
    return serve(request, reply, `feeds/${match ? request.params.file : ''}|${locale}`, async (origin) =>
      blockGuid && format
        ? document(
            `${FEED_TYPES[format]}; charset=utf-8`,
            await listFeedDocument(app.database.db, { origin, blockGuid, format, locale }),
          )
        : null,
    );
  });

  app.get('/favicon.ico', hidden, (request, reply) =>
    serve(request, reply, 'favicon', async () => {
      const location = await faviconLocation(app.database.db);
      return location ? { status: 302, location, body: '' } : null;
    }),
  );

  app.get('/manifest.webmanifest', hidden, (request, reply) =>
    serve(request, reply, 'manifest', async () =>
      document(
        'application/manifest+json; charset=utf-8',
        JSON.stringify(await manifestDocument(app.database.db)),
      ),
    ),
  );

  app.get('/.well-known/security.txt', hidden, (request, reply) =>
    serve(request, reply, 'security', async (origin) =>
      document(TEXT, await securityDocument(app.database.db, origin)),
    ),
  );
};

/** Requests for machine documents that name nothing: a small 404 instead of the site's HTML page. */
export function isMachineDocumentPath(pathname: string): boolean {
  return /\.(xml|txt|ico|rss|atom|webmanifest)$/i.test(pathname);
}
