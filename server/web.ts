import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  createHeaders,
  createRequest,
  createUrl,
  fastifyReactRouter,
  sendResponse,
} from '@mcansh/react-router-fastify';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#app-context';
import { FORM_POST_FIELDS } from '../common/forms/public.ts';
import { FORM_SURVEY_COOKIE } from '../common/forms/settings.ts';
import { LOCALE_COOKIE, resolveLocale } from '../common/locale.ts';
import { isLocale } from '../common/localized-text.ts';
import type { Viewer } from '../common/site.ts';
import type { Config } from './config.ts';
import type { SubmittedFiles } from './domains/forms/files.ts';
import {
  FORM_ANSWERS_MAX_BYTES,
  isMultipart,
  pageUploadAllowance,
  type ReceivedPost,
  receiveFormPost,
  removeScratch,
} from './domains/forms/uploads.ts';
import { getPlatformSettings } from './domains/settings/queries.ts';
import { createSiteServices, type FormRequest } from './domains/site/services.ts';
import { readViewer } from './domains/site/viewer.ts';
import { noteSearch } from './domains/statistics/collect.ts';
import { AppError } from './errors.ts';
import { withScriptsAfterFirstPaint } from './http/after-paint.ts';
import { blockCodeOf } from './http/block-code.ts';
import { codeAssetsOf } from './http/code-assets.ts';
import {
  type CompressedTemplate,
  compressTemplate,
  fill,
  gzipFor,
  standInFor,
  templateOf,
} from './http/member-pages.ts';
import { admitRead, refusePage } from './http/overload.ts';
import {
  inlineScriptHashes,
  isPageRead,
  memberPageKey,
  PageCacheDecision,
  pageCacheKey,
  sendCachedPage,
  sharedPagesOf,
} from './http/page-cache.ts';
import {
  type CachedResponse,
  makeEntry,
  preferredEncoding,
  ResponseCache,
  sendCached,
  VERSION_WAIT_MS,
} from './http/public-cache.ts';
import { cspNonce } from './http/security-headers.ts';
import { type UploadRule, uploadLeaseOf } from './http/upload-gate.ts';
import { scratchSpaceFor } from './media/scratch.ts';
import { createFormFileStorage, createMediaStorage, type MediaStorage } from './media/storage.ts';
import { isMachineDocumentPath } from './routes/discovery/index.ts';

/**
 * The public site: React Router renders every path the API does not own. Registered in its own
 * encapsulated context, because the adapter replaces the body parsers with a pass-through.
 */
