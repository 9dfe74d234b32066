import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#app-context';
import { FORM_SURVEY_COOKIE } from '../common/forms/settings.ts';
import { LOCALE_COOKIE, resolveLocale } from '../common/locale.ts';
import { isLocale } from '../common/localized-text.ts';
import type { Config } from './config.ts';
import { VersionedCache } from './domains/cache.ts';
import type { SubmittedFiles } from './domains/forms/files.ts';
import { isMultipart, type ReceivedPost, receiveFormPost, removeScratch } from './domains/forms/uploads.ts';
import { createSiteServices } from './domains/site/services.ts';
import { noteSearch } from './domains/statistics/collect.ts';
import { AppError } from './errors.ts';
import { createFormFileStorage, createMediaStorage, type MediaStorage } from './media/storage.ts';

/**
 * The public site: React Router renders every path the API does not own. Registered in its own
 * encapsulated context, because the adapter replaces the body parsers with a pass-through.
 */
export const webRoutes: FastifyPluginAsync<{
  config: Config;
  devServer?: ViteDevServer | undefined;
}> = async (app, options) => {
  const siteCache = new VersionedCache();
  const formFileStorage = createFormFileStorage(options.config);
  const formPosts = new WeakMap<FastifyRequest, ReceivedPost | 'tooLarge'>();
  const formFilesOf = formFilesOfWith(formFileStorage, createMediaStorage(options.config));
  // A form block with a file question posts multipart/form-data to its page. The files are read
  // here, as they stream in, into scratch files (never into memory, each cut off at the media
  // limit); React Router's action then gets the text fields, and each file field as its file's
  // name, as an ordinary URL-encoded form, and the forms domain gets the files themselves.
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !isMultipart(request.headers['content-type'])) return;
    const body = request.body instanceof Readable ? request.body : request.raw;
    let fields: [string, string][] = [];
    try {
      const post = await receiveFormPost(body, request.headers, formFileStorage);
      formPosts.set(request, post);
      fields = [
        ...post.fields,
        ...[...post.files].map(([name, file]): [string, string] => [name, file.fileName]),
      ];
    } catch (error) {
      // Too large or broken: the page says so (a client never causes a 5xx here).
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      if (error.code === 'payload_too_large') formPosts.set(request, 'tooLarge');
    }
    request.body = new URLSearchParams(fields);
    delete request.headers['content-length'];
    delete request.headers['transfer-encoding'];
    request.headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  });
  app.addHook('onResponse', async (request) => {
    const post = formPosts.get(request);
    if (post && post !== 'tooLarge') await removeScratch(post);
  });
  await app.register(fastifyReactRouter, {
    ...(options.devServer ? { devServer: options.devServer } : {}),
    serverBuildPath: path.join(options.config.buildDir, 'server/index.js'),
    clientBuildDirectory: path.join(options.config.buildDir, 'client'),
    // The build wrote a .br and a .gz beside each compressible asset: send the one the browser
    // accepts (with Vary: accept-encoding), and never the copies under their own names.
    staticOptions: { preCompressed: true, globIgnore: ['**/*.br', '**/*.gz'] },
    getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      const query = request.query as Record<string, unknown> | undefined;
      context.set(appContext, {
        site: createSiteServices({
          db: app.database.db,
          actor: request.actor,
          user: request.auth.method === 'none' ? null : request.auth.user,
          log: request.log,
          cache: siteCache,
          onSearch: (search) => noteSearch(request, search),
          request: {
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
          },
        }),
        // The site speaks Dutch unless the visitor chose English (?lang= or the remembered cookie);
        // the browser's Accept-Language only picks the language of API error messages.
        locale: resolveLocale({
          query: typeof query?.lang === 'string' ? query.lang : undefined,
          cookie: request.cookies[LOCALE_COOKIE],
        }),
        localeFromQuery: isLocale(query?.lang),
        nonce: (reply.raw as ServerResponse & { cspNonce?: string }).cspNonce ?? '',
        requestId: request.id,
        origin: options.config.publicUrl ?? `${request.protocol}://${request.host}`,
        hasTranslationService: options.config.translateUrl !== undefined,
      });
      return context;
    },
  });
};

function formFilesOfWith(storage: MediaStorage, mediaStorage: MediaStorage) {
  return (post: ReceivedPost | 'tooLarge' | undefined): SubmittedFiles | 'tooLarge' | undefined =>
    post === undefined || post === 'tooLarge' ? post : { received: post.files, storage, mediaStorage };
}
