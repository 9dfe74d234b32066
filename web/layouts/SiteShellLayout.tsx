import type { ReactNode } from 'react';
import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { shouldAskConsent } from '../../common/cookie-consent';
import type { PageView } from '../../common/site';
import { CookieConsentDialog } from '../components/CookieConsentDialog';
import { CookieConsentProvider } from '../components/cookie-consent';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import type { loader as rootLoader } from '../root';

/** Pages where the cookie dialog must not cover the content (SPEC 4). */
const CONSENT_DIALOG_SKIPPED = [/^\/legal\/cookie-statement(\/|$)/, /^\/invitation(\/|$)/];

function useCurrentPage(): PageView | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.loaderData as { page?: PageView } | undefined;
    if (data?.page) return data.page;
  }
  return undefined;
}

/** Header, content and footer around every public screen; the page's options switch parts off. */
export function SiteShellLayout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { pathname } = useLocation();
  const page = useCurrentPage();
  if (!root) return children;
  const { shell } = root;
  const isSkipped = CONSENT_DIALOG_SKIPPED.some((pattern) => pattern.test(pathname));
  const askConsent = shouldAskConsent(root.consent, shell.optionalCookieCategories) && !isSkipped;
  const settings = page?.settings;
  return (
    <CookieConsentProvider initialConsent={root.consent} initiallyOpen={askConsent}>
      <div className="site">
        {settings?.showHeader === false ? null : (
          <SiteHeader shell={shell} showMainMenu={settings?.showMainMenu ?? true} />
        )}
        <div className="site-content">{children}</div>
        {settings?.showFooter === false ? null : (
          <SiteFooter shell={shell} blocks={page ? page.footerBlocks : shell.defaultFooterBlocks} />
        )}
      </div>
      <CookieConsentDialog categories={shell.optionalCookieCategories} />
    </CookieConsentProvider>
  );
}