export const webRoutes: FastifyPluginAsync<{
  config: Config;
  devServer?: ViteDevServer | undefined;
}> = async (app, options) => {
  const formFileStorage = createFormFileStorage(options.config);
  const formPosts = new WeakMap<FastifyRequest, ReceivedPost | 'tooLarge'>();
  const formFilesOf = formFilesOfWith(formFileStorage, createMediaStorage(options.config));
  const scratch = scratchSpaceFor(options.config);
  /** Per post that may carry files (upload gate), the forms on its page that take them from this visitor. */
  const fileForms = new WeakMap<FastifyRequest, Set<string>>();

  const formRequestOf = (request: FastifyRequest): FormRequest => ({
    mailer: app.mailer,
    client: {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      sessionId: request.auth.method === 'session' ? request.auth.sessionId : null,
      origin: options.config.publicUrl ?? `${request.protocol}://${request.host}`,
    },
    xsrfToken: request.auth.method === 'session' ? request.auth.xsrfToken : null,
    formSurveyCookie: request.cookies[FORM_SURVEY_COOKIE],
    isSecure: request.protocol === 'https',
    formFiles: formFilesOf(formPosts.get(request)),
  });
  const siteOf = (
    request: FastifyRequest,
    hooks: Pick<
      Parameters<typeof createSiteServices>[0],
      'onSearch' | 'onVisitorSpecific' | 'onDepends' | 'viewer'
    > = {},
    /** The content version a kept render is made for (ResponseCache): no read of the clock. */
    version?: string,
  ) =>
    createSiteServices({
      db: app.database.db,
      actor: request.actor,
      user: request.auth.method === 'none' ? null : request.auth.user,
      log: request.log,
      cache: app.views,
      ...hooks,
      currentVersion: version === undefined ? () => app.contentVersion.current() : async () => version,
      request: formRequestOf(request),
    });
  // The site speaks Dutch unless the visitor chose English (?lang= or the remembered cookie);
  // the browser's Accept-Language only picks the language of API error messages.
  const siteLocaleOf = (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    return resolveLocale({
      query: typeof query?.lang === 'string' ? query.lang : undefined,
      cookie: request.cookies[LOCALE_COOKIE],
    });
  };

  /**
   * Files come only with a form post to a page whose form has a file question and takes this
   * visitor's submission now, up to that form's size (issue 34): decided before the body is read
   * (server/http/upload-gate.ts), from the page as this visitor gets it.
   */
  const pageUploads: UploadRule = async (request) => {
    if (request.method !== 'POST')
      throw new AppError('upload_not_accepted', 'files come with a form post only');
    const [pathname = '/', search = ''] = request.url.split('?');
    const view = await siteOf(request).getPageByPath({
      path: sitePathOf(pathname),
      locale: siteLocaleOf(request),
      query: new URLSearchParams(search),
    });
    const allowance = pageUploadAllowance(
      { user: request.auth.method === 'none' ? null : request.auth.user },
      view,
    );
    fileForms.set(request, allowance.formGuids);
    return allowance;
  };

  // What the site's route reads: files only as above, any other body (a form post without files,
  // read by React Router into memory) up to what a form's answers may hold.
  const siteRouteConfig = { uploads: pageUploads, streamedBodyMaxBytes: FORM_ANSWERS_MAX_BYTES };

  // A form block with a file question posts multipart/form-data to its page. The files are read
  // here, as they stream in, into scratch files (never into memory, each cut off at the media
  // limit, all counted against the node's scratch cap); React Router's action then gets the text
  // fields, and each file field as its file's name, as an ordinary URL-encoded form, and the forms
  // domain gets the files themselves. The upload gate let only such posts through, unread.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !isMultipart(request.headers['content-type'])) return;
    const body = request.body instanceof Readable ? request.body : request.raw;
    let fields: [string, string][] = [];
    try {
      const lease = uploadLeaseOf(request) ?? scratch.lease();
      const received = await receiveFormPost(body, request.headers, formFileStorage, lease);
      // Scratch files go when the answer has gone, or the connection did (an aborted request too).
      reply.raw.once('close', () => void removeScratch(received));
      const named = received.fields.find(([name]) => name === FORM_POST_FIELDS.form)?.[1] ?? '';
      // Files go only to a form on this page that takes them (the post names its form itself).
      const post = fileForms.get(request)?.has(named) ? received : { ...received, files: new Map() };
      if (post !== received) await removeScratch(received);
      formPosts.set(request, post);
      fields = [
        ...post.fields,
        ...[...post.files].map(([name, file]): [string, string] => [name, file.fileName]),
      ];
    } catch (error) {
      // Too large or broken: the page says so (a client never causes a 5xx here; a full scratch
      // space is the server's 503).
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      if (error.code === 'payload_too_large') formPosts.set(request, 'tooLarge');
    }
    request.body = new URLSearchParams(fields);
    delete request.headers['content-length'];
    delete request.headers['transfer-encoding'];
    request.headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  });
  const loadContext = (
    request: FastifyRequest,
    reply: FastifyReply,
    pageCache: PageCacheDecision,
    /** A members' page's stand-in viewer (server/http/member-pages.ts). */
    viewer?: Viewer,
    /** The content version a kept render is made for. */
    version?: string,
  ) => {
    const context = new RouterContextProvider();
    const query = request.query as Record<string, unknown> | undefined;
    context.set(appContext, {
      site: siteOf(
        request,
        {
          onSearch: (search) => {
            noteSearch(request, search);
            pageCache.search = search;
          },
          onVisitorSpecific: () => pageCache.forbid(),
          onDepends: (tags) => pageCache.depend(tags),
          viewer,
        },
        version,
      ),
      locale: siteLocaleOf(request),
      localeFromQuery: isLocale(query?.lang),
      nonce: cspNonce(reply),
      requestId: request.id,
      origin: options.config.publicUrl ?? `${request.protocol}://${request.host}`,
      hasTranslationService: options.config.translateUrl !== undefined,
      pageCache: { allow: () => pageCache.allow() },
      codeAssets,
    });
    return context;
  };

  const serverBuildPath = path.join(options.config.buildDir, 'server/index.js');
  const clientBuildDirectory = path.join(options.config.buildDir, 'client');
  const codeAssets = codeAssetsOf(clientBuildDirectory);
  const blockCode = blockCodeOf(codeAssets);
  if (options.devServer) {
    // Development: Vite renders from the sources; nothing is cached.
    await app.register(fastifyReactRouter, {
      devServer: options.devServer,
      serverBuildPath,
      clientBuildDirectory,
      getLoadContext: (request, reply) => loadContext(request, reply, new PageCacheDecision()),
      routeOptions: { config: siteRouteConfig },
    });
    return;
  }

  const assetsDirectory = path.resolve(clientBuildDirectory, 'assets');
  await app.register(fastifyStatic, {
    root: path.resolve(clientBuildDirectory),
    wildcard: false,
    cacheControl: false,
    dotfiles: 'ignore',
    etag: true,
    lastModified: true,
    // The build wrote a .br and a .gz beside each compressible asset: send the one the browser
    // accepts (with Vary: accept-encoding), and never the copies under their own names.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      // Assets carry their content hash in their name: kept for a year. Other files an hour.
      const isAsset = filePath.startsWith(assetsDirectory);
      reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // The site's server build (React, Mantine, every route) loads after the server listens, so a
  // restart is ready sooner (issue 12); a missing build still stops the start.
  const serverBuildFile = path.resolve(serverBuildPath);
  if (!existsSync(serverBuildFile)) {
    throw new Error(`No site build at ${serverBuildFile}: run \`npm run build\` (BUILD_DIR must match).`);
  }
  let site:
    | Promise<{
        build: ServerBuild;
        handle: ReturnType<typeof createRequestHandler>;
        isShared: (path: string) => boolean;
      }>
    | undefined;
  const loadSite = () =>
    (site ??= import(pathToFileURL(serverBuildFile).href).then((build: ServerBuild) => ({
      build,
      handle: createRequestHandler(build, options.config.env),
      isShared: sharedPagesOf(build),
    })));
  app.addHook('onListen', async () => {
    setImmediate(
      () =>
        void loadSite().catch((error: unknown) => app.log.error({ err: error }, 'site build failed to load')),
    );
  });
  // A page is kept until a change touches what it was built from (cache tags, issue 29).
  const pages = new ResponseCache<CachedPage>({ maxBytes: 64 * 1024 * 1024, changes: app.contentChanges });
  // Members' pages, one per class of members (flags, roles, …) and request, filled per answer.
  const memberPages = new ResponseCache<MemberPage>({
    maxBytes: 32 * 1024 * 1024,
    changes: app.contentChanges,
    sizeOf: (entry) => entry.bytes,
  });

  /**
   * A signed-in member's read of a shared page (issue 29): answered from the class's entry with the
   * person filled in, or rendered once for the class with a stand-in viewer and kept.
   */
  const serveMemberPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { handle }: Awaited<ReturnType<typeof loadSite>>,
    { viewer, key, version }: { viewer: Viewer; key: string; version: string },
  ) => {
    // Only a GET makes the class's entry (a HEAD's answer is not kept).
    const found = await memberPages.lookupOrClaim(key, version, request.method === 'GET');
    if (found.entry) {
      if (found.entry.search) noteSearch(request, found.entry.search);
      reply.header('x-cache', 'hit');
      return sendMemberPage(request, reply, found.entry, viewer, cspNonce(reply));
    }
    const { settle } = found;
    if (!admitRead(app, request, reply, found.isRefill)) {
      settle(null);
      return refusePage(reply, app.overload, siteLocaleOf(request));
    }
    try {
      const decision = new PageCacheDecision();
      const nonce = cspNonce(reply);
      const response = await handle(
        request.method === 'GET' ? sharedRenderRequest(request) : createRequest(request, reply),
        loadContext(request, reply, decision, standInFor(viewer), found.version),
      );
      const kind = request.url.split('?')[0]?.endsWith('.data') ? 'data' : 'html';
      const template = response.body === null ? null : templateOf(await response.text(), nonce, kind);
      if (!template) {
        settle(null);
        if (response.body === null) return await sendResponse(reply, response);
        // A stand-in's marker was cut up on its way into the page: rendered for the person instead.
        request.log.warn({ url: request.url }, 'members’ page not filled: rendered for the person');
        const own = await handle(
          createRequest(request, reply),
          loadContext(request, reply, new PageCacheDecision()),
        );
        return await sendResponse(reply, own);
      }
      const isKept =
        request.method === 'GET' &&
        response.status === 200 &&
        decision.isCacheable &&
        !response.headers.has('set-cookie');
      if (!isKept) {
        settle(null);
        const headers = new Headers(response.headers);
        headers.delete('content-length');
        headers.set('cache-control', MEMBER_CACHE_CONTROL);
        const body = fill(template, viewer, nonce);
        return await sendResponse(reply, new Response(body, { status: response.status, headers }));
      }
      const compressed = await compressTemplate(template);
      const kept: MemberPage = {
        status: 200,
        headers: [...response.headers].filter(([name]) => !UNKEPT_HEADERS.has(name.toLowerCase())),
        body: EMPTY,
        br: null,
        etag: '',
        expiresAt: memberPages.expiryNow(),
        tags: decision.tags,
        template: compressed,
        bytes: [...compressed.bytes, ...compressed.deflated].reduce((sum, part) => sum + part.length, 256),
        search: decision.search,
      };
      settle(kept);
      return sendMemberPage(request, reply, kept, viewer, nonce);
    } catch (error) {
      settle(null);
      throw error;
    }
  };

  // React Router reads the body itself (the multipart hook above gave it a URL-encoded one).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.all('*', { config: siteRouteConfig }, async (request, reply) => {
    // A document for machines that is not there (issue 30): a small 404, not the site's page.
    if (isMachineDocumentPath(request.url.split('?')[0] ?? '')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    const loaded = await loadSite();
    const { build, handle } = loaded;
    // A member's read of a page that is the same for everyone with the same flags and roles.
    if (
      request.auth.method === 'session' &&
      isPageRead(request) &&
      loaded.isShared(sitePathOf(request.url.split('?')[0] ?? '/'))
    ) {
      const { db } = app.database;
      const version = await app.contentVersion.current({ maxWaitMs: VERSION_WAIT_MS });
      const settings = () => app.views.get(version, 'platformSettings', () => getPlatformSettings(db));
      const { user } = request.auth;
      const viewer = await app.database.readsUntilWrite.get(`viewer:${user.id}|${version}`, () =>
        readViewer(db, request.actor, user, settings),
      );
      const key = pageCacheKey(request, build.assets.version, memberPageKey(request.actor, viewer));
      if (key !== null) return serveMemberPage(request, reply, loaded, { viewer, key, version });
    }
    const key = pageCacheKey(request, build.assets.version);
    const version = key === null ? '' : await app.contentVersion.current({ maxWaitMs: VERSION_WAIT_MS });
    // The first miss of a key after a change renders it (a GET: a HEAD's answer is not kept);
    // others meanwhile wait for that render.
    const found =
      key === null
        ? { entry: null, isRefill: false, settle: () => {}, version: undefined }
        : await pages.lookupOrClaim(key, version, request.method === 'GET');
    if (found.entry) {
      // A kept search page still counts its search (statistics), as its first render did.
      if (found.entry.search) noteSearch(request, found.entry.search);
      return sendCachedPage(request, reply, found.entry);
    }
    const { settle } = found;
    // A render is work: refused at once while the node has a standing queue (issue 29), unless it
    // makes a kept page again (one per page at a time: it goes back into the cache); a form post or
    // another write is never refused here.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !admitRead(app, request, reply, found.isRefill)) {
      settle(null);
      return refusePage(reply, app.overload, siteLocaleOf(request));
    }
    try {
      const decision = new PageCacheDecision();
      const rendered = await handle(
        key !== null && request.method === 'GET'
          ? sharedRenderRequest(request)
          : createRequest(request, reply),
        loadContext(request, reply, decision, undefined, found.version),
      );
      // A visitor's page paints before its scripts load (issue 32), its block views' among them
      // (issue 31); a signed-in screen starts them at once (and its block views before hydrating).
      const response =
        request.actor.user === null ? await withScriptsAfterFirstPaint(rendered, blockCode) : rendered;
      const isKept =
        key !== null &&
        request.method === 'GET' &&
        response.status === 200 &&
        response.body !== null &&
        decision.isCacheable &&
        !response.headers.has('set-cookie');
      if (!isKept) {
        settle(null);
        return await sendResponse(reply, response);
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(([name]) => !UNKEPT_HEADERS.has(name.toLowerCase()));
      const policy = app.security.withScripts(inlineScriptHashes(body.toString('utf8')));
      // Compressed once, off the event loop: this visitor gets the bytes the next ones will.
      const made = await makeEntry({ status: 200, headers, body, expiresAt: pages.expiryNow() });
      const entry: CachedPage = { ...made, policy, search: decision.search, tags: decision.tags };
      settle(entry);
      return sendCached(request, reply, entry);
    } catch (error) {
      settle(null);
      throw error;
    }
  });
};

