import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ViteDevServer } from 'vite';
import { LOCALE_COOKIE, readCookie, resolveLocale } from '../common/locale.ts';
import { registerAuth, UNSAFE_METHODS } from './auth.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, requestStart } from './db/client.ts';
import {
  ContentChanges,
  ContentVersionClock,
  followNodeClock,
  readContentVersion,
  VersionedCache,
} from './domains/cache.ts';
import { registerStatistics } from './domains/statistics/collect.ts';
import { errorBody, registerErrorHandling } from './errors.ts';
import { lazyApiReference } from './http/api-docs.ts';
import { acceptEmptyJsonBodies, documentStandardErrors } from './http/api-errors.ts';
import { registerIdleCollection } from './http/idle-collection.ts';
import { registerLifecycle } from './http/lifecycle.ts';
import { metricsRoutes, registerMetrics } from './http/metrics.ts';
import { LoadShedder, registerLoadShedding } from './http/overload.ts';
import { isPublicRead, ResponseCache, registerPublicApiCache } from './http/public-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerUploadGate } from './http/upload-gate.ts';
import { registerJobs } from './jobs/index.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { scratchSpaceFor } from './media/scratch.ts';
import type { ANONYMOUS } from './policies/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { backupRoutes } from './routes/backups/index.ts';
import { buildingBlockRoutes } from './routes/building-blocks/index.ts';
import { cacheRoutes } from './routes/cache/index.ts';
import { dashboardRoutes } from './routes/dashboard/index.ts';
import { discoveryRoutes } from './routes/discovery/index.ts';
import { formRoutes } from './routes/forms/index.ts';
import { geocodeRoutes } from './routes/geocode/index.ts';
import { headerImageRoutes } from './routes/header-images/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { invitationRoutes } from './routes/invitations/index.ts';
import { itemTypeRoutes } from './routes/item-types/index.ts';
import { linkRoutes } from './routes/links/index.ts';
import { listItemRoutes } from './routes/list-items/index.ts';
import { logRoutes } from './routes/logs/index.ts';
import { mediaRoutes } from './routes/media/index.ts';
import { menuRoutes } from './routes/menus/index.ts';
import { pageDraftRoutes } from './routes/page-drafts/index.ts';
import { pageRoutes } from './routes/pages/index.ts';
import { platformSettingRoutes } from './routes/platform-settings/index.ts';
import { profilePropertyDefinitionRoutes } from './routes/profile-property-definitions/index.ts';
import { profileRoutes } from './routes/profiles/index.ts';
import { redirectRoutes } from './routes/redirects/index.ts';
import { reusableBlockRoutes } from './routes/reusable-blocks/index.ts';
import { roleRoutes } from './routes/roles/index.ts';
import { searchRoutes } from './routes/search/index.ts';
import { securityRoutes } from './routes/security/index.ts';
import { statisticsRoutes } from './routes/statistics/index.ts';
import { translationRoutes } from './routes/translations/index.ts';
import { trashRoutes } from './routes/trash/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { webRoutes } from './web.ts';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to SMTP_URL, or the outbox under DATA_DIR. */
  mailer?: Mailer;
  /** Where log lines go (standard output by default); tests capture them to check what is logged. */
  logStream?: { write(line: string): void };
  /** Serve the React Router site: the built app (production), a Vite dev server (development), or nothing (API tests). */
  web?: { devServer?: ViteDevServer } | false;
};

