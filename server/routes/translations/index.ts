import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALE_COOKIE } from '../../../common/locale.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { translationRequestSchema } from '../../../common/translation-schemas.ts';
import * as translation from '../../domains/translation/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

/** Paths that are no page of the site (the API, media, built files): never read for a translation. */
const NOT_PAGES = /^\/(?:api|a|assets)(?:\/|$)/;

/** The request headers a page's render reads, passed on so it is rendered as the caller sees it. */
const PASSED_HEADERS = ['host', 'authorization', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * The texts the page at `page` shows the caller (issue 34): the site renders it in-process, as it
 * would for the caller reading it in `to` (their session or token, cookie choices, host and
 * forwarding headers, from the same address), and the Dutch passages' text nodes are read from the
 * HTML. A visitor's render comes from the page cache; `purpose: prefetch` keeps it out of the
 * statistics. Anything but a 200 HTML page shows nothing.
 */
function pageTextsOf(request: FastifyRequest) {
  return async (page: string, languages: { from: Locale; to: Locale }): Promise<Set<string>> => {
    const url = new URL(page, 'http://site.invalid');
    if (NOT_PAGES.test(url.pathname)) return new Set();
    // The language comes as the cookie: a `?lang=` render is never cached and sets a cookie.
    url.searchParams.delete('lang');
    const cookies = { ...request.cookies, [LOCALE_COOKIE]: languages.to };
    const headers: Record<string, string> = {
      accept: 'text/html',
      purpose: 'prefetch',
      cookie: Object.entries(cookies)
        .flatMap(([name, value]) =>
          typeof value === 'string' ? [`${name}=${encodeURIComponent(value)}`] : [],
        )
        .join('; '),
    };
    for (const name of PASSED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await request.server.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress: request.socket.remoteAddress ?? '127.0.0.1',
    });
    const contentType = String(response.headers['content-type'] ?? '');
    if (response.statusCode !== 200 || !contentType.startsWith('text/html')) return new Set();
    return translation.shownTexts(response.body, languages.from);
  };
}

/** Automatic translation of the site's texts (SPEC 1, 9), for anyone reading the site. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const translator = app.config.translateUrl
    ? translation.libreTranslate({
        url: app.config.translateUrl,
        apiKey: app.config.translateApiKey,
        timeoutMs: app.config.translateTimeoutMs,
      })
    : null;

  app.post(
    '/api/translations',
    {
      // Anyone may ask, so the service is kept from becoming a free translator for the world.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['translations'],
        summary: 'Translate texts of a page of the site automatically (when the site offers it)',
        description:
          'Plain texts in, their translations out in the same order. Offered when the setting ' +
          '`autoTranslate` is on and the server has a translation service (TRANSLATE_URL); otherwise 404 ' +
          '`translation_unavailable`. Only texts that the page `page` (its path and query) shows the ' +
          'caller in the language `from` are translated: another text answers null, and a request ' +
          'without any such text 422 `translation_not_shown`. At most 100 texts of 5,000 characters, ' +
          '50,000 in all; 60 requests a minute per address. Characters sent to the service count ' +
          'against daily caps per address and for the site (TRANSLATE_DAILY_CHARACTERS…; 429 ' +
          '`translation_limit_reached`); texts translated before do not count. A service that fails ' +
          'answers 503 `service_unavailable`.',
        body: translationRequestSchema,
        response: {
          200: z.object({ translations: z.array(z.string().nullable()) }),
          ...errorResponses,
          404: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) =>
      translation.translateTexts(
        contextOf(request),
        {
          translator,
          pageTexts: pageTextsOf(request),
          dailyCharacters: app.config.translateDailyCharacters,
        },
        request.body,
      ),
  );
};