/**
 * The request a render that others may wait for (a claimed cache key) is made from: without the
 * adapter's abort when this visitor's connection closes. Aborted, it answered 500 and settled the
 * claim with nothing, and every visitor waiting for it rendered the page again, all at once (seen at
 * the end of each load test phase, issue 29); finished, it fills the cache.
 */
function sharedRenderRequest(request: FastifyRequest): Request {
  return new Request(createUrl(request), { method: 'GET', headers: createHeaders(request.headers) });
}

type CachedPage = CachedResponse & { policy: string; search: PageCacheDecision['search'] };

/** A members' page: the class's render cut at the person's places (never sent as it is). */
type MemberPage = CachedResponse & {
  template: CompressedTemplate;
  bytes: number;
  search: PageCacheDecision['search'];
};

const EMPTY = Buffer.alloc(0);

/**
 * A members' page filled for one person: theirs alone, so never stored by a browser or proxy for
 * another; its nonce is this answer's (the policy header says so on sending).
 */
function sendMemberPage(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: MemberPage,
  viewer: Viewer,
  nonce: string,
): FastifyReply {
  for (const [name, value] of entry.headers) reply.header(name, value);
  reply.header('cache-control', MEMBER_CACHE_CONTROL);
  reply.header('vary', 'accept-encoding');
  reply.status(entry.status);
  if (preferredEncoding(request.headers['accept-encoding'], ['gzip']) === null) {
    return reply.send(fill(entry.template, viewer, nonce));
  }
  const body = gzipFor(entry.template, viewer, nonce);
  reply.header('content-encoding', 'gzip');
  reply.header('content-length', String(body.length));
  return reply.send(body);
}

const MEMBER_CACHE_CONTROL = 'private, no-cache';

/** What a kept page does not replay: the length and encoding are per response, cookies never kept. */
const UNKEPT_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
]);

/**
 * The path of the page a request is for, as the content page's loader reads it (decoded, no
 * trailing slash): an enhanced form posts to the page's data URL (`/contact.data`, `/_.data` for
 * the home page), which React Router serves as the page itself.
 */
function sitePathOf(pathname: string): string {
  const page = pathname.endsWith('/_.data')
    ? pathname.slice(0, -'_.data'.length)
    : pathname.replace(/\.data$/, '');
  let decoded = page;
  try {
    decoded = decodeURIComponent(page);
  } catch {
    // Broken percent-encoding names no page.
  }
  return decoded.replace(/\/+$/, '') || '/';
}

function formFilesOfWith(storage: MediaStorage, mediaStorage: MediaStorage) {
  return (post: ReceivedPost | 'tooLarge' | undefined): SubmittedFiles | 'tooLarge' | undefined =>
    post === undefined || post === 'tooLarge' ? post : { received: post.files, storage, mediaStorage };
}
