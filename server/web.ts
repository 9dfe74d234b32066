import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyPluginAsync } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#app-context';
import { FORM_SURVEY_COOKIE } from '../common/forms/settings.ts';
import { LOCALE_COOKIE, resolveLocale } from '../common/locale.ts';
import { isLocale } from '../common/localized-text.ts';
import type { Config } from './config.ts';
import { VersionedCache } from './domains/cache.ts';
import { createSiteServices } from './domains/site/services.ts';
import { noteSearch } from './domains/statistics/collect.ts';

/**
 * The public site: React Router renders every path the API does not own. Registered in its own
 * encapsulated context, because the adapter replaces the body parsers with a pass-through.
 */
export const webRoutes: FastifyPluginAsync<{
  config: Config;
  devServer?: ViteDevServer | undefined;
}> = async (app, options) => {
  const siteCache = new VersionedCache();
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