/** Trust the first `hops` proxies in front of us, whatever their address (TRUST_PROXY=<number>). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole application as a Fastify instance; `server/main.ts` only listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const isDevelopment = config.env === 'development';
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]'],
        remove: true,
      },
    },
    genReqId: (request) => {
      const header = request.headers['x-correlation-id'];
      return typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
    },
    // Believe X-Forwarded-For only from the proxies the operator names (TRUST_PROXY, off by
    // default): a client must not choose its own address, the sign-in limit keys on it.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500, ignoreDuplicateSlashes: true },
    return503OnClosing: true,
    // A URL the router cannot decode (broken percent-encoding) never reaches the hooks or the error
    // handler: answer it in the API's error shape and language all the same.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = resolveLocale({
        query: new URLSearchParams(request.raw.url?.split('?')[1] ?? '').get('lang'),
        cookie: readCookie(request.headers.cookie, LOCALE_COOKIE),
        acceptLanguage: request.headers['accept-language'],
      });
      // A path parameter longer than any id (maxParamLength) names nothing: not found. Any other
      // client error of the router is a bad request; only the rest is ours.
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.status(404).send(errorBody('not_found', locale));
      }
      const isClientError = error.code === 'FST_ERR_BAD_URL' || (error.statusCode ?? 500) < 500;
      if (!isClientError) request.log.error({ err: error }, 'router error');
      return reply
        .status(isClientError ? 400 : 500)
        .send(errorBody(isClientError ? 'bad_request' : 'internal_error', locale));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every request remembers when it began: on PGlite the statements of earlier requests go first.
  // A callback hook, so that everything after it runs inside the context (server/db/client.ts).
  app.addHook('onRequest', (_request, _reply, done) => requestStart.run(performance.now(), done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  const mailer = options.mailer ?? createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  app.decorateRequest('locale', 'nl');
  app.decorateRequest('actor', null as unknown as typeof ANONYMOUS);

  await app.register(fastifyCookie);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
    const query = request.query as Record<string, unknown> | undefined;
    request.locale = resolveLocale({
      query: typeof query?.lang === 'string' ? query.lang : undefined,
      cookie: request.cookies?.[LOCALE_COOKIE],
      acceptLanguage: request.headers['accept-language'],
    });
  });
  // Security headers on every answer, cached ones too (before the caches' hooks, which may answer).
  const security = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Scripts: the site's own files and its inline scripts by nonce or hash (security-headers.ts).
        // Mantine sets CSS variables in style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: isDevelopment ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        // Video and map blocks, and the editor's preview of a draft (issue 13), which frames the site
        // itself. Other sites may not frame ours (helmet's frame-ancestors 'self').
        frameSrc: [
          "'self'",
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          'https://www.openstreetmap.org',
        ],
        upgradeInsecureRequests:
          config.env === 'production' && config.publicUrl?.startsWith('https:') ? [] : null,
      },
    },
    // Nothing of our URLs goes to other sites (receipt links are secrets), but our own pages do
    // send their origin: with no-referrer browsers send `Origin: null` on a same-site form post,
    // which React Router's action check rightly refuses (issue 11, forms without JavaScript).
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ?? false,
  });
  app.decorate('security', security);
  registerAuth(app);
  // Uploads (issue 34): a multipart body is refused unread unless its route takes it from this caller.
  registerUploadGate(app, scratchSpaceFor(config));
  // The content version (DESIGN "cache"), read at most every 50 ms per node and afresh after this
  // node took a write: before its answer leaves, so the writer's next read already sees it. Tests
  // read it every time, as they change the database behind the app's back.
  // With each new version it reads what the versions since changed (cache tags, issue 29), so the
  // visitors' caches keep what a change did not touch.
  const changes = new ContentChanges();
  // The read goes first on PGlite's queue of statements (server/db/client.ts): every request waits
  // for it, so it does not queue behind the renders and writes of others.
  const clock = new ContentVersionClock(
    () => requestStart.run(0, () => readContentVersion(database.db, changes)),
    {
      maxAgeMs: config.env === 'test' ? 0 : 50,
    },
  );
  app.decorate('contentVersion', clock);
  app.decorate('contentChanges', changes);
  followNodeClock(database.db, { current: () => clock.current(), changes });
  // Views kept per content version and shared by actors of one class (flags and roles): the site's
  // pages (server/web.ts) and the API's page reads, for visitors and signed-in users alike.
  app.decorate('views', new VersionedCache(changes));
  app.addHook('onSend', async (request) => {
    if (UNSAFE_METHODS.has(request.method) && !isPublicRead(request)) clock.invalidate();
  });
  // Anonymous public API reads (issue 12): answered from memory while the content version holds.
  registerPublicApiCache(app, clock, new ResponseCache({ maxBytes: 32 * 1024 * 1024, changes }));
  // Overload (issue 29): reads that need work are refused while a queue stands (after the cache: a
  // hit is always served). The site's pages are gated where their render begins (web.ts).
  registerLoadShedding(app, new LoadShedder({ targetMs: config.overloadWaitMs, minInFlight: 16 }));
  // Statistics (issue 10): public page views counted in memory, flushed in batches.
  registerStatistics(app);
  // Issue 28: a stopping node answers not-ready first; Prometheus metrics (METRICS_PORT / METRICS_TOKEN).
  registerLifecycle(app);
  registerMetrics(app);
  // The memory plateau (issue 28): a quiet node collects its garbage once; tests share one process.
  app.decorate(
    'idleCollection',
    registerIdleCollection(app, config.env === 'test' ? 0 : config.idleCollectionMs),
  );
  // Scheduled work (issue 11: form retention), once across nodes; not in tests, which run jobs themselves.
  registerJobs(app, { enabled: config.env !== 'test' });

  await app.register(fastifyRateLimit, { global: false });
  // HTML and JSON leave compressed (brotli when the browser takes it). Quality 4 is most of
  // brotli's gain at a small part of its cost per response; built assets are precompressed at
  // build time at the highest quality instead (scripts/precompress.ts).
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bouwsteen API',
        version: '0.1.0',
        description:
          'Pages, menus, settings and building blocks of a Bouwsteen site. Errors answer `{ error: { code, message } }`.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  const docsNonce = randomBytes(16).toString('base64');
  await app.register(lazyApiReference, {
    routePrefix: '/api/docs',
    configuration: { url: '/api/openapi.json', pageTitle: 'Bouwsteen API', nonce: docsNonce },
    // The reference page's bootstrap script is inline: allow exactly that script by its nonce.
    onRequest: async (_request, reply) => {
      reply.header(
        'content-security-policy',
        `default-src 'self'; script-src 'self' 'nonce-${docsNonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'`,
      );
    },
  });

  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  documentStandardErrors(app);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(platformSettingRoutes);
  await app.register(menuRoutes);
  await app.register(redirectRoutes);
  await app.register(trashRoutes);
  await app.register(pageRoutes);
  await app.register(reusableBlockRoutes);
  await app.register(buildingBlockRoutes);
  await app.register(pageDraftRoutes);
  await app.register(headerImageRoutes);
  await app.register(logRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(invitationRoutes);
  await app.register(roleRoutes);
  await app.register(profilePropertyDefinitionRoutes);
  await app.register(userRoutes);
  await app.register(listItemRoutes);
  await app.register(itemTypeRoutes);
  await app.register(formRoutes);
  await app.register(searchRoutes);
  await app.register(linkRoutes);
  await app.register(geocodeRoutes);
  await app.register(mediaRoutes);
  await app.register(cacheRoutes);
  await app.register(backupRoutes);
  await app.register(statisticsRoutes);
  await app.register(translationRoutes);
  await app.register(dashboardRoutes);
  // Issue 30: robots.txt, sitemaps, feeds, favicon, manifest and security.txt.
  await app.register(discoveryRoutes);

  // Unknown API paths answer in JSON, not with the site's 404 page.
  for (const path of ['/api', '/api/*']) {
    app.all(path, { schema: { hide: true } }, async (request, reply) =>
      reply.status(404).send(errorBody('not_found', request.locale)),
    );
  }

  if (options.web !== false) {
    await app.register(webRoutes, { config, devServer: options.web?.devServer });
  }
  return app;
}
