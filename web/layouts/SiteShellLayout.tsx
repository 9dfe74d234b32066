import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { PageView } from '../../common/site';
import { useClientValue } from '../components/hydration';
import { SignedOutNoticeBox } from '../components/SignedOutNotice';
import { SiteDialogs } from '../components/SiteDialogs';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { useTranslation } from '../i18n';
import { useRootData } from './root-data';

function useCurrentPage(): PageView | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.loaderData as { page?: PageView } | undefined;
    if (data?.page) return data.page;
  }
  return undefined;
}

/**
 * Whether the URL points at an anchor, in the same render as React Router's scroll to it, so the
 * room below the content (site.css) is there before that scroll; :target alone comes too late when
 * going back or forward. Before hydration only :target applies: the server never sees the hash.
 */
function useHasAnchor(): boolean {
  const { hash } = useLocation();
  return useClientValue(hash.length > 1, false);
}

/**
 * Skip link, header, content and footer around every public screen; the page's options switch the
 * header, main menu and footer off. Screens that are not content pages (404, errors) get the
 * default footer.
 */
export function SiteShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  const page = useCurrentPage();
  const hasAnchor = useHasAnchor();
  const content = (
    <main id="main" className="site-content" tabIndex={-1} data-anchor={hasAnchor || undefined}>
      <SignedOutNoticeBox />
      {children}
    </main>
  );
  if (!root) return <div className="site">{content}</div>;
  const { shell } = root;
  const settings = page?.settings;
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {settings?.showHeader === false ? null : (
        <SiteHeader
          shell={shell}
          showMainMenu={settings?.showMainMenu ?? true}
          headerBlocks={page?.headerBlocks ?? []}
        />
      )}
      {content}
      {settings?.showFooter === false ? null : (
        <SiteFooter shell={shell} blocks={page ? page.footerBlocks : shell.defaultFooterBlocks} />
      )}
      <SiteDialogs />
    </div>
  );
}
