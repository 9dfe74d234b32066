import '@mantine/core/styles.css';
import './styles/site.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appContext } from '#app-context';
import { CONSENT_COOKIE, parseConsent } from '../common/cookie-consent';
import { LOCALE_COOKIE, readCookie } from '../common/locale';
import type { Route } from './+types/root';
import { StatusPage } from './components/StatusPage';
import { createI18n } from './i18n';
import { SiteShellLayout } from './layouts/SiteShellLayout';
import { siteTheme } from './theme';

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [shell, viewer] = await Promise.all([
    app.site.getShell({ locale: app.locale }),
    app.site.getViewer(),
  ]);
  const consent = parseConsent(readCookie(request.headers.get('cookie'), CONSENT_COOKIE));
  const headers = new Headers();
  if (app.localeFromQuery) {
    // Remember an explicit language choice for the next visits.
    headers.append('Set-Cookie', `${LOCALE_COOKIE}=${app.locale}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  return data({ shell, viewer, consent, nonce: app.nonce, origin: app.origin }, { headers });
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data'];

export function useShell() {
  const root = useRouteLoaderData<typeof loader>('root');
  if (!root) throw new Error('root loader data missing');
  return root.shell;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const shell = root?.shell;
  const locale = shell?.locale ?? 'nl';
  const i18n = useMemo(() => createI18n(locale), [locale]);
  const theme = useMemo(
    () => siteTheme(shell?.settings.colorScheme ?? '#1f6fb2'),
    [shell?.settings.colorScheme],
  );
  const nonce = root?.nonce;
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {shell?.settings.browserColor ? (
          <meta name="theme-color" content={shell.settings.browserColor} />
        ) : null}
        {shell?.settings.favicon ? <link rel="icon" href={shell.settings.favicon} /> : null}
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <MantineProvider theme={theme} defaultColorScheme="light">
            {children}
          </MantineProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShellLayout>
      <Outlet />
    </SiteShellLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const i18n = useMemo(() => createI18n(root?.shell.locale ?? 'nl'), [root?.shell.locale]);
  const title = i18n.t(isNotFound ? 'status.notFound.title' : 'status.error.title');
  const text = i18n.t(isNotFound ? 'status.notFound.text' : 'status.error.text');
  const page = <StatusPage title={title} text={text} showHomeLink />;
  return root ? <SiteShellLayout>{page}</SiteShellLayout> : page;
}
