// Only the Mantine styles public pages use (issue 12); signed-in screens and overlays load theirs lazily.
import './styles/mantine-site.css';
import './styles/site.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { use, useEffect, useMemo } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaDescriptor,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appContext } from '#app-context';
import { CONSENT_COOKIE, parseConsent } from '../common/cookie-consent';
import { LOCALE_COOKIE, readCookie } from '../common/locale';
import { SITE_IMAGES } from '../common/media';
import type { CookieCategory } from '../common/settings';
import { AUTO_TRANSLATE_COOKIE, isAutoTranslateOn } from '../common/translation';
import type { Route } from './+types/root';
import { ClickHoldScript, useHydrated } from './components/click-hold';
import { CookieConsentProvider } from './components/cookie-consent';
import { mediaUrl } from './components/media-url';
import { NavigationProgress } from './components/NavigationProgress';
import { useRouteFocus } from './components/route-focus';
import { StatusPage } from './components/StatusPage';
import { SmoothAnchorScroll } from './components/scroll';
import { StylesheetTwins } from './components/stylesheet-twins';
import { createI18n, hasLocale, I18nProvider, loadLocale, sharedCatalogue, useTranslation } from './i18n';
import { ADMIN_LAYOUT_ID, isAdminPath } from './layouts/admin-area';
import { lastRootData, RootDataProvider, useLastRootData, useRootData } from './layouts/root-data';
import { SiteShellLayout } from './layouts/SiteShellLayout';
import { installBrowserLog } from './logging/browser-log';
import { sharedSiteTheme } from './theme';
import { ThemeCssVariables } from './theme-variables';

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [shell, viewer] = await Promise.all([
    app.site.getShell({ locale: app.locale }),
    app.site.getViewer(),
  ]);
  const cookies = request.headers.get('cookie');
  // What the page needs of the consent is its categories; the date stays in the cookie, so every
  // visitor with the same choice gets the same page (the page cache keys on the categories).
  const consentCookie = parseConsent(readCookie(cookies, CONSENT_COOKIE));
  const consent = consentCookie && { categories: consentCookie.categories, date: '' };
  // Automatic translation (SPEC 1, 9): offered when the site turned it on and has a service.
  const autoTranslate = {
    isOffered: shell.settings.autoTranslate === 'true' && app.hasTranslationService,
    hasService: app.hasTranslationService,
    isOn: isAutoTranslateOn(readCookie(cookies, AUTO_TRANSLATE_COOKIE)),
  };
  const headers = new Headers();
  if (app.localeFromQuery) {
    // Remember an explicit language choice for the next visits.
    headers.append('Set-Cookie', `${LOCALE_COOKIE}=${app.locale}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  return data({ shell, viewer, consent, autoTranslate, nonce: app.nonce, origin: app.origin }, { headers });
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data'];

export function useShell() {
  const root = useRootData();
  if (!root) throw new Error('root loader data missing');
  return root.shell;
}

/** Title and description for screens without their own meta: error and not-found pages. */
export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  // A failed client-side load has no root data: the shell of the last load is still the one shown.
  const shell = lastRootData(loaderData)?.shell;
  const settings = shell?.settings;
  const siteName = settings?.platformName ?? 'Bouwsteen';
  const status = sharedCatalogue(shell?.locale ?? 'nl').status;
  if (!error)
    return [
      { title: siteName },
      { name: 'description', content: settings?.platformDescription ?? '' },
      // Issue 30: a test site keeps search engines away from every page.
      ...(settings?.discourageSearchEngines === 'true' ? [{ name: 'robots', content: 'noindex' }] : []),
    ];
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const isBusy = isRouteErrorResponse(error) && error.status === 503;
  const title = isNotFound ? status.notFound.title : isBusy ? status.busy.title : status.error.title;
  return [{ title: `${title} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

const NO_CATEGORIES: CookieCategory[] = [];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useLastRootData(useRouteLoaderData<typeof loader>('root'));
  const { pathname } = useLocation();
  const shell = root?.shell;
  const locale = shell?.locale ?? 'nl';
  // Switching to a language whose texts this browser has not loaded yet: the navigation (a
  // transition) keeps the current page until they are here (entry.client.tsx loads the first one).
  if (!hasLocale(locale)) use(loadLocale(locale));
  const i18n = useMemo(() => createI18n(locale), [locale]);
  const colorScheme = shell?.settings.colorScheme ?? '#1f6fb2';
  const theme = sharedSiteTheme(colorScheme, {
    close: i18n.t('buttons.close'),
    clear: i18n.t('buttons.clear'),
    eyeDropper: i18n.t('colorPicker.eyeDropper'),
  });
  const favicon = mediaUrl(shell?.settings.favicon ?? '', SITE_IMAGES.favicon);
  const nonce = root?.nonce;
  useEffect(() => installBrowserLog(), []);
  useHydrated();
  return (
    <html
      lang={locale}
      dir="ltr"
      // Admin screens have a taller fixed bar, so in-page anchors stop lower there (site.css).
      data-area={isAdminPath(pathname) ? 'admin' : 'site'}
      {...mantineHtmlProps}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First: a click made before the code is here waits for it (issue 35). */}
        <ClickHoldScript nonce={nonce} />
        {shell?.settings.browserColor ? (
          <meta name="theme-color" content={shell.settings.browserColor} />
        ) : null}
        <link rel="manifest" href="/manifest.webmanifest" />
        {favicon ? <link rel="icon" href={favicon} /> : null}
        <Meta />
        <Links />
        <StylesheetTwins />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
            <ThemeCssVariables theme={theme} />
            <RootDataProvider value={root}>
              <CookieConsentProvider
                initialConsent={root?.consent ?? null}
                categories={shell?.optionalCookieCategories ?? NO_CATEGORIES}
              >
                <NavigationProgress />
                <SmoothAnchorScroll />
                {children}
              </CookieConsentProvider>
            </RootDataProvider>
          </MantineProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useRouteFocus();
  // The admin area brings its own shell (web/routes/admin/layout.tsx).
  const isAdminArea = useMatches().some((match) => match.id === ADMIN_LAYOUT_ID);
  if (isAdminArea) return <Outlet />;
  return (
    <SiteShellLayout>
      <Outlet />
    </SiteShellLayout>
  );
}

/**
 * Not found and failed loads render inside the site's shell (with the right HTTP status on the
 * server), never as a blank screen. Without the root's data (the shell itself failed) the message
 * stands alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  // The server refused the page's data for now (issue 29: overloaded, 503 with Retry-After).
  const isBusy = isRouteErrorResponse(error) && error.status === 503;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const texts = isNotFound ? 'status.notFound' : isBusy ? 'status.busy' : 'status.error';
  useEffect(() => {
    // Reaches the server through the browser log; a 404 is the visitor's typo and a 503 the load of
    // the moment, not our failure.
    if (!isNotFound && !isBusy) console.error('[route] error boundary:', error);
  }, [error, isNotFound, isBusy]);
  const page = (
    <StatusPage
      status={status}
      title={t(`${texts}.title`)}
      text={t(`${texts}.text`)}
      showHomeLink
      showRetry={!isNotFound}
    />
  );
  return <SiteShellLayout>{page}</SiteShellLayout>;
}
